// The sample ministries, with what /ministries shows of them.
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

const MINISTRIES = ['Choir', 'Youth Ministry', 'Ushering', "Children's Ministry", 'Prayer Team', 'Media Team'];
/** What /ministries shows of each sample ministry: description, meeting day, time and place. */
const MINISTRY_DETAILS: Record<string, [string, string, string, string]> = {
  Choir: [
    'We lead the congregation in worship every Sunday and sing at special services.',
    'Thursday',
    '18:30',
    'Main auditorium',
  ],
  'Youth Ministry': [
    'Young people aged 13 to 30 growing in faith, friendship and service.',
    'Saturday',
    '16:00',
    'Youth centre',
  ],
  Ushering: [
    'We welcome everyone at the door, guide them to a seat and keep services running smoothly.',
    'Sunday',
    '08:00',
    'Church entrance',
  ],
  "Children's Ministry": [
    'Bible stories, songs and care for children up to 12 during the Sunday service.',
    'Sunday',
    '09:00',
    "Children's hall",
  ],
  'Prayer Team': [
    'We pray for the church, the city and every request that reaches us.',
    'Wednesday',
    '06:00',
    'Prayer room',
  ],
  'Media Team': ['Sound, projection, livestream and photography for every service.', 'Friday', '17:30', 'Media booth'],
};

export async function ensureMinistries(db: Kysely<DB>): Promise<number[]> {
  for (const name of MINISTRIES) {
    await db
      .insertInto('ministries')
      .values({ name })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  }
  // Details only where staff have written none, so a second seed never undoes their edits.
  for (const [name, [description, meeting_day, meeting_time, meeting_place]] of Object.entries(MINISTRY_DETAILS)) {
    await db
      .updateTable('ministries')
      .set({ description, meeting_day, meeting_time, meeting_place })
      .where('name', '=', name)
      .where('description', '=', '')
      .execute();
  }
  const rows = await db.selectFrom('ministries').select(['id', 'name']).where('name', 'in', MINISTRIES).execute();
  return MINISTRIES.map((n) => Number(rows.find((r) => r.name === n)!.id));
}
