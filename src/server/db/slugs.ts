// Ids of sermons and events are the slugs of their pages (/sermons/walking-in-faith): made from the title when
// the item is created, then kept when the title changes, so shared links keep working.
import type { Kysely } from 'kysely';
import type { DB } from './schema';

const MAX_SLUG = 60;

/** "Walking in Faith: Part 2!" → "walking-in-faith-part-2" (accents dropped; the fallback when nothing is left). */
export function slugify(title: string, fallback: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_SLUG)
    .replace(/^-+|-+$/g, '');
  return slug || fallback;
}

/** The slug itself when free, else the first free of slug-2, slug-3, … */
async function freeSlug(db: Kysely<DB>, table: 'sermons' | 'events', base: string): Promise<string> {
  // Slugs hold only a-z, 0-9 and '-', so the pattern has no LIKE wildcards of its own.
  const rows = await db
    .selectFrom(table)
    .select('id')
    .where((eb) => eb.or([eb('id', '=', base), eb('id', 'like', `${base}-%`)]))
    .execute();
  const taken = new Set(rows.map((r) => r.id));
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}

const isUniqueViolation = (err: unknown) => /unique|duplicate/i.test(String((err as Error)?.message));

/**
 * Runs write(id) with a free slug made from the title. Two staff creating the same title at once both find the
 * same free slug; the primary key lets one in and the other tries again with the next one.
 */
export async function withFreshSlug<T>(
  db: Kysely<DB>,
  table: 'sermons' | 'events',
  title: string,
  write: (id: string) => Promise<T>,
): Promise<T> {
  const base = slugify(title, table === 'sermons' ? 'sermon' : 'event');
  for (let attempt = 1; ; attempt++) {
    const id = await freeSlug(db, table, base);
    try {
      return await write(id);
    } catch (err) {
      if (attempt >= 5 || !isUniqueViolation(err)) throw err;
    }
  }
}
