// Sign-in, token refresh, sign-out and password reset.
import type { Hono } from 'hono';
import { canAccessWeb } from '../../lib/shared/permissions';
import {
  loginSchema,
  logoutSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  refreshSchema,
} from '../../lib/shared/schemas';
import type { AppDeps, AppEnv } from '../context';
import { ApiError, DETAIL } from '../http/errors';
import { parseBody } from '../http/body';
import { iso } from '../db/time';
import { dummyHash, hashPassword, verifyPassword } from './passwords';
import { lockedUntil, pruneAttempts, recordAttempt } from './lockout';
import { continueSession, revokeAllForUser, revokeByToken, startSession, useRefreshToken } from './sessions';
import { randomToken, sha256 } from './tokens';
import { findUserById, findUserByUsername, serializeOne } from '../users/service';
import { asTarget } from '../users/serialize';
import { audit } from '../activity/service';

export function authRoutes(app: Hono<AppEnv>, deps: AppDeps) {
  const { config } = deps;
  const db = () => deps.database.db;

  app.post('/auth/login/', async (c) => {
    const { username, password } = await parseBody(c, loginSchema);
    const now = deps.now();
    if (await lockedUntil(db(), username, now, config.lockout)) throw new ApiError(423, DETAIL.locked);
    const user = await findUserByUsername(db(), username);
    // Unknown users are checked against a dummy hash: same work, same answer.
    const valid = await verifyPassword(password, user?.password_hash ?? (await dummyHash(config.scrypt)));
    if (!user || !valid) {
      await recordAttempt(db(), username, false, now);
      throw new ApiError(401, DETAIL.invalidCredentials);
    }
    await recordAttempt(db(), username, true, now);
    // The password was right, so telling this person they lack access leaks nothing.
    if (!canAccessWeb(asTarget(user))) throw new ApiError(403, DETAIL.noWebAccess);
    const stamp = iso(now);
    await db()
      .updateTable('users')
      .set({ last_login: stamp, last_seen: stamp, logged_out_at: null })
      .where('id', '=', user.id)
      .execute();
    Object.assign(user, { last_login: stamp, last_seen: stamp, logged_out_at: null });
    const tokens = await startSession(db(), config, { id: user.id, token_version: Number(user.token_version) }, now);
    if (Math.random() < 0.05) await pruneAttempts(db(), now);
    return c.json({ ...tokens, user: await serializeOne(db(), user, now, config.onlineWindowMs) });
  });

  app.post('/auth/refresh/', async (c) => {
    const { refresh } = await parseBody(c, refreshSchema);
    const now = deps.now();
    const used = await useRefreshToken(db(), config, refresh, now);
    if (!used.ok) throw new ApiError(401, DETAIL.invalidToken);
    const user = await findUserById(db(), used.userId);
    if (!user) throw new ApiError(401, DETAIL.invalidToken);
    if (!canAccessWeb(asTarget(user))) throw new ApiError(403, DETAIL.noWebAccess);
    // Rotation: the answer carries the next refresh token; the one just used is dead.
    const tokens = await continueSession(
      db(),
      config,
      { id: user.id, token_version: Number(user.token_version) },
      used.familyId,
      now,
    );
    return c.json(tokens);
  });

  app.post('/auth/logout/', async (c) => {
    const { refresh_token } = await parseBody(c, logoutSchema);
    const now = deps.now();
    const ownerId = refresh_token ? await revokeByToken(db(), refresh_token, now) : null;
    if (ownerId !== null) {
      await db()
        .updateTable('users')
        .set({ logged_out_at: iso(now) })
        .where('id', '=', ownerId)
        .execute();
    }
    return c.json({ detail: 'Successfully logged out.' });
  });

  app.post('/auth/password-reset/', async (c) => {
    const { email } = await parseBody(c, passwordResetRequestSchema);
    const now = deps.now();
    const user = await db().selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
    if (user && user.is_active && !user.is_suspended) {
      const token = randomToken();
      await db()
        .insertInto('password_reset_tokens')
        .values({
          user_id: user.id,
          token_hash: sha256(token),
          created_at: iso(now),
          expires_at: iso(now + config.resetTtlMs),
          used_at: null,
        })
        .execute();
      const link = `${config.siteUrl}/reset-password?token=${token}`;
      // Not awaited: a slow mail server must not make "known email" answers measurably slower.
      deps.mailer
        .send({
          to: user.email,
          subject: 'Reset your password',
          text: `Someone asked to reset the password of ${user.username}. Open this link within an hour to choose a new one:\n${link}\nIf it was not you, ignore this message.`,
        })
        .catch((err) => console.error(JSON.stringify({ level: 'error', msg: 'mail failed', error: String(err) })));
    }
    return c.json({ detail: DETAIL.resetSent });
  });

  app.post('/auth/password-reset/confirm/', async (c) => {
    const { token, password } = await parseBody(c, passwordResetConfirmSchema);
    const now = deps.now();
    const row = await db()
      .selectFrom('password_reset_tokens')
      .selectAll()
      .where('token_hash', '=', sha256(token))
      .executeTakeFirst();
    if (!row || row.used_at || Date.parse(row.expires_at) <= now) throw new ApiError(400, DETAIL.resetInvalid);
    const hash = await hashPassword(password, config.scrypt);
    const done = await db()
      .transaction()
      .execute(async (trx) => {
        const claimed = await trx
          .updateTable('password_reset_tokens')
          .set({ used_at: iso(now) })
          .where('id', '=', row.id)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) return false;
        const user = await trx.selectFrom('users').selectAll().where('id', '=', row.user_id).executeTakeFirst();
        if (!user) return false;
        await trx
          .updateTable('users')
          .set({ password_hash: hash, token_version: Number(user.token_version) + 1 })
          .where('id', '=', user.id)
          .execute();
        // Every other unused reset link of this account dies too.
        await trx
          .updateTable('password_reset_tokens')
          .set({ used_at: iso(now) })
          .where('user_id', '=', user.id)
          .where('used_at', 'is', null)
          .execute();
        await audit(trx, { actor: user, target: user, action: 'password_reset' }, now);
        return true;
      });
    if (!done) throw new ApiError(400, DETAIL.resetInvalid);
    await revokeAllForUser(db(), Number(row.user_id), now);
    return c.json({ detail: 'Your password has been reset. You can now sign in.' });
  });
}
