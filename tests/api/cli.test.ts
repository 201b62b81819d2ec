// The operations commands of README.md, run as a person would run them (through tsx).
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { DatabaseSync } from 'node:sqlite';
import { backends, freshPgUrl, TEST_ENV, type Backend } from './helpers';
import { inject } from 'vitest';
import { openDatabase } from '../../src/server/db/connection';

const dir = mkdtempSync(join(tmpdir(), 'church-cli-'));
const env = {
  ...process.env,
  ...TEST_ENV,
  NODE_ENV: 'test',
  DATA_DIR: dir,
  DATABASE_URL: `file:${join(dir, 'church.db')}`,
};
const run = (script: string, args: string[] = [], input?: string, databaseUrl = env.DATABASE_URL) =>
  spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', `src/server/cli/${script}.ts`, ...args], {
    env: { ...env, DATABASE_URL: databaseUrl },
    input,
    encoding: 'utf8',
  });

/** How many users the database at this URL holds, on either backend. */
async function countUsers(databaseUrl: string): Promise<number> {
  const database = await openDatabase(databaseUrl);
  try {
    const row = await database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  } finally {
    await database.close();
  }
}

// Each CLI run starts node and compiles the TypeScript it runs (tsx): a second or two alone, ten times that while the
// end-to-end tests run beside this suite (npm test's lines); the seed of 10,000 members runs twice.
describe('CLI', { timeout: 120_000 }, () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // 10,000 members, the size of a big church: the multi-row inserts must stay under both databases' parameter
  // limits and re-seeding must find member10000 (five digits) again. Timings are the bench's, not asserted here.
  it.each(backends())('db:seed creates the demo accounts and N members idempotently (%s)', async (backend: Backend) => {
    const url = backend === 'postgres' ? await freshPgUrl(inject('pgUrl')) : env.DATABASE_URL;
    const first = run('seed', ['--members', '10000'], undefined, url);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/6 demo accounts .* 10000 new sample members/);
    const again = run('seed', ['--members', '10000'], undefined, url);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/0 new sample members/);
    expect(await countUsers(url)).toBe(10_006);
    const database = await openDatabase(url);
    const demo = await database.db
      .selectFrom('users')
      .select(['role', 'can_access_web', 'is_suspended'])
      .where('username', '=', 'staffnoweb')
      .executeTakeFirst();
    const last = await database.db
      .selectFrom('users')
      .innerJoin('ministry_memberships as m', 'm.user_id', 'users.id')
      .select(['users.email', 'm.role'])
      .where('users.username', '=', 'member10000')
      .executeTakeFirst();
    await database.close();
    expect({
      ...demo,
      can_access_web: Boolean(demo?.can_access_web),
      is_suspended: Boolean(demo?.is_suspended),
    }).toEqual({ role: 'ADMIN', can_access_web: false, is_suspended: false });
    expect(last).toEqual({ email: 'member10000@gracechapel.example.org', role: 'Leader' });
    expect(run('seed', ['--members', 'lots'], undefined, url).status).toBe(1);
  });

  it('user:create reads the password from stdin, never argv', () => {
    const ok = run(
      'user-create',
      ['--username', 'treasurer', '--email', 'Treasurer@x.org', '--role', 'pastor'],
      'LongEnough1!\n',
    );
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/Created PASTOR treasurer/);
    expect(
      run('user-create', ['--username', 'treasurer', '--email', 't2@x.org', '--role', 'MEMBER'], 'LongEnough1!\n')
        .status,
    ).toBe(1);
    const argv = run('user-create', [
      '--username',
      'x1x',
      '--email',
      'x@x.org',
      '--role',
      'MEMBER',
      '--password',
      'LongEnough1!',
    ]);
    expect(argv.status).toBe(1);
    expect(argv.stderr).toMatch(/standard input/);
    expect(
      run('user-create', ['--username', 'shorty', '--email', 's@x.org', '--role', 'MEMBER'], 'short\n').status,
    ).toBe(1);
    expect(
      run('user-create', ['--username', 'bad', '--email', 'b@x.org', '--role', 'KING'], 'LongEnough1!\n').status,
    ).toBe(1);
  });

  it('db:backup writes a consistent copy', () => {
    const out = join(dir, 'backup.db');
    const res = run('backup', ['--out', out]);
    expect(res.status, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/integrity ok/);
    const copy = new DatabaseSync(out, { readOnly: true });
    expect((copy.prepare('SELECT count(*) AS n FROM users').get() as { n: number }).n).toBe(10_007);
    copy.close();
    expect(run('backup', ['--out', out]).status).toBe(1); // never overwrites
    expect(readdirSync(dir)).toContain('backup.db');
  });
});
