// The giving settings (the settings store's `giving` key): the church's mobile money and bank details, shown on
// /give beside the form, or instead of it when online giving is not set up.
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';
import {
  EMPTY_GIVING_SETTINGS,
  givingSettingsSchema,
  type GivingSettings,
  type givingSettingsChangeSchema,
} from '../../lib/shared/giving/api';
import type { z } from 'zod';
import { readSetting, writeSetting } from '../settings/service';

export const GIVING_KEY = 'giving';

export async function givingSettings(db: Kysely<DB>): Promise<GivingSettings> {
  return (await readSetting(db, GIVING_KEY, givingSettingsSchema)) ?? EMPTY_GIVING_SETTINGS;
}

/** A PATCH: each section given replaces the stored one. */
export async function saveGivingSettings(
  trx: Transaction<DB>,
  change: z.output<typeof givingSettingsChangeSchema>,
  nowMs: number,
): Promise<GivingSettings> {
  const settings = { ...(await givingSettings(trx)), ...change };
  await writeSetting(trx, GIVING_KEY, settings, nowMs);
  return settings;
}
