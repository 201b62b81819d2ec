// Dates the API stores and computes: ISO timestamps, calendar dates and whole years between them.
export const iso = (ms: number) => new Date(ms).toISOString();

/** Whole years from a 'YYYY-MM-DD' date to now (UTC), or null without a valid date. */
export function yearsSince(date: string | null, nowMs: number): number | null {
  if (!date) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!m) return null;
  const now = new Date(nowMs);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  let years = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < mo || (now.getUTCMonth() + 1 === mo && now.getUTCDate() < d)) years--;
  return Math.max(0, years);
}

export function startOfMonthIso(nowMs: number, monthsBack = 0): string {
  const now = new Date(nowMs);
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, 1)).toISOString();
}
