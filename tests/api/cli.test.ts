// The operations commands of README.md, run as a person would run them (through tsx).
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { DatabaseSync } from 'node:sqlite';
import { TEST_ENV } from './helpers';

const dir = mkdtempSync(join(tmpdir(), 'church-cli-'));
const env = {
  ...process.env,
  ...TEST_ENV,
  NODE_ENV: 'test',
  DATA_DIR: dir,
  DATABASE_URL: `file:${join(dir, 'church.db')}`,
};
const run = (script: string, args: string[] = [], input?: string) =>
  spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', `src/server/cli/${script}.ts`, ...args], {
    env,
    input,
    encoding: 'utf8',
  });

describe('CLI', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('db:seed creates the demo accounts and N members idempotently', () => {
    const first = run('seed', ['--members', '1000']);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/6 demo accounts .* 1000 new sample members/);
    const again = run('seed', ['--members', '1000']);
    expect(again.stdout).toMatch(/0 new sample members/);
    const db = new DatabaseSync(join(dir, 'church.db'), { readOnly: true });
    expect((db.prepare('SELECT count(*) AS n FROM users').get() as { n: number }).n).toBe(1006);
    const demo = db.prepare("SELECT role, can_access_web, is_suspended FROM users WHERE username = 'staffnoweb'").get();
    expect(demo).toEqual({ role: 'ADMIN', can_access_web: 0, is_suspended: 0 });
    db.close();
    expect(run('seed', ['--members', 'lots']).status).toBe(1);
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
    expect((copy.prepare('SELECT count(*) AS n FROM users').get() as { n: number }).n).toBe(1007);
    copy.close();
    expect(run('backup', ['--out', out]).status).toBe(1); // never overwrites
    expect(readdirSync(dir)).toContain('backup.db');
  });
});
