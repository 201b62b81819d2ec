// A user's photo replaced: by the user in their profile, or by staff with an audit entry.
import type { Kysely } from 'kysely';
import type { User } from '../../lib/shared/users/types';
import type { AppDeps } from '../kernel/context';
import type { DB } from '../db/schema';
import { audited, type AuditEntry } from '../activity/audit';
import { removeAvatar, storeAvatar } from '../media/avatars';
import type { UserRow } from '../kernel/context';
import { presentUserById } from './read';

/** Stores the uploaded photo (media/storage.ts judges it), points the user at it and removes the old file. */
export async function replaceAvatar(deps: AppDeps, user: UserRow, file: unknown, entry?: AuditEntry): Promise<void> {
  const name = await storeAvatar(deps.media, file);
  const point = (db: Kysely<DB>) => db.updateTable('users').set({ avatar: name }).where('id', '=', user.id).execute();
  try {
    await (entry ? audited(deps.database.db, entry, deps.now(), point) : point(deps.database.db));
  } catch (err) {
    await removeAvatar(deps.media, name);
    throw err;
  }
  await removeAvatar(deps.media, user.avatar);
}

/** Staff changing another user's photo: the same, written to the audit log. */
export async function replaceAvatarOf(deps: AppDeps, actor: UserRow, target: UserRow, file: unknown): Promise<User> {
  await replaceAvatar(deps, target, file, { actor, target, action: 'update_avatar' });
  return presentUserById(deps, target.id);
}
