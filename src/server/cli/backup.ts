// `npm run db:backup [-- --out FILE]`: an online, consistent copy of the SQLite database while the
// app keeps running (VACUUM INTO reads one snapshot). For PostgreSQL, use pg_dump.
import { mkdirSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { isPostgresUrl, sqlitePath } from '../db/connection';
import { loadConfig } from '../config';
import { fail, orFail, parseArgs } from './args';

const args = parseArgs(process.argv.slice(2));
const config = orFail(loadConfig);
if (isPostgresUrl(config.databaseUrl)) fail('DATABASE_URL is PostgreSQL: back it up with pg_dump.');
const file = sqlitePath(config.databaseUrl);
if (!existsSync(file)) fail(`No database at ${file}.`);
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const out = resolve(typeof args.out === 'string' ? args.out : join(config.dataDir, 'backups', `church-${stamp}.db`));
if (existsSync(out)) fail(`${out} already exists.`);
mkdirSync(dirname(out), { recursive: true });
const db = new DatabaseSync(file);
try {
  db.exec('PRAGMA busy_timeout = 5000');
  db.prepare('VACUUM INTO ?').run(out);
  const check = new DatabaseSync(out, { readOnly: true });
  const ok = check.prepare('PRAGMA integrity_check').get() as { integrity_check: string };
  const users = check.prepare('SELECT count(*) AS n FROM users').get() as { n: number };
  check.close();
  if (ok.integrity_check !== 'ok')
    fail(`Backup written to ${out} but its integrity check failed: ${ok.integrity_check}`);
  console.log(`Backup written to ${out} (${users.n} users, integrity ok).`);
} finally {
  db.close();
}
