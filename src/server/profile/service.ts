// Changing the own profile: the same email rule as staff edits, without their audit entry.
import type { ProfileUpdate } from '../../lib/shared/schemas';
import type { User } from '../../lib/shared/users/types';
import type { AppDeps } from '../kernel/context';
import type { UserRow } from '../kernel/context';
import { presentUserById, withEmailChecked } from '../users/service';

export async function updateProfile(deps: AppDeps, user: UserRow, input: ProfileUpdate): Promise<User> {
  const changes = await withEmailChecked(deps, user.id, input);
  if (Object.keys(changes).length) {
    await deps.database.db.updateTable('users').set(changes).where('id', '=', user.id).execute();
  }
  return presentUserById(deps, user.id);
}
