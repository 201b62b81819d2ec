// The configuration (docs/DEPLOY.md; .env.example lists every variable with its default): the environment is
// parsed by one zod schema, once at start-up, so a bad value stops `npm start` (and `astro dev`/`astro build`,
// whose config reads SITE through here) with a message naming the variable. Test-only knobs (cheaper hashing,
// shorter lockout windows) are explicit variables that production never sets.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import {
  ACCESS_TOKEN_LIFETIME_MINUTES,
  DEV_ORIGIN,
  LOGIN_LOCK_MS,
  LOGIN_MAX_FAILURES,
  LOGIN_WINDOW_MS,
  PASSWORD_RESET_TTL_MS,
  REFRESH_TOKEN_LIFETIME_MINUTES,
} from '../lib/shared/constants';
import { DEFAULT_SMS_VISITOR_COUNTRIES } from '../lib/shared/sms/numbers';

export class ConfigError extends Error {}

/** Canonical URLs, Open Graph, the sitemap and feeds use this origin when SITE is unset. */
export const DEFAULT_SITE = 'https://gracechapel.example.org';

export const SMS_PROVIDERS = ['arkesel', 'hubtel'] as const;

const flag = z.stringbool({ truthy: ['true', '1'], falsy: ['false', '0'], error: 'must be true or false (or 1 or 0)' });

function wholeNumber(min: number, max: number) {
  const error = `must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
}

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' });

const databaseUrl = z.string().refine((url) => /^postgres(ql)?:\/\//i.test(url) || !/^[a-z][\w+.-]*:\/\//i.test(url), {
  error: 'must be a SQLite file (file:./data/church.db, or a path) or a postgres:// URL',
});

/** Every variable the server reads, with its default; values are trimmed and blank ones count as unset. */
export const envSchema = z
  .object({
    NODE_ENV: z
      .enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
      .optional(),
    PORT: wholeNumber(1, 65535).default(4321),
    HOST: z.string().default('localhost'),
    DATABASE_URL: databaseUrl.default('file:./data/church.db'),
    DATA_DIR: z.string().default('./data'),
    JWT_SECRET: z.string().min(32, { error: 'must be at least 32 characters long' }).optional(),
    ALLOWED_ORIGINS: z
      .string()
      .transform((list) =>
        list
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.url({ protocol: /^https?$/, error: 'must be a comma-separated list of http(s) origins' })))
      .optional(),
    SITE: httpUrl.optional(),
    SITE_URL: httpUrl.optional(),
    // Inlined into the browser code by Astro at build time (src/lib/client/api-client.ts); checked here too.
    PUBLIC_API_BASE_URL: z
      .string()
      .refine((url) => url.startsWith('/') || URL.canParse(url), { error: 'must be a path such as /api/v1 or a URL' })
      .default('/api/v1'),
    PUBLIC_DEBUG: flag.optional(),
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be smtp://user:pass@host:port or smtps://…' }).optional(),
    MAIL_FROM: z
      .string()
      .regex(/[^\s@<>]+@[^\s@<>]+/, { error: 'must be an email address, e.g. office@example.org' })
      .default('no-reply@localhost'),
    SMS_PROVIDER: z
      .enum(SMS_PROVIDERS, { error: 'must be arkesel or hubtel (or unset: SMS are written to the log)' })
      .optional(),
    SMS_API_KEY: z.string().optional(),
    SMS_CLIENT_ID: z.string().optional(),
    SMS_CLIENT_SECRET: z.string().optional(),
    // What the phone shows as the sender: the providers take at most 11 letters, digits and spaces.
    SMS_SENDER_ID: z
      .string()
      .regex(/^[A-Za-z0-9 ]{1,11}$/, { error: 'must be at most 11 letters, digits and spaces (e.g. GraceChapel)' })
      .optional(),
    SMS_BASE_URL: httpUrl.optional(),
    // Calling codes (233, 234, …) an SMS an anonymous visitor causes may go to (lib/shared/sms/numbers.ts).
    SMS_VISITOR_COUNTRIES: z
      .string()
      .transform((v) => v.replace(/[\s+]/g, ''))
      .pipe(z.string().regex(/^[1-9]\d{0,2}(,[1-9]\d{0,2})*$/, { error: 'must be calling codes such as 233,234' }))
      .transform((v) => v.split(','))
      .optional(),
    // Online giving (src/server/giving/): unset, /give shows the mobile money and bank details instead.
    PAYSTACK_SECRET_KEY: z.string().optional(),
    PAYSTACK_BASE_URL: httpUrl.default('https://api.paystack.co'),
    MEDIA_DIR: z.string().default('./data/media'),
    S3_ENDPOINT: httpUrl.optional(),
    S3_BUCKET: z.string().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_REGION: z.string().optional(),
    TRUST_PROXY: flag.default(false),
    PUBLIC_RATE_LIMIT: wholeNumber(1, 1_000_000).default(10),
    LOG_REQUESTS: flag.default(true),
    PG_POOL_SIZE: wholeNumber(1, 1000).default(10),
    // scripts/start.mjs rebuilds the site when this is true (and the small server bundle whenever it is set).
    FORCE_BUILD: flag.default(false),
    AUTH_RATE_LIMIT: wholeNumber(1, 1_000_000).default(100),
    // Test-only knobs: never set in production (ARGON2_TEST_MEMORY_KIB is ignored there).
    ARGON2_TEST_MEMORY_KIB: wholeNumber(64, 19_456).optional(),
    LOGIN_WINDOW_MS: wholeNumber(1, 2 ** 31).optional(),
    LOGIN_LOCK_MS: wholeNumber(1, 2 ** 31).optional(),
    // How long an online gift waits before the background check asks Paystack about it, and how often it runs.
    GIVING_VERIFY_AFTER_MS: wholeNumber(0, 2 ** 31).optional(),
    GIVING_VERIFY_EVERY_MS: wholeNumber(10, 2 ** 31).optional(),
  })
  // Media go to S3 only with all five S3 variables: a partial set is a mistake, not a fallback to MEDIA_DIR.
  .superRefine((env, ctx) => {
    const set = S3_VARIABLES.filter((name) => env[name] !== undefined);
    if (!set.length || set.length === S3_VARIABLES.length) return;
    for (const name of S3_VARIABLES.filter((n) => env[n] === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: `is required when ${set.join(', ')} ${set.length > 1 ? 'are' : 'is'} set (the S3 variables go all or none)`,
      });
    }
  })
  // A provider without its sender or credentials would fail every SMS later: refuse it at start instead.
  .superRefine((env, ctx) => {
    if (!env.SMS_PROVIDER) return;
    for (const name of SMS_REQUIRED[env.SMS_PROVIDER].filter((n) => env[n] === undefined)) {
      ctx.addIssue({ code: 'custom', path: [name], message: `is required when SMS_PROVIDER=${env.SMS_PROVIDER}` });
    }
  });

const S3_VARIABLES = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_REGION'] as const;

const SMS_REQUIRED = {
  arkesel: ['SMS_SENDER_ID', 'SMS_API_KEY'],
  hubtel: ['SMS_SENDER_ID', 'SMS_CLIENT_ID', 'SMS_CLIENT_SECRET'],
} as const;

/** Where each provider's API is unless SMS_BASE_URL says otherwise. */
export const SMS_BASE_URLS = { arkesel: 'https://sms.arkesel.com', hubtel: 'https://sms.hubtel.com' } as const;

export type Env = z.infer<typeof envSchema>;

const parsed = new WeakMap<object, Env>();

/** The environment checked against the schema (once per environment object). */
export function readEnv(env: NodeJS.ProcessEnv = process.env): Env {
  const known = parsed.get(env);
  if (known) return known;
  const input = Object.fromEntries(Object.keys(envSchema.shape).map((name) => [name, env[name]?.trim() || undefined]));
  const result = envSchema.safeParse(input);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${String(issue.path[0])} ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}.`);
  }
  parsed.set(env, result.data);
  return result.data;
}

/** Debug mode (docs/API.md): PUBLIC_DEBUG, else on under the dev server (which sets NODE_ENV=development). */
export function isDebugMode(env: NodeJS.ProcessEnv = process.env): boolean {
  const { PUBLIC_DEBUG, NODE_ENV } = readEnv(env);
  return PUBLIC_DEBUG ?? NODE_ENV === 'development';
}

export interface Argon2Params {
  /** KiB. */
  memory: number;
  passes: number;
  parallelism: number;
}

/** OWASP's argon2id setting (19 MiB, 2 passes, 1 lane); the only one used outside tests. */
export const PRODUCTION_ARGON2: Argon2Params = { memory: 19_456, passes: 2, parallelism: 1 };

/** S3-compatible object storage for media (all five S3_ variables). */
export interface S3Config {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

/** An SMS provider (SMS_ variables): Arkesel takes an API key, Hubtel a client id and secret. */
export interface SmsConfig {
  provider: (typeof SMS_PROVIDERS)[number];
  senderId: string;
  /** Without a trailing slash. */
  baseUrl: string;
  apiKey?: string;
  clientId?: string;
  clientSecret?: string;
}

/** Online giving through Paystack (PAYSTACK_ variables). */
export interface PaystackConfig {
  secretKey: string;
  /** Without a trailing slash. */
  baseUrl: string;
}

/** A gift still pending this long is verified by the background check (CONTRACT: 15 minutes), every minute. */
export const GIVING_VERIFY_AFTER_MS = 15 * 60_000;
export const GIVING_VERIFY_EVERY_MS = 60_000;

export interface ServerConfig {
  production: boolean;
  host: string;
  port: number;
  databaseUrl: string;
  /** PostgreSQL connections per instance. */
  pgPoolSize: number;
  dataDir: string;
  /** Where avatars were kept before the media storage; moved into it once at start (media/migrate.ts). */
  uploadsDir: string;
  /** The media storage's directory, unless S3 is configured. */
  mediaDir: string;
  s3: S3Config | null;
  jwtSecret: Uint8Array;
  argon2: Argon2Params;
  /** Failed sign-ins, failed refreshes and reset requests one client address may make, each, in 10 minutes. */
  authRateLimit: number;
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
  debug: boolean;
  /** `npm start` builds the site even though a build exists. */
  forceBuild: boolean;
  smtpUrl: string | null;
  mailFrom: string;
  /** Unset: SMS are written to the server log, not sent. */
  sms: SmsConfig | undefined;
  /** SMS_VISITOR_COUNTRIES: the calling codes an SMS an anonymous visitor causes may go to. */
  smsVisitorCountries: readonly string[];
  trustProxy: boolean;
  publicRateLimit: number;
  /** Unset: no online giving (POST /giving/ answers 503; /give shows the other ways to give). */
  paystack: PaystackConfig | null;
  /** The background check of pending gifts: their age before it, and how often it runs. */
  givingVerify: { afterMs: number; everyMs: number };
}

/** JWT_SECRET, else (outside production) a secret generated once and kept in DATA_DIR. */
function jwtSecret(secret: string | undefined, production: boolean, dataDir: string): Uint8Array {
  if (secret) return new TextEncoder().encode(secret);
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
  const e = readEnv(env);
  const production = e.NODE_ENV === 'production';
  const dataDir = resolve(e.DATA_DIR);
  const secret = jwtSecret(e.JWT_SECRET, production, dataDir);
  const siteUrl = (e.SITE_URL ?? e.SITE ?? `http://${e.HOST}:${e.PORT}`).replace(/\/$/, '');
  if (production && !e.SITE_URL && !e.SITE)
    throw new ConfigError(
      'SITE_URL is required when NODE_ENV=production: set it to the public address people open, e.g. https://www.gracechapel.org ' +
        '(links in emails and SMS, payment callbacks and the origins /my forms and passkeys accept come from it).',
    );
  // The site's own origin and the listed ones; a front end on localhost (npm run dev elsewhere) only outside
  // production, where it would let any page on a visitor's own machine post to /my or use passkeys.
  const origins = [
    ...new Set([new URL(siteUrl).origin, ...(e.ALLOWED_ORIGINS ?? []), ...(production ? [] : [DEV_ORIGIN])]),
  ];
  return {
    production,
    host: e.HOST,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    pgPoolSize: e.PG_POOL_SIZE,
    dataDir,
    uploadsDir: join(dataDir, 'uploads'),
    mediaDir: resolve(e.MEDIA_DIR),
    s3: e.S3_ENDPOINT
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET as string,
          accessKeyId: e.S3_ACCESS_KEY_ID as string,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY as string,
          region: e.S3_REGION as string,
        }
      : null,
    jwtSecret: secret,
    // Cheaper hashing only through this explicit variable, ignored in production.
    argon2:
      !production && e.ARGON2_TEST_MEMORY_KIB
        ? { ...PRODUCTION_ARGON2, memory: e.ARGON2_TEST_MEMORY_KIB }
        : PRODUCTION_ARGON2,
    authRateLimit: e.AUTH_RATE_LIMIT,
    accessTtlSeconds: ACCESS_TOKEN_LIFETIME_MINUTES * 60,
    refreshTtlSeconds: REFRESH_TOKEN_LIFETIME_MINUTES * 60,
    lockout: {
      maxFailures: LOGIN_MAX_FAILURES,
      windowMs: e.LOGIN_WINDOW_MS ?? LOGIN_WINDOW_MS,
      lockMs: e.LOGIN_LOCK_MS ?? LOGIN_LOCK_MS,
    },
    resetTtlMs: PASSWORD_RESET_TTL_MS,
    siteUrl,
    allowedOrigins: origins.map((origin) => origin.replace(/\/$/, '')),
    onlineWindowMs: 5 * 60_000,
    logRequests: e.LOG_REQUESTS,
    debug: isDebugMode(env),
    forceBuild: e.FORCE_BUILD,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    sms: e.SMS_PROVIDER
      ? {
          provider: e.SMS_PROVIDER,
          senderId: e.SMS_SENDER_ID as string,
          baseUrl: (e.SMS_BASE_URL ?? SMS_BASE_URLS[e.SMS_PROVIDER]).replace(/\/+$/, ''),
          ...(e.SMS_PROVIDER === 'arkesel'
            ? { apiKey: e.SMS_API_KEY }
            : { clientId: e.SMS_CLIENT_ID, clientSecret: e.SMS_CLIENT_SECRET }),
        }
      : undefined,
    smsVisitorCountries: e.SMS_VISITOR_COUNTRIES ?? DEFAULT_SMS_VISITOR_COUNTRIES,
    trustProxy: e.TRUST_PROXY,
    publicRateLimit: e.PUBLIC_RATE_LIMIT,
    paystack: e.PAYSTACK_SECRET_KEY
      ? { secretKey: e.PAYSTACK_SECRET_KEY, baseUrl: e.PAYSTACK_BASE_URL.replace(/\/+$/, '') }
      : null,
    // Shorter only through these test variables, ignored in production.
    givingVerify: {
      afterMs: (!production ? e.GIVING_VERIFY_AFTER_MS : undefined) ?? GIVING_VERIFY_AFTER_MS,
      everyMs: (!production ? e.GIVING_VERIFY_EVERY_MS : undefined) ?? GIVING_VERIFY_EVERY_MS,
    },
  };
}

/**
 * The site's own origins: the site's and the allowed ones (ALLOWED_ORIGINS). Passkeys work from these, and a cookie
 * door's calls are taken only from these (kernel/doors.ts). Browsers refuse WebAuthn on an IP address but allow it on
 * localhost, so a site served on the loopback address is also reached as localhost.
 */
export function siteOrigins(config: Pick<ServerConfig, 'siteUrl' | 'allowedOrigins' | 'production'>): string[] {
  const site = new URL(config.siteUrl);
  const origins = new Set([site.origin, ...config.allowedOrigins]);
  if (!config.production && (site.hostname === '127.0.0.1' || site.hostname === '[::1]')) {
    site.hostname = 'localhost';
    origins.add(site.origin);
  }
  return [...origins];
}
