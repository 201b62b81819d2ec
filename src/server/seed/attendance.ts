// A year of plausible demo attendance (docs/PRODUCT.md, Attendance), so the charts mean something on a fresh start:
// every Sunday's headcount of the three demo services, growing slowly through the year with Easter and Christmas
// crowds and the odd rainy Sunday, and the sample members' named check-ins, a few of whom stopped coming five weeks
// ago (the absentees). Added only with the full demo (20 sample members or more, as `npm start` seeds), so the
// tests' small databases start with no attendance; and only once (nothing is added while any headcount exists).
import type { Kysely } from 'kysely';
import { addDays, dayOfMs, weekOf } from '../../lib/shared/attendance/rules';
import { inChunks } from '../db/batch';
import type { DB } from '../db/schema';
import { iso } from '../db/time';

/** Small deterministic random numbers, so every fresh demo shows the same year. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Sizes of the three services (First, Second, Twi) a year ago. */
const BASE = [150, 260, 110];

export async function seedAttendance(db: Kysely<DB>, serviceIds: number[], nowMs: number): Promise<number> {
  const any = await db.selectFrom('headcounts').select('id').limit(1).executeTakeFirst();
  if (any) return 0;
  const services = await db.selectFrom('services').select(['id', 'branch_id']).where('id', 'in', serviceIds).execute();
  const branchOf = new Map(services.map((s) => [Number(s.id), Number(s.branch_id)]));
  const rand = random(31);
  const lastSunday = weekOf(dayOfMs(nowMs));
  const sundays = Array.from({ length: 52 }, (_, i) => addDays(lastSunday, -7 * (51 - i)));
  const headcounts = sundays.flatMap((date, week) => {
    const month = Number(date.slice(5, 7));
    const day = Number(date.slice(8, 10));
    const feast = (month === 12 && day >= 18) || (month === 4 && day <= 21) ? 1.35 : 1;
    const rain = rand() < 0.08 ? 0.8 : 1;
    const growth = 1 + (0.12 * week) / 51;
    return serviceIds.map((serviceId, i) => {
      const total = Math.round(BASE[i] * growth * feast * rain * (0.93 + rand() * 0.14));
      const children = Math.round(total * (0.22 + rand() * 0.06));
      const women = Math.round((total - children) * (0.56 + rand() * 0.04));
      return {
        service_id: serviceId,
        branch_id: branchOf.get(serviceId)!,
        date,
        men: total - children - women,
        women,
        children,
        first_timers: Math.round(total * (0.01 + rand() * 0.03) * feast),
        recorded_by: null,
        updated_at: iso(nowMs),
      };
    });
  });
  for (const chunk of inChunks(headcounts)) await db.insertInto('headcounts').values(chunk).execute();

  // The sample members' check-ins: most come most Sundays; every fifth stopped coming five weeks ago.
  const members = await db
    .selectFrom('users')
    .select('id')
    .where('username', 'like', 'member0%')
    .orderBy('id')
    .execute();
  const checkins = members.flatMap((m, n) => {
    const stopped = n % 5 === 4;
    const habit = 0.5 + rand() * 0.4;
    const serviceId = serviceIds[n % serviceIds.length];
    return sundays
      .filter((date) => (!stopped || date <= addDays(lastSunday, -35)) && rand() < habit)
      .map((date) => ({
        service_id: serviceId,
        branch_id: branchOf.get(serviceId)!,
        date,
        user_id: Number(m.id),
        recorded_by: null,
        created_at: iso(nowMs),
      }));
  });
  for (const chunk of inChunks(checkins)) await db.insertInto('checkins').values(chunk).execute();
  return headcounts.length;
}
