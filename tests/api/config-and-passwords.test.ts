// Production settings: the real argon2id parameters (and the earlier scrypt hashes still verifying), the password
// gate, the JWT secret rule, and the CLI guard.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import { ConfigError, PRODUCTION_ARGON2, loadConfig } from '../../src/server/config';
import {
  HashingBusy,
  QUEUE_PER_CLIENT,
  hashPassword,
  needsRehash,
  parseHash,
  verifyPassword,
} from '../../src/server/credentials/passwords';
import { scryptHash } from './helpers';

describe('passwords and configuration', () => {
  it('hashes with argon2id (19 MiB, 2 passes, 1 lane) outside tests, and verifies', async () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      SITE_URL: 'https://church.example',
      ARGON2_TEST_MEMORY_KIB: '64',
    });
    expect(config.argon2).toEqual({ memory: 19_456, passes: 2, parallelism: 1 });
    expect(PRODUCTION_ARGON2).toEqual({ memory: 19_456, passes: 2, parallelism: 1 });
    const hash = await hashPassword('Correct horse 1!', config.argon2);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(parseHash(hash)!.key).toHaveLength(32);
    expect(await verifyPassword('Correct horse 1!', hash)).toBe(true);
    expect(await verifyPassword('Correct horse 2!', hash)).toBe(false);
    expect(await verifyPassword('x', 'not-a-hash')).toBe(false);
    expect(needsRehash(hash, config.argon2)).toBe(false);
    // Other parameters, or the earlier scheme, are replaced at the next sign-in.
    expect(needsRehash(hash, { ...config.argon2, passes: 3 })).toBe(true);
  });

  it('still verifies the earlier scrypt hashes, and marks them for rehashing', async () => {
    const old = scryptHash('Old password 1!');
    expect(await verifyPassword('Old password 1!', old)).toBe(true);
    expect(await verifyPassword('Old password 2!', old)).toBe(false);
    expect(needsRehash(old, PRODUCTION_ARGON2)).toBe(true);
  });

  it('does not block the event loop while hashing', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 2);
    await Promise.all([1, 2, 3].map(() => hashPassword('pw', PRODUCTION_ARGON2)));
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(3);
  });

  it('turns a client away past its queue instead of queueing without end, and serves the others in turn', async () => {
    const cheap = { memory: 2048, passes: 2, parallelism: 1 };
    const finished: string[] = [];
    const flood = Array.from({ length: QUEUE_PER_CLIENT + 40 }, () =>
      hashPassword('pw', cheap, 'flood').then(
        () => (finished.push('flood'), 'done'),
        (err) => (err instanceof HashingBusy ? 'busy' : 'error'),
      ),
    );
    // Another address's hash is not stuck behind the whole flood: it is among the first few to finish.
    const other = hashPassword('pw', cheap, 'other').then(() => (finished.push('other'), 'done'));
    const results = await Promise.all(flood);
    expect(finished.indexOf('other')).toBeLessThan(8);
    expect(results.filter((r) => r === 'busy').length).toBeGreaterThan(0);
    expect(results.filter((r) => r === 'done').length).toBeGreaterThanOrEqual(QUEUE_PER_CLIENT);
    expect(results).not.toContain('error');
    expect(await other).toBe('done');
  });

  it('requires JWT_SECRET in production and generates a persistent one otherwise', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short' })).toThrow(/32 characters/);
    const dir = mkdtempSync(join(tmpdir(), 'church-cfg-'));
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(Buffer.from(first.jwtSecret).toString()).toBe(Buffer.from(second.jwtSecret).toString());
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8').length).toBeGreaterThanOrEqual(48);
    rmSync(dir, { recursive: true, force: true });
  });

  it('parses every setting once, with the documented defaults', () => {
    const dir = mkdtempSync(join(tmpdir(), 'church-cfg-'));
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      production: false,
      host: 'localhost',
      port: 4321,
      siteUrl: 'http://localhost:4321',
      allowedOrigins: ['http://localhost:4321', 'http://localhost:3000'],
      mediaDir: resolve('./data/media'),
      pgPoolSize: 10,
      trustProxy: false,
      publicRateLimit: 10,
      authRateLimit: 100,
      logRequests: true,
      debug: false,
      smtpUrl: null,
      mailFrom: 'no-reply@localhost',
      smsVisitorCountries: ['233'],
    });
    const set = loadConfig({
      DATA_DIR: dir,
      NODE_ENV: 'development',
      PORT: ' 8080 ',
      LOG_REQUESTS: '0',
      TRUST_PROXY: 'true',
      PUBLIC_RATE_LIMIT: '3',
      ALLOWED_ORIGINS: 'https://a.example.org/, https://b.example.org',
      SMTP_URL: 'smtps://u:p@mail.example.org',
      MAIL_FROM: 'Grace Chapel <office@example.org>',
      PUBLIC_DEBUG: '',
      SMS_VISITOR_COUNTRIES: '233, +234',
    });
    expect(set).toMatchObject({
      port: 8080,
      logRequests: false,
      trustProxy: true,
      publicRateLimit: 3,
      // The site's own origin, the listed ones, and (outside production) a front end on localhost:3000.
      allowedOrigins: [
        'http://localhost:8080',
        'https://a.example.org',
        'https://b.example.org',
        'http://localhost:3000',
      ],
      smtpUrl: 'smtps://u:p@mail.example.org',
      mailFrom: 'Grace Chapel <office@example.org>',
      debug: true, // unset (blank) debug follows the dev server
      smsVisitorCountries: ['233', '234'],
    });
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a bad value with a message naming the variable', () => {
    const bad: Record<string, RegExp> = {
      PORT: /PORT must be a whole number from 1 to 65535/,
      LOG_REQUESTS: /LOG_REQUESTS must be true or false/,
      PUBLIC_DEBUG: /PUBLIC_DEBUG must be true or false/,
      NODE_ENV: /NODE_ENV must be development, production or test/,
      DATABASE_URL: /DATABASE_URL must be a SQLite file/,
      SMTP_URL: /SMTP_URL must be smtp:/,
      ALLOWED_ORIGINS: /ALLOWED_ORIGINS must be a comma-separated list/,
      ARGON2_TEST_MEMORY_KIB: /ARGON2_TEST_MEMORY_KIB must be a whole number from 64 to 19456/,
      AUTH_RATE_LIMIT: /AUTH_RATE_LIMIT must be a whole number/,
      SMS_VISITOR_COUNTRIES: /SMS_VISITOR_COUNTRIES must be calling codes such as 233,234/,
    };
    const values: Record<string, string> = {
      PORT: 'http',
      LOG_REQUESTS: 'maybe',
      PUBLIC_DEBUG: 'yes please',
      NODE_ENV: 'prod',
      DATABASE_URL: 'mysql://db/church',
      SMTP_URL: 'http://mail.example.org',
      ALLOWED_ORIGINS: 'https://ok.example.org,not an origin',
      ARGON2_TEST_MEMORY_KIB: '40',
      AUTH_RATE_LIMIT: '0',
      SMS_VISITOR_COUNTRIES: 'Ghana',
    };
    for (const [name, message] of Object.entries(bad)) {
      expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(40), [name]: values[name] }), name).toThrow(message);
    }
  });

  // The server entry `npm start` runs (scripts/start.mjs runs its bundle), from these sources through tsx, so the
  // test neither reads a stale bundle nor writes dist/ under a build or an end-to-end run.
  const SERVER = ['--import', 'tsx', 'src/host/main.ts'];

  it('npm start stops with a message naming a bad variable', () => {
    const run = spawnSync(process.execPath, SERVER, {
      env: { ...process.env, PORT: 'eighty', JWT_SECRET: 'x'.repeat(40) },
      encoding: 'utf8',
      timeout: 60_000, // were the check to pass, the server would start: stop it
    });
    expect(run.status).toBe(1);
    expect(JSON.parse(run.stderr.trim().split('\n').at(-1)!)).toEqual({
      level: 'fatal',
      msg: 'Invalid configuration: PORT must be a whole number from 1 to 65535.',
    });
  });

  it('npm start exits non-zero with a clear message when production lacks JWT_SECRET', () => {
    const dir = mkdtempSync(join(tmpdir(), 'church-prod-'));
    const run = spawnSync(process.execPath, SERVER, {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        JWT_SECRET: '',
        PORT: '4429',
        DATA_DIR: dir,
        DATABASE_URL: `file:${join(dir, 'x.db')}`,
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('JWT_SECRET is required');
    rmSync(dir, { recursive: true, force: true });
  });

  it('db:seed refuses to run in production', () => {
    const run = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'src/server/cli/seed.ts'], {
      env: { ...process.env, NODE_ENV: 'production' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/Refusing to seed/);
  });
});
