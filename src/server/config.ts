// Server configuration from the environment (docs/API.md), read once at start-up. Test-only knobs
// (cheaper scrypt, shorter lockout windows, a movable clock) are explicit variables that production
// never sets.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import {
  ACCESS_TOKEN_LIFETIME_MINUTES,
  DEV_ORIGIN,
  LOGIN_LOCK_MS,
  LOGIN_MAX_FAILURES,
  LOGIN_WINDOW_MS,
  PASSWORD_RESET_TTL_MS,
  REFRESH_TOKEN_LIFETIME_MINUTES,
} from '../lib/shared/constants';
import { DEFAULT_DATABASE_URL } from './db/connection';

export class ConfigError extends Error {}

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** OWASP's scrypt setting; the only one used outside tests. */
export const PRODUCTION_SCRYPT: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };

export interface ServerConfig {
  production: boolean;
  databaseUrl: string;
  dataDir: string;
  uploadsDir: string;
  jwtSecret: Uint8Array;
  scrypt: ScryptParams;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
  lockout: { maxFailures: number; windowMs: number; lockMs: number };
  resetTtlMs: number;
  /** Where password-reset links point (the site's origin). */
  siteUrl: string;
  allowedOrigins: string[];
  /** "Online" means seen within this many milliseconds. */
  onlineWindowMs: number;
  logRequests: boolean;
  smtpUrl: string | null;
}

const num = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) && n > 0 ? n : fallback;
};

/** JWT_SECRET, else (outside production) a secret generated once and kept in DATA_DIR. */
function jwtSecret(env: NodeJS.ProcessEnv, production: boolean, dataDir: string): Uint8Array {
  if (env.JWT_SECRET) {
    if (env.JWT_SECRET.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters long.');
    return new TextEncoder().encode(env.JWT_SECRET);
  }
  if (production) {
    throw new ConfigError(
      'JWT_SECRET is required when NODE_ENV=production: set it to a long random string (e.g. `openssl rand -base64 48`).',
    );
  }
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    try {
      // 'wx': if another process created it meanwhile, keep theirs.
      writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const production = env.NODE_ENV === 'production';
  const dataDir = resolve(env.DATA_DIR || './data');
  const port = env.PORT || '4321';
  const host = env.HOST || 'localhost';
  const siteUrl = (env.SITE_URL || env.SITE || `http://${host}:${port}`).replace(/\/$/, '');
  // Cheaper hashing only through this explicit variable, refused in production.
  const testCost = Number(env.SCRYPT_TEST_LOG2N);
  const scrypt =
    !production && Number.isInteger(testCost) && testCost >= 4 && testCost < 17
      ? { ...PRODUCTION_SCRYPT, N: 2 ** testCost }
      : PRODUCTION_SCRYPT;
  const origins = env.ALLOWED_ORIGINS
    ? env.ALLOWED_ORIGINS.split(',')
        .map((o) => o.trim().replace(/\/$/, ''))
        .filter(Boolean)
    : [new URL(siteUrl).origin, DEV_ORIGIN];
  return {
    production,
    databaseUrl: env.DATABASE_URL || DEFAULT_DATABASE_URL,
    dataDir,
    uploadsDir: join(dataDir, 'uploads'),
    jwtSecret: jwtSecret(env, production, dataDir),
    scrypt,
    accessTtlSeconds: ACCESS_TOKEN_LIFETIME_MINUTES * 60,
    refreshTtlSeconds: REFRESH_TOKEN_LIFETIME_MINUTES * 60,
    lockout: {
      maxFailures: LOGIN_MAX_FAILURES,
      windowMs: num(env.LOGIN_WINDOW_MS, LOGIN_WINDOW_MS),
      lockMs: num(env.LOGIN_LOCK_MS, LOGIN_LOCK_MS),
    },
    resetTtlMs: PASSWORD_RESET_TTL_MS,
    siteUrl,
    allowedOrigins: origins,
    onlineWindowMs: 5 * 60_000,
    logRequests: env.LOG_REQUESTS !== '0',
    smtpUrl: env.SMTP_URL || null,
  };
}
