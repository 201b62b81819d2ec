// Changing the own profile: the same email rule as staff edits, without their audit entry. A person who asks for
// SMS with a phone that no SMS can reach is told so, rather than silently never texted.
import type { ProfileUpdate } from '../../lib/shared/schemas';
import { smsNumber } from '../../lib/shared/sms/numbers';
import { fieldError } from '../kernel/errors';
import type { User } from '../../lib/shared/users/types';
import type { AppDeps } from '../kernel/context';
import type { UserRow } from '../kernel/context';
import { afterEmailChange, withEmailChecked } from '../users/email-change';
import { presentUserById } from '../users/read';

export async function updateProfile(deps: AppDeps, user: UserRow, input: ProfileUpdate): Promise<User> {
  const phone = input.phone_number !== undefined ? input.phone_number : user.phone_number;
  const sms = input.sms_notifications ?? Boolean(user.sms_notifications);
  if (sms && phone) {
    const number = smsNumber(phone);
    if (!number.ok) throw fieldError('phone_number', number.message);
  }
  const changes = await withEmailChecked(deps, user.id, input);
  if (Object.keys(changes).length) {
    const now = deps.now();
    await deps.database.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set(changes).where('id', '=', user.id).execute();
      if (changes.email !== undefined) await afterEmailChange(trx, user, changes.email, now);
    });
    if (changes.email !== undefined) deps.outbox?.wake();
  }
  return presentUserById(deps, user.id);
}
