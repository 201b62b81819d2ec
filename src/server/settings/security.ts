// The two-factor policy (docs/API.md, Settings): who must sign in with a second factor. Off unless a SUPERADMIN
// turns it on; the rule of who it covers is twoFactorRequired's (lib/shared/twofactor/api.ts).
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { securitySettingsSchema, type SecuritySettings } from '../../lib/shared/twofactor/api';
import { readSetting, writeSetting } from './service';

export const SECURITY_KEY = 'security';

export async function securitySettings(db: Kysely<DB>): Promise<SecuritySettings> {
  return (await readSetting(db, SECURITY_KEY, securitySettingsSchema)) ?? { require_two_factor: 'off' };
}

export const saveSecuritySettings = (db: Kysely<DB>, settings: SecuritySettings, nowMs: number) =>
  writeSetting(db, SECURITY_KEY, settings, nowMs);
