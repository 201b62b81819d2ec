// A MEMBER account made from a join request when staff accept it with "create an account" (./join-requests.ts).
import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { AppDeps, UserRow } from '../kernel/context';
import type { DB } from '../db/schema';
import { iso } from '../db/time';
import { fieldError } from '../kernel/errors';
import { withAudit } from '../activity/audit';
import { USER_ACTIONS } from '../../lib/shared/permissions';
import { hashPassword } from '../credentials/passwords';
import { newUserRow } from '../users/new-user';
import { MINISTRY_TEXT } from '../../lib/shared/ministries/api';

type Db = Kysely<DB>;

/** A free username from an email's local part: "esi.asante", else "esi.asante2", ... */
async function freeUsername(trx: Db, email: string): Promise<string> {
  const base = (
    email
      .split('@')[0]
      .toLowerCase()
      .replace(/[^a-z0-9._-]/g, '') || 'member'
  )
    .padEnd(3, '0')
    .slice(0, 30);
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}${n}`;
    if (!(await trx.selectFrom('users').select('id').where('username', '=', candidate).executeTakeFirst()))
      return candidate;
  }
}

/**
 * A MEMBER account made from a join request (ADMIN and above, who may create accounts): its name, phone and email.
 * It has no password anyone knows: a member signs in to /my with a code sent to that email.
 */
export async function memberFromRequest(
  deps: AppDeps,
  trx: Transaction<DB>,
  actor: UserRow,
  request: { name: string; phone: string | null },
  email: string,
  now: number,
): Promise<number> {
  const taken = await trx
    .selectFrom('users')
    .select('id')
    .where(sql`lower(email)`, '=', email)
    .executeTakeFirst();
  if (taken) throw fieldError('email', MINISTRY_TEXT.emailTaken);
  const [first, ...rest] = request.name.trim().split(/\s+/);
  const row = await trx
    .insertInto('users')
    .values(
      newUserRow({
        username: await freeUsername(trx, email),
        email,
        password_hash: await hashPassword(randomBytes(24).toString('base64url'), deps.config.argon2),
        first_name: first.slice(0, 150),
        last_name: rest.join(' ').slice(0, 150),
        role: 'MEMBER',
        phone_number: request.phone,
        date_joined: iso(now),
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  await withAudit(trx, { actor, target: row, action: USER_ACTIONS.create.audit, details: 'MEMBER' }, now);
  return Number(row.id);
}
