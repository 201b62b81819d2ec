/* eslint-disable @typescript-eslint/no-explicit-any -- the migrations' Kysely is untyped */
// Migration 0016: phones kept before the one phone rule, as people typed them, become whole (E.164) as every form
// now stores them, so matching by phone (a member's code by SMS, a join request's account) finds them; a value that
// is no phone is left as it was. Both databases.
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/server/db/migrations';
import { backends, databaseAt } from './helpers';

describe.each(backends())('migration 0016 on %s', (backend) => {
  it('rewrites the phones people typed as E.164 and leaves what is no phone', async () => {
    const database = await databaseAt(backend, '0015_meeting_times');
    try {
      const db = database.db as any;
      const typed = [
        '024 555 0101',
        '0245550102',
        '+233 24 555 0103',
        '00233245550104',
        '+447700900123',
        'ask Kofi',
        null,
      ];
      await db
        .insertInto('users')
        .values(
          typed.map((phone_number, i) => ({
            username: `u${i}`,
            email: `u${i}@example.org`,
            password_hash: 'x',
            first_name: 'A',
            last_name: `B${i}`,
            role: 'MEMBER',
            date_joined: '2025-01-01T00:00:00.000Z',
            phone_number,
          })),
        )
        .execute();
      await db
        .insertInto('contact_messages')
        .values({
          name: 'Esi',
          email: 'esi@example.org',
          phone: '(024) 555-0105',
          preferred_contact: 'phone',
          subject: 'Hello there',
          inquiry_type: 'general',
          message: 'x'.repeat(30),
          created_at: '2025-01-01T00:00:00.000Z',
        })
        .execute();
      await migrateToLatest(database.db, database.dialect);
      const users = await db.selectFrom('users').select(['username', 'phone_number']).orderBy('username').execute();
      expect(users.map((u: any) => u.phone_number)).toEqual([
        '+233245550101',
        '+233245550102',
        '+233245550103',
        '+233245550104',
        '+447700900123',
        'ask Kofi',
        null,
      ]);
      const message = await db.selectFrom('contact_messages').select('phone').executeTakeFirst();
      expect(message.phone).toBe('+233245550105');
    } finally {
      await database.close();
    }
  });
});
