// User management. Every call asks permissions.ts (the same rules the users screen shows); a refused
// call answers 403 and changes nothing; every change is written to the audit log in the same
// transaction as the change itself.
import type { Context, Hono } from 'hono';
import type { Transaction } from 'kysely';
import {
  STAFF_ROLES,
  assignableRoles,
  availableActions,
  creatableRoles,
  permittedActions,
  roleRank,
  type AuditAction,
  type UserAction,
} from '../../lib/shared/permissions';
import {
  DEFAULT_SUSPEND_REASON,
  promoteRoleSchema,
  suspendSchema,
  userCreateSchema,
  userUpdateSchema,
} from '../../lib/shared/schemas';
import type { AppDeps, AppEnv } from '../context';
import type { DB } from '../db/schema';
import { ApiError, DETAIL, fieldError } from '../http/errors';
import { isMultipart, parseBody } from '../http/body';
import { iso, startOfMonthIso } from '../db/time';
import { hashPassword } from '../auth/passwords';
import { revokeAllForUser } from '../auth/sessions';
import { requireAuth } from '../auth/middleware';
import { audit, recentActivity } from '../activity/service';
import { findUserById, serializeOne, serializeRows } from './service';
import { asTarget, type UserRow } from './serialize';
import { assertEmailFree, assertUsernameFree, replaceAvatar } from './write';
import { removeUpload } from '../media/storage';
import { DEFAULT_NOTIFICATIONS } from '../../lib/shared/constants';

function parseId(raw: string): number {
  if (!/^[1-9]\d{0,15}$/.test(raw)) throw new ApiError(404, DETAIL.userNotFound);
  const id = Number(raw);
  if (!Number.isSafeInteger(id)) throw new ApiError(404, DETAIL.userNotFound);
  return id;
}

export function userRoutes(app: Hono<AppEnv>, deps: AppDeps) {
  const db = () => deps.database.db;
  const auth = requireAuth(deps);
  const now = () => deps.now();
  const serialize = (row: UserRow) => serializeOne(db(), row, now(), deps.config.onlineWindowMs);

  async function loadTarget(c: Context<AppEnv>): Promise<UserRow> {
    const target = await findUserById(db(), parseId(c.req.param('id') ?? ''));
    if (!target) throw new ApiError(404, DETAIL.userNotFound);
    return target;
  }

  /** Loads the target, checks the action is offered for it, applies the change with its audit entry. */
  async function act(
    c: Context<AppEnv>,
    action: UserAction,
    change: (trx: Transaction<DB>, target: UserRow) => Promise<void>,
    log: { action: AuditAction; reason?: string | null; details?: string | null },
  ) {
    const actor = c.get('user');
    const target = await loadTarget(c);
    if (!availableActions(actor, asTarget(target)).has(action)) throw new ApiError(403, DETAIL.forbidden);
    const stamp = now();
    await db()
      .transaction()
      .execute(async (trx) => {
        await change(trx, target);
        await audit(trx, { actor, target, ...log }, stamp);
      });
    const fresh = await findUserById(db(), target.id);
    if (!fresh) throw new ApiError(404, DETAIL.userNotFound);
    return c.json(await serialize(fresh));
  }

  app.get('/auth/users/', auth, async (c) => {
    const rows = await db().selectFrom('users').selectAll().orderBy('id').execute();
    return c.json(await serializeRows(db(), rows, now(), deps.config.onlineWindowMs, true));
  });

  app.get('/auth/users/stats/', auth, async (c) => {
    const monthStart = startOfMonthIso(now());
    const row = await db()
      .selectFrom('users')
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn
          .countAll<number>()
          .filterWhere((w) => w.and([w('is_active', '=', true), w('is_suspended', '=', false)]))
          .as('active'),
        eb.fn.countAll<number>().filterWhere('is_suspended', '=', true).as('suspended'),
        eb.fn.countAll<number>().filterWhere('date_joined', '>=', monthStart).as('month'),
      ])
      .executeTakeFirstOrThrow();
    const total = Number(row.total);
    const month = Number(row.month);
    const before = total - month;
    // Growth this month: new accounts relative to the accounts that existed when the month began.
    const growth = before > 0 ? Math.round((month / before) * 1000) / 10 : month > 0 ? 100 : 0;
    return c.json({
      total_users: total,
      active_users: Number(row.active),
      current_month_users: month,
      suspended_users: Number(row.suspended),
      growth_percentage: growth,
    });
  });

  app.post('/auth/users/', auth, async (c) => {
    const actor = c.get('user');
    const allowed = creatableRoles(actor);
    if (!allowed.length) throw new ApiError(403, DETAIL.forbidden);
    const input = await parseBody(c, userCreateSchema);
    if (!allowed.includes(input.role)) throw new ApiError(403, DETAIL.forbidden);
    const email = input.email.toLowerCase();
    await assertUsernameFree(db(), input.username);
    await assertEmailFree(db(), email);
    const password_hash = await hashPassword(input.password, deps.config.scrypt);
    const stamp = now();
    const created = await db()
      .transaction()
      .execute(async (trx) => {
        const row = await trx
          .insertInto('users')
          .values({
            username: input.username,
            email,
            password_hash,
            first_name: input.first_name,
            last_name: input.last_name,
            phone_number: input.phone_number ?? null,
            address: input.address ?? null,
            date_of_birth: input.date_of_birth ?? null,
            member_since: input.member_since ?? null,
            baptism_date: input.baptism_date ?? null,
            avatar: null,
            role: input.role,
            is_active: input.is_active ?? true,
            is_suspended: input.is_suspended ?? false,
            suspension_reason: input.is_suspended ? input.suspension_reason || DEFAULT_SUSPEND_REASON : null,
            can_access_web: input.can_access_web ?? STAFF_ROLES.includes(input.role),
            date_joined: iso(stamp),
            last_login: null,
            last_seen: null,
            logged_out_at: null,
            token_version: 0,
            email_notifications: input.email_notifications ?? DEFAULT_NOTIFICATIONS.email_notifications,
            sms_notifications: input.sms_notifications ?? DEFAULT_NOTIFICATIONS.sms_notifications,
            push_notifications: input.push_notifications ?? DEFAULT_NOTIFICATIONS.push_notifications,
            event_reminders: input.event_reminders ?? DEFAULT_NOTIFICATIONS.event_reminders,
            prayer_request_notifications:
              input.prayer_request_notifications ?? DEFAULT_NOTIFICATIONS.prayer_request_notifications,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await audit(trx, { actor, target: row, action: 'create_user', details: input.role }, stamp);
        return row;
      })
      .catch((err) => {
        // Two concurrent creations of one name: the unique index decides; answer like the check above.
        if (/unique|duplicate/i.test(String(err?.message)))
          throw fieldError('username', 'A user with that username or email already exists.');
        throw err;
      });
    return c.json(await serialize(created), 201);
  });

  app.get('/auth/users/:id/', auth, async (c) => {
    const target = await loadTarget(c);
    if (!permittedActions(c.get('user'), asTarget(target)).has('view')) throw new ApiError(403, DETAIL.forbidden);
    return c.json(await serialize(target));
  });

  app.patch('/auth/users/:id/', auth, async (c) => {
    const actor = c.get('user');
    const target = await loadTarget(c);
    if (!permittedActions(actor, asTarget(target)).has('edit')) throw new ApiError(403, DETAIL.forbidden);
    const changes = await parseBody(c, userUpdateSchema);
    if (changes.email !== undefined) {
      changes.email = changes.email.toLowerCase();
      await assertEmailFree(db(), changes.email, target.id);
    }
    const stamp = now();
    if (Object.keys(changes).length) {
      await db()
        .transaction()
        .execute(async (trx) => {
          await trx.updateTable('users').set(changes).where('id', '=', target.id).execute();
          await audit(trx, { actor, target, action: 'update_user', details: Object.keys(changes).join(',') }, stamp);
        });
    }
    return c.json(await serialize((await findUserById(db(), target.id))!));
  });

  // Avatar upload for another user (multipart), allowed to whoever may edit that user.
  app.post('/auth/users/:id/', auth, async (c) => {
    const actor = c.get('user');
    const target = await loadTarget(c);
    if (!permittedActions(actor, asTarget(target)).has('edit')) throw new ApiError(403, DETAIL.forbidden);
    if (!isMultipart(c))
      throw new ApiError(400, 'Send the avatar as multipart/form-data in a field named avatar.', {
        avatar: ['Please choose an image file.'],
      });
    await replaceAvatar(c, deps, target);
    await audit(db(), { actor, target, action: 'update_avatar' }, now());
    return c.json(await serialize((await findUserById(db(), target.id))!));
  });

  app.delete('/auth/users/:id/', auth, async (c) => {
    const actor = c.get('user');
    const target = await loadTarget(c);
    if (!permittedActions(actor, asTarget(target)).has('delete')) throw new ApiError(403, DETAIL.forbidden);
    const stamp = now();
    await db()
      .transaction()
      .execute(async (trx) => {
        await audit(trx, { actor, target, action: 'delete_user' }, stamp);
        await trx.deleteFrom('users').where('id', '=', target.id).execute();
      });
    await removeUpload(deps.config.uploadsDir, target.avatar);
    return c.body(null, 204);
  });

  app.post('/auth/users/:id/promote_role/', auth, async (c) => {
    const actor = c.get('user');
    const target = await loadTarget(c);
    const permitted = permittedActions(actor, asTarget(target));
    if (!permitted.has('promote') && !permitted.has('demote')) throw new ApiError(403, DETAIL.forbidden);
    const { role } = await parseBody(c, promoteRoleSchema);
    // The screen never offers the current role, so this is refused like any other call it would not make.
    if (role === target.role) throw new ApiError(403, 'The user already has this role.');
    if (!assignableRoles(actor, asTarget(target)).includes(role)) throw new ApiError(403, DETAIL.forbidden);
    const action: UserAction = roleRank(role) > roleRank(target.role) ? 'promote' : 'demote';
    return act(
      c,
      action,
      async (trx) => {
        // The web-access flag stays as it is; canAccessWeb() already refuses MEMBERs the portal.
        await trx
          .updateTable('users')
          .set({ role })
          .where('id', '=', target.id)
          .where('role', '=', target.role)
          .execute();
      },
      { action: 'promote_role', details: role },
    );
  });

  app.post('/auth/users/:id/grant_web_access/', auth, async (c) => {
    await parseBody(c, suspendSchema.pick({}));
    return act(
      c,
      'grant_web_access',
      async (trx, t) =>
        void (await trx.updateTable('users').set({ can_access_web: true }).where('id', '=', t.id).execute()),
      {
        action: 'grant_web_access',
      },
    );
  });

  app.post('/auth/users/:id/revoke_web_access/', auth, async (c) => {
    await parseBody(c, suspendSchema.pick({}));
    return act(
      c,
      'revoke_web_access',
      async (trx, t) => {
        await trx.updateTable('users').set({ can_access_web: false }).where('id', '=', t.id).execute();
        await revokeAllForUser(trx, t.id, now());
      },
      { action: 'revoke_web_access' },
    );
  });

  app.post('/auth/users/:id/suspend_user/', auth, async (c) => {
    const { reason } = await parseBody(c, suspendSchema);
    const why = reason?.trim() || DEFAULT_SUSPEND_REASON;
    return act(
      c,
      'suspend',
      async (trx, t) => {
        await trx
          .updateTable('users')
          .set({ is_suspended: true, suspension_reason: why })
          .where('id', '=', t.id)
          .execute();
        await revokeAllForUser(trx, t.id, now());
      },
      { action: 'suspend_user', reason: why },
    );
  });

  app.post('/auth/users/:id/reactivate_user/', auth, async (c) => {
    await parseBody(c, suspendSchema.pick({}));
    return act(
      c,
      'reactivate',
      async (trx, t) =>
        void (await trx
          .updateTable('users')
          .set({ is_suspended: false, suspension_reason: null })
          .where('id', '=', t.id)
          .execute()),
      { action: 'reactivate_user' },
    );
  });

  app.get('/auth/activity/', auth, async (c) => {
    const raw = c.req.query('limit');
    const n = raw === undefined ? 10 : Number(raw);
    if (!Number.isInteger(n) || n < 1) throw fieldError('limit', 'limit must be a whole number from 1 to 50.');
    return c.json(await recentActivity(db(), Math.min(n, 50)));
  });
}
