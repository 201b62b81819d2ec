// The demo accounts of README.md, one of each kind the product tells apart, (re)set to their documented state on
// every seed.
import type { Kysely } from 'kysely';
import type { Role } from '../../lib/shared/permissions';
import { newUserRow } from '../users/new-user';
import { iso } from '../db/time';
import type { DB } from '../db/schema';

export const DEMO_PASSWORD = 'Demo1234!';

/** A demo account's email address (the one `/my` sends its sign-in code to). */
export const demoEmail = (username: string) => `${username}@gracechapel.example.org`;

interface Demo {
  username: string;
  role: Role;
  can_access_web: boolean;
  is_suspended: boolean;
  first_name: string;
  last_name: string;
  /** SMS notifications on (with consent dated at seeding), so a broadcast by SMS has someone to reach. */
  sms?: boolean;
}

export const DEMO_ACCOUNTS: Demo[] = [
  {
    username: 'superadmin',
    role: 'SUPERADMIN',
    can_access_web: true,
    is_suspended: false,
    first_name: 'Kwame',
    last_name: 'Mensah',
  },
  {
    username: 'admin',
    role: 'ADMIN',
    can_access_web: true,
    is_suspended: false,
    first_name: 'Ama',
    last_name: 'Owusu',
  },
  {
    username: 'pastor',
    role: 'PASTOR',
    can_access_web: true,
    is_suspended: false,
    first_name: 'Samuel',
    last_name: 'Boateng',
  },
  {
    username: 'member',
    role: 'MEMBER',
    can_access_web: false,
    is_suspended: false,
    first_name: 'Akosua',
    last_name: 'Addo',
    sms: true,
  },
  {
    username: 'staffnoweb',
    role: 'ADMIN',
    can_access_web: false,
    is_suspended: false,
    first_name: 'Kofi',
    last_name: 'Darko',
  },
  {
    username: 'suspended',
    role: 'MEMBER',
    can_access_web: false,
    is_suspended: true,
    first_name: 'Yaw',
    last_name: 'Appiah',
  },
];

/** Creates the demo accounts, or sets them back to their documented state; `hash` is DEMO_PASSWORD's. */
export async function seedDemoAccounts(db: Kysely<DB>, hash: string, now: number): Promise<void> {
  for (const [i, d] of DEMO_ACCOUNTS.entries()) {
    const fields = {
      email: demoEmail(d.username),
      password_hash: hash,
      first_name: d.first_name,
      last_name: d.last_name,
      role: d.role,
      is_active: true,
      is_suspended: d.is_suspended,
      suspension_reason: d.is_suspended ? 'Demo suspended account' : null,
      can_access_web: d.can_access_web,
    };
    const phone_number = `+23324${String(i).padStart(7, '0')}`;
    const existing = await db
      .selectFrom('users')
      .select(['id', 'sms_notifications'])
      .where('username', '=', d.username)
      .executeTakeFirst();
    if (existing) {
      // SMS back to the documented state; the consent is dated again only when it is turned back on.
      const sms = d.sms
        ? { phone_number, sms_notifications: true, ...(existing.sms_notifications ? {} : { sms_consent_at: iso(now) }) }
        : { sms_notifications: false };
      await db
        .updateTable('users')
        .set({ ...fields, ...sms })
        .where('id', '=', existing.id)
        .execute();
      continue;
    }
    await db
      .insertInto('users')
      .values(
        newUserRow({
          username: d.username,
          ...fields,
          phone_number,
          sms_notifications: Boolean(d.sms),
          sms_consent_at: d.sms ? iso(now) : null,
          address: 'Accra, Ghana',
          date_of_birth: `19${70 + i * 3}-0${(i % 9) + 1}-15`,
          member_since: `20${17 + (i % 6)}-03-01`,
          date_joined: iso(now),
        }),
      )
      .execute();
  }
}
