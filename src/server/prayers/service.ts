// Prayer requests (docs/PRODUCT.md (Data, States), docs/API.md (Prayers)): a visitor's new request (stored by
// insertPrayerRequest below, announced to the notification recipients), the public prayer wall and its "I prayed",
// and what staff do with a request. Every staff change is written with its audit entry in one transaction and then
// purges the cached pages tagged 'prayers', so the wall on /prayers shows it at once.
import type { Kysely, Transaction, Updateable } from 'kysely';
import {
  ASSIGNEE_INVALID,
  PRAYER_NOT_FOUND,
  type PrayerAnswer,
  type PrayerChange,
  type PrayerNote,
  type PrayerWallItem,
} from '../../lib/shared/prayers/api';
import { firstName } from '../../lib/shared/prayers/wall';
import type { PrayerRequestInput } from '../../lib/shared/schemas';
import type { PrayerCategory, PrayerStatus } from '../../lib/shared/visitors/rules';
import { canAccessWeb } from '../../lib/shared/permissions';
import { fullName } from '../../lib/shared/format';
import type { AppDeps } from '../kernel/context';
import type { DB, PrayerRequestsTable } from '../db/schema';
import { iso } from '../db/time';
import { writeTags } from '../db/tags';
import { recorded } from '../content/access';
import { ApiError, fieldError } from '../kernel/errors';
import { oneLine, queueStaffNotice, queueStaffSms, type StaffNotice } from '../notifications/service';
import { admitSubmission } from '../public/limit';
import { asTarget } from '../users/answers';
import type { UserRow } from '../kernel/context';
import { followUpDays } from '../settings/general';
import { toPrayerAnswer, type PrayerRow, type UpdateRow } from './answers';

// Storing a new prayer request, shared by the prayer form (POST /prayers/) and a contact message whose inquiry
// type is prayer (which becomes a private request). docs/PRODUCT.md (Data): a new request is active and not
// approved for the wall; its priority is urgent when the visitor said so, else medium.
export interface NewPrayerRequest {
  requester: string;
  email: string | null;
  phone: string | null;
  title: string;
  description: string;
  category: PrayerCategory;
  isPublic: boolean;
  urgent: boolean;
  source: 'prayer-form' | 'contact';
}

export async function insertPrayerRequest(db: Kysely<DB>, request: NewPrayerRequest, nowMs: number): Promise<number> {
  const stamp = iso(nowMs);
  const row = await db
    .insertInto('prayer_requests')
    .values({
      title: request.title,
      requester: request.requester,
      email: request.email,
      phone: request.phone,
      category: request.category,
      priority: request.urgent ? 'urgent' : 'medium',
      status: 'active',
      description: request.description,
      is_public: request.isPublic,
      approved: false,
      supporters: 0,
      tags: '[]',
      source: request.source,
      date_requested: stamp,
      last_updated: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The updates of these requests, oldest first, grouped by request. */
async function updatesOf(db: Kysely<DB>, ids: number[], publicOnly = false): Promise<Map<number, UpdateRow[]>> {
  const byPrayer = new Map<number, UpdateRow[]>();
  if (!ids.length) return byPrayer;
  let query = db.selectFrom('prayer_updates').selectAll().where('prayer_id', 'in', ids);
  if (publicOnly) query = query.where('is_public', '=', true);
  for (const row of await query.orderBy('created_at').orderBy('id').execute()) {
    const list = byPrayer.get(Number(row.prayer_id)) ?? [];
    list.push(row);
    byPrayer.set(Number(row.prayer_id), list);
  }
  return byPrayer;
}

// ---- Visitors ----

/**
 * A visitor's request: admitted by the per-address limit, stored, and emailed to the notification recipients
 * (urgent ones with URGENT in the subject, and by SMS to the staff who chose SMS, when SMS is configured); the
 * messages are queued in the outbox with the request. It waits for staff approval before it can reach the wall.
 */
export async function submitPrayer(deps: AppDeps, clientKey: string, input: PrayerRequestInput) {
  const now = deps.now();
  const id = await admitSubmission(deps, 'prayer', clientKey, async (trx) => {
    const id = await insertPrayerRequest(
      trx,
      {
        requester: input.name,
        email: input.email ?? null,
        phone: input.phone ?? null,
        title: input.title,
        description: input.description,
        category: input.category,
        isPublic: input.isPublic,
        urgent: input.urgent,
        source: 'prayer-form',
      },
      now,
    );
    await queueStaffNotice(trx, `prayer:${id}:staff`, staffNotice(input), now);
    if (input.urgent && deps.config.sms) {
      await queueStaffSms(trx, `prayer:${id}:sms`, 'prayer', urgentSms(input), now);
    }
    return id;
  });
  deps.outbox?.wake();
  return { id: Number(id), status: 'active' as const, approved: false };
}

/** Short enough for one or two SMS: who, and the title; the rest is in the portal. */
const urgentSms = (input: PrayerRequestInput) =>
  oneLine(`URGENT prayer request from ${input.name}: ${input.title}. Open Prayers in the staff portal.`);

function staffNotice(input: PrayerRequestInput): StaffNotice {
  return {
    kind: 'prayer',
    subject: `${input.urgent ? 'URGENT prayer request' : 'New prayer request'}: ${input.title}`,
    text: [
      `${input.name} sent a prayer request${input.urgent ? ' marked urgent' : ''}.`,
      '',
      `Title: ${input.title}`,
      `Category: ${input.category}`,
      `Email: ${input.email ?? 'not given'}`,
      `Phone: ${input.phone ?? 'not given'}`,
      `Prayer wall: ${input.isPublic ? 'the visitor agrees to share it once approved' : 'keep private'}`,
      '',
      input.description,
      '',
      'Open the Prayers screen of the staff portal to approve, assign or answer it.',
    ].join('\n'),
    ...(input.email && { replyTo: input.email }),
  };
}

/** On the wall: approved by staff, shared by the visitor, not closed. */
const onTheWall = (db: Kysely<DB>) =>
  db
    .selectFrom('prayer_requests')
    .selectAll()
    .where('approved', '=', true)
    .where('is_public', '=', true)
    .where('status', '!=', 'closed');

/** The prayer wall, newest first: first names only, public updates only, never contact details. */
export async function readPrayerWall(deps: AppDeps): Promise<PrayerWallItem[]> {
  const db = deps.database.db;
  const rows = await onTheWall(db).orderBy('date_requested', 'desc').orderBy('id', 'desc').execute();
  const updates = await updatesOf(
    db,
    rows.map((r) => Number(r.id)),
    true,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    title: row.title,
    description: row.description,
    category: row.category as PrayerCategory,
    status: row.status as PrayerStatus,
    dateRequested: row.date_requested,
    supporters: Number(row.supporters),
    requester: firstName(row.requester),
    updates: (updates.get(Number(row.id)) ?? []).map(({ id, text, author_name, created_at }) => ({
      id: Number(id),
      text,
      author: author_name,
      createdAt: created_at,
    })),
  }));
}

/**
 * "I prayed" on a wall card: counts once per client, request and UTC day (prayer_marks' key is the rule);
 * a repeat answers the count unchanged. 404 for a request that is not on the wall.
 */
export async function markPrayed(deps: AppDeps, clientKey: string, id: number): Promise<{ supporters: number }> {
  const db = deps.database.db;
  if (!(await onTheWall(db).where('id', '=', id).executeTakeFirst())) throw new ApiError(404, PRAYER_NOT_FOUND);
  const day = iso(deps.now()).slice(0, 10);
  const counted = await db.transaction().execute(async (trx) => {
    const mark = await trx
      .insertInto('prayer_marks')
      .values({ prayer_id: id, client_key: clientKey, day })
      .onConflict((oc) => oc.columns(['prayer_id', 'client_key', 'day']).doNothing())
      .returning('prayer_id')
      .executeTakeFirst();
    if (mark) {
      await trx
        .updateTable('prayer_requests')
        .set((eb) => ({ supporters: eb('supporters', '+', 1) }))
        .where('id', '=', id)
        .execute();
    }
    return Boolean(mark);
  });
  if (counted) deps.content?.changed(['prayers']);
  const row = await db.selectFrom('prayer_requests').select('supporters').where('id', '=', id).executeTakeFirst();
  if (!row) throw new ApiError(404, PRAYER_NOT_FOUND);
  return { supporters: Number(row.supporters) };
}

// ---- Staff ----

/** Every request, newest first, with every update and the contact details. */
export async function listPrayers(deps: AppDeps): Promise<PrayerAnswer[]> {
  const db = deps.database.db;
  const rows = await db
    .selectFrom('prayer_requests')
    .selectAll()
    .orderBy('date_requested', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const updates = await updatesOf(
    db,
    rows.map((r) => Number(r.id)),
  );
  const now = deps.now();
  const days = await followUpDays(db);
  return rows.map((row) => toPrayerAnswer(row, updates.get(Number(row.id)) ?? [], now, days));
}

async function loadRow(db: Kysely<DB>, id: number): Promise<PrayerRow> {
  const row = await db.selectFrom('prayer_requests').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new ApiError(404, PRAYER_NOT_FOUND);
  return row;
}

export async function getPrayer(deps: AppDeps, id: number): Promise<PrayerAnswer> {
  const db = deps.database.db;
  const row = await loadRow(db, id);
  return toPrayerAnswer(row, (await updatesOf(db, [id])).get(id) ?? [], deps.now(), await followUpDays(db));
}

/** Touches the request (its lastUpdated) with these columns; 404 when someone deleted it meanwhile. */
async function touch(trx: Transaction<DB>, id: number, stamp: string, columns: Updateable<PrayerRequestsTable> = {}) {
  const result = await trx
    .updateTable('prayer_requests')
    .set({ ...columns, last_updated: stamp })
    .where('id', '=', id)
    .executeTakeFirst();
  if (!Number(result.numUpdatedRows)) throw new ApiError(404, PRAYER_NOT_FOUND);
}

/** The staff member a request may be assigned to: someone who may use the portal (canAccessWeb). */
async function assignee(db: Kysely<DB>, userId: number) {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user || !canAccessWeb(asTarget(user))) {
    throw fieldError('assignedTo', ASSIGNEE_INVALID);
  }
  return { assigned_to_id: Number(user.id), assigned_to: fullName(user) };
}

/** Manage Prayer and Approve for the wall: only the fields sent change. */
export async function updatePrayer(deps: AppDeps, actor: UserRow, id: number, input: PrayerChange) {
  const db = deps.database.db;
  const before = await loadRow(db, id);
  const columns: Updateable<PrayerRequestsTable> = Object.fromEntries(
    Object.entries({
      status: input.status,
      priority: input.priority,
      approved: input.approved,
      is_public: input.isPublic,
      tags: input.tags && writeTags(input.tags),
    }).filter(([, v]) => v !== undefined),
  );
  if (input.assignedTo === null) Object.assign(columns, { assigned_to_id: null, assigned_to: null });
  else if (input.assignedTo !== undefined) Object.assign(columns, await assignee(db, input.assignedTo));
  if (!Object.keys(columns).length) return getPrayer(deps, id);
  const approvalChanged = input.approved !== undefined && input.approved !== Boolean(before.approved);
  const action = !approvalChanged ? 'update_prayer' : input.approved ? 'approve_prayer' : 'withdraw_prayer';
  await recorded(deps, 'prayers', actor, { action, title: before.title, id }, (trx, stamp) =>
    touch(trx, id, stamp, columns),
  );
  return getPrayer(deps, id);
}

/** Add Update: a staff note shown with the request (on the wall too when public, the default). */
export async function addUpdate(deps: AppDeps, actor: UserRow, id: number, note: PrayerNote) {
  const before = await loadRow(deps.database.db, id);
  await recorded(
    deps,
    'prayers',
    actor,
    { action: 'add_prayer_update', title: before.title, id },
    async (trx, stamp) => {
      await touch(trx, id, stamp);
      await trx
        .insertInto('prayer_updates')
        .values({
          prayer_id: id,
          text: note.text,
          author_name: fullName(actor),
          is_public: note.isPublic ?? true,
          created_at: stamp,
        })
        .execute();
    },
  );
  return getPrayer(deps, id);
}

/** Support Prayer: one more supporter. */
export async function supportPrayer(deps: AppDeps, actor: UserRow, id: number) {
  const before = await loadRow(deps.database.db, id);
  await recorded(deps, 'prayers', actor, { action: 'support_prayer', title: before.title, id }, async (trx, stamp) => {
    await touch(trx, id, stamp);
    // In the database, so two staff supporting at once count two.
    await trx
      .updateTable('prayer_requests')
      .set((eb) => ({ supporters: eb('supporters', '+', 1) }))
      .where('id', '=', id)
      .execute();
  });
  return getPrayer(deps, id);
}

export async function deletePrayer(deps: AppDeps, actor: UserRow, id: number): Promise<void> {
  const before = await loadRow(deps.database.db, id);
  // Its updates and "I prayed" marks go with it (ON DELETE CASCADE).
  await recorded(deps, 'prayers', actor, { action: 'delete_prayer', title: before.title, id }, async (trx) => {
    const result = await trx.deleteFrom('prayer_requests').where('id', '=', id).executeTakeFirst();
    if (!Number(result.numDeletedRows)) throw new ApiError(404, PRAYER_NOT_FOUND);
  });
}
