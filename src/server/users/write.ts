// Shared write helpers for profile and user routes: unique email/username checks and avatar swaps.
import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { AppDeps } from '../context';
import { ApiError, fieldError } from '../http/errors';
import { storeAvatar, removeUpload } from '../media/storage';
import type { UserRow } from './serialize';

export async function assertEmailFree(db: Kysely<DB>, email: string, exceptId?: number) {
  let q = db.selectFrom('users').select('id').where('email', '=', email);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw fieldError('email', 'A user with that email already exists.');
}

export async function assertUsernameFree(db: Kysely<DB>, username: string) {
  const taken = await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
  if (taken) throw fieldError('username', 'A user with that username already exists.');
}

/** Reads the multipart `avatar` field, stores the image, points the user at it and removes the old file. */
export async function replaceAvatar(c: Context, deps: AppDeps, user: UserRow): Promise<void> {
  let form: Record<string, unknown>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw new ApiError(400, 'The upload could not be read as multipart form data.');
  }
  const unknown = Object.keys(form).filter((k) => k !== 'avatar');
  if (unknown.length) {
    throw new ApiError(400, `Unknown field(s): ${unknown.join(', ')}`, {
      _: [`Unknown field(s): ${unknown.join(', ')}`],
    });
  }
  const name = await storeAvatar(deps.config.uploadsDir, form.avatar);
  try {
    await deps.database.db.updateTable('users').set({ avatar: name }).where('id', '=', user.id).execute();
  } catch (err) {
    await removeUpload(deps.config.uploadsDir, name);
    throw err;
  }
  await removeUpload(deps.config.uploadsDir, user.avatar);
  user.avatar = name;
}
