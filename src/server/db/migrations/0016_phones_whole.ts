/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely (the schema is what they create) */
// Phones kept whole (src/lib/shared/phone.ts): every form and API now stores a phone as E.164 ("+233245550101"),
// and matches by it (a member's code by SMS, a join request's account). The numbers kept before, as people typed
// them ("024 555 0101", "+233 24 555 0101"), are rewritten the same way; a value that is no phone is left as it was
// (it is shown as written). Only rows not already whole are read. Shipped: never edit it; add the next migration
// instead (./index.ts).
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { normalisePhone } from '../../../lib/shared/phone';

const PHONES: [table: string, column: string][] = [
  ['users', 'phone_number'],
  ['contact_messages', 'phone'],
  ['prayer_requests', 'phone'],
  ['event_registrations', 'phone'],
  ['ministry_join_requests', 'phone'],
  ['gifts', 'phone'],
];

export default (): Migration => ({
  async up(db: Kysely<any>) {
    for (const [table, column] of PHONES) {
      // Not whole: without its +, or spaced, dashed, dotted or bracketed.
      const rows: { id: number; phone: string }[] = await db
        .selectFrom(table)
        .select(['id', `${column} as phone`])
        .where(column, 'is not', null)
        .where((eb: any) =>
          eb.or([
            eb(column, 'not like', '+%'),
            ...[' ', '-', '.', '(', ')'].map((ch) => eb(column, 'like', `%${ch}%`)),
          ]),
        )
        .execute();
      for (const row of rows) {
        const whole = normalisePhone(row.phone);
        if (whole && whole !== row.phone)
          await db
            .updateTable(table)
            .set({ [column]: whole })
            .where('id', '=', row.id)
            .execute();
      }
    }
  },
});
