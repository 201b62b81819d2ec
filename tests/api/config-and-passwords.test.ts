// Production settings: the real scrypt parameters, the JWT secret rule, and the CLI guard.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { ConfigError, PRODUCTION_SCRYPT, loadConfig } from '../../src/server/config';
import { hashPassword, parseHash, verifyPassword } from '../../src/server/auth/passwords';

describe('passwords and configuration', () => {
  it('hashes with scrypt N=2^17, r=8, p=1 outside tests, and verifies', async () => {
    const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), SCRYPT_TEST_LOG2N: '10' });
    expect(config.scrypt).toEqual({ N: 131072, r: 8, p: 1 });
    expect(PRODUCTION_SCRYPT).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    const hash = await hashPassword('Correct horse 1!', config.scrypt);
    expect(hash.startsWith('scrypt$131072$8$1$')).toBe(true);
    expect(parseHash(hash)!.key).toHaveLength(32);
    expect(await verifyPassword('Correct horse 1!', hash)).toBe(true);
    expect(await verifyPassword('Correct horse 2!', hash)).toBe(false);
    expect(await verifyPassword('x', 'not-a-hash')).toBe(false);
  });

  it('does not block the event loop while hashing', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    await hashPassword('pw', PRODUCTION_SCRYPT);
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(3);
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

  it('npm start exits non-zero with a clear message when production lacks JWT_SECRET', () => {
    const dir = mkdtempSync(join(tmpdir(), 'church-prod-'));
    const run = spawnSync(process.execPath, ['scripts/start.mjs'], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        JWT_SECRET: '',
        PORT: '4429',
        DATA_DIR: dir,
        DATABASE_URL: `file:${join(dir, 'x.db')}`,
      },
      encoding: 'utf8',
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
