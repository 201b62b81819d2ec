// Starts Debian's PostgreSQL for the API suite (installing it with apt first when it is missing and we are
// root), creates a throw-away role and database on 127.0.0.1, and hands the URL to the tests. Where it
// cannot be installed the PostgreSQL runs are skipped with a loud notice; they are never silently green.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}

// PostgreSQL is a system service that stays up after the tests: it must not carry the mark by which
// scripts/test.mjs finds processes a test run left behind.
const serviceEnv = { ...process.env };
delete serviceEnv.CHURCH_TEST_RUN;

const loud = (msg: string) => console.warn(`\n${'!'.repeat(78)}\n!!! ${msg}\n${'!'.repeat(78)}\n`);

function psql(sql: string) {
  return spawnSync('su', ['postgres', '-c', `psql -v ON_ERROR_STOP=1 -qAtc "${sql.replace(/"/g, '\\"')}"`], {
    encoding: 'utf8',
  });
}

const installedVersions = () => (existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql') : []);
const hasCluster = () => spawnSync('sh', ['-c', 'command -v pg_ctlcluster']).status === 0;

function installPostgres() {
  if (process.getuid?.() !== 0 || spawnSync('sh', ['-c', 'command -v apt-get']).status !== 0) return;
  console.warn("PostgreSQL is missing: installing Debian's postgresql for the API suite...");
  const env = { ...serviceEnv, DEBIAN_FRONTEND: 'noninteractive' };
  // npm test may be installing Chromium at the same moment (scripts/ensure-chromium.mjs): wait for apt's lock.
  const wait = ['-o', 'DPkg::Lock::Timeout=300'];
  spawnSync('apt-get', [...wait, 'update', '-qq'], { stdio: 'inherit', env });
  spawnSync('apt-get', [...wait, 'install', '-y', '-qq', 'postgresql'], { stdio: 'inherit', env });
}

function startPostgres(): string | null {
  if (process.env.TEST_PG_URL) return process.env.TEST_PG_URL;
  if (process.env.SKIP_PG === '1') return null;
  if (!hasCluster() || !installedVersions().length) installPostgres();
  const versions = installedVersions();
  if (!hasCluster() || !versions.length) return null;
  const version = versions.sort((a, b) => Number(b) - Number(a))[0];
  const status = spawnSync('pg_ctlcluster', [version, 'main', 'status']);
  if (status.status !== 0) {
    const started = spawnSync('pg_ctlcluster', [version, 'main', 'start'], { encoding: 'utf8', env: serviceEnv });
    if (started.status !== 0 && !/already running/i.test(started.stderr)) {
      loud(`PostgreSQL ${version} did not start: ${started.stderr.trim()}`);
      return null;
    }
  }
  for (let i = 0; i < 50; i++) {
    if (spawnSync('pg_isready', ['-h', '127.0.0.1', '-q']).status === 0) break;
    execFileSync('sleep', ['0.2']);
  }
  const db = `church_api_test_${process.pid}`;
  const role = 'church_api_test';
  const password = 'church_api_test_pw';
  const exists = psql(`SELECT 1 FROM pg_roles WHERE rolname='${role}'`);
  if (exists.status !== 0) {
    loud(`Could not reach PostgreSQL as the postgres user: ${exists.stderr.trim()}`);
    return null;
  }
  if (exists.stdout.trim() !== '1') psql(`CREATE ROLE ${role} LOGIN PASSWORD '${password}'`);
  // The backup test restores into a database of its own, which it creates as this role.
  psql(`ALTER ROLE ${role} CREATEDB`);
  // A commit of the tests' own role does not wait for the disk: nothing here must outlive a crash of the machine, and
  // the suite commits thousands of times. Other roles of the cluster keep the server's setting.
  psql(`ALTER ROLE ${role} SET synchronous_commit = off`);
  psql(`DROP DATABASE IF EXISTS ${db}`);
  const created = psql(`CREATE DATABASE ${db} OWNER ${role}`);
  if (created.status !== 0) {
    loud(`Could not create the test database: ${created.stderr.trim()}`);
    return null;
  }
  return `postgres://${role}:${password}@127.0.0.1:5432/${db}`;
}

export default function setup(project: TestProject) {
  const url = startPostgres();
  if (!url)
    loud('PostgreSQL is not available here: the PostgreSQL API runs are SKIPPED (install postgresql to run them).');
  project.provide('pgUrl', url ?? '');
  // The run's seeded templates and their copies (templates.ts): SQLite files here, PostgreSQL databases named after
  // the run's database.
  const templateDir = mkdtempSync(join(tmpdir(), 'church-templates-'));
  project.provide('templateDir', templateDir);
  return async () => {
    rmSync(templateDir, { recursive: true, force: true });
    if (!url) return;
    const run = new URL(url).pathname.slice(1);
    const copies = psql(`SELECT datname FROM pg_database WHERE datname LIKE '${run}\\_%'`);
    await dropAtOnce(url, copies.stdout.split('\n').filter(Boolean));
    if (!process.env.TEST_PG_URL) psql(`DROP DATABASE IF EXISTS ${run} WITH (FORCE)`);
  };
}

/**
 * Drops the databases, many at once, as the role that made them. PostgreSQL 15 forces a checkpoint for each DROP
 * DATABASE and waits for it: one after another they took 0.8 s each here (a run makes a hundred and more copies),
 * while drops asked for at once wait on the same checkpoint (twenty in 0.7 s).
 */
async function dropAtOnce(url: string, names: string[]) {
  const pool = new pg.Pool({ connectionString: url, max: 16 });
  const drop = (name: string) => pool.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  try {
    const results = await Promise.allSettled(names.map(drop));
    // A copy a process of another role is still on (once: an autovacuum worker, "must be a member of the role whose
    // process is being terminated") is dropped once more, a moment later, as the server's own superuser when we
    // started it.
    const left = names.filter((_, i) => results[i].status === 'rejected');
    if (!left.length) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    for (const name of left) {
      if (!process.env.TEST_PG_URL) {
        const dropped = psql(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        if (dropped.status !== 0) throw new Error(`could not drop ${name}: ${dropped.stderr}`);
      } else await drop(name);
    }
  } finally {
    await pool.end();
  }
}
