// The settings table: one JSON value per key, each read through the zod schema that owns it, so a value
// written by an older version that no longer fits falls back to the default instead of breaking a screen.
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../db/schema';
import { iso } from '../db/time';

export async function readSetting<T>(db: Kysely<DB>, key: string, schema: z.ZodType<T>): Promise<T | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  if (!row) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(row.value);
  } catch {
    return undefined;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

export async function writeSetting(db: Kysely<DB>, key: string, value: unknown, nowMs: number): Promise<void> {
  const row = { key, value: JSON.stringify(value), updated_at: iso(nowMs) };
  await db
    .insertInto('settings')
    .values(row)
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: row.value, updated_at: row.updated_at }))
    .execute();
}
