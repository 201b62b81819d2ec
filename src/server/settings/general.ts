// The prayer follow-up period and the church's contact details (docs/API.md, Settings), read where they are
// used: the prayers' follow-up flag and the signature of the emails the church sends.
import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { DEFAULT_FOLLOW_UP_DAYS, FOLLOW_UP_LIMITS, type GeneralSettings } from '../../lib/shared/settings/api';
import { DEFAULT_WELCOME, welcomeWordsSchema, type WelcomeWords } from '../../lib/shared/first-timers/api';
import { readSetting, writeSetting } from './service';
import { CHURCH_KEY, churchContact } from './church';

export const FOLLOW_UP_KEY = 'prayer_follow_up_days';
const followUpSchema = z.number().int().min(FOLLOW_UP_LIMITS.min).max(FOLLOW_UP_LIMITS.max);

export async function followUpDays(db: Kysely<DB>): Promise<number> {
  return (await readSetting(db, FOLLOW_UP_KEY, followUpSchema)) ?? DEFAULT_FOLLOW_UP_DAYS;
}

export const WELCOME_KEY = 'first_timer_welcome';

/** The words of a first-timer's welcome (docs/API.md, First-timers), the defaults until staff change them. */
export async function welcomeWords(db: Kysely<DB>): Promise<WelcomeWords> {
  return (await readSetting(db, WELCOME_KEY, welcomeWordsSchema)) ?? { ...DEFAULT_WELCOME };
}

export async function generalSettings(db: Kysely<DB>): Promise<GeneralSettings> {
  const [days, church, welcome] = await Promise.all([followUpDays(db), churchContact(db), welcomeWords(db)]);
  return { followUpDays: days, church, welcome };
}

export async function saveGeneralSettings(
  db: Kysely<DB>,
  settings: Omit<GeneralSettings, 'welcome'> & { welcome?: WelcomeWords },
  nowMs: number,
) {
  await writeSetting(db, FOLLOW_UP_KEY, settings.followUpDays, nowMs);
  await writeSetting(db, CHURCH_KEY, settings.church, nowMs);
  if (settings.welcome) await writeSetting(db, WELCOME_KEY, settings.welcome, nowMs);
}
