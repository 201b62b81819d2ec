/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely (the schema is what they create) */
// A ministry's meeting time becomes one type, "HH:MM" on the 24-hour clock (src/lib/shared/ministries/meeting-time.ts):
// it was kept as staff typed it ("6:30 PM"), which /my then read as 24-hour text. A time that reads as one is
// rewritten; any other text ("after the second service") is not lost but moves to the meeting day, where free text
// still belongs. Shipped: never edit it; add the next migration instead (./index.ts).
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { parseMeetingTime } from '../../../lib/shared/ministries/meeting-time';

const DAY_MAX = 60; // ministryFieldRules.meeting

export default (): Migration => ({
  async up(db: Kysely<any>) {
    const rows: { id: number; meeting_day: string | null; meeting_time: string }[] = await db
      .selectFrom('ministries')
      .select(['id', 'meeting_day', 'meeting_time'])
      .where('meeting_time', 'is not', null)
      .execute();
    for (const row of rows) {
      const time = parseMeetingTime(row.meeting_time);
      if (time === row.meeting_time) continue;
      const text = row.meeting_time.trim();
      const day =
        time || !text ? row.meeting_day : [row.meeting_day, text].filter(Boolean).join(', ').slice(0, DAY_MAX);
      await db
        .updateTable('ministries')
        .set({ meeting_time: time, meeting_day: day })
        .where('id', '=', row.id)
        .execute();
    }
  },
});
