// The node:sqlite adapter (src/server/db/sqlite.ts): a transaction takes SQLite's write lock when it begins, so a
// writer in another process waits for it (its busy timeout) and the transaction is never refused at its first write
// because the other wrote after its first read (a seed or a restore beside a running server).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite, sqliteDialect } from '../../src/server/db/sqlite';

describe('SQLite transactions', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('take the write lock when they begin, so another connection cannot write in between', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sqlite-tx-'));
    dirs.push(dir);
    const file = join(dir, 'church.db');
    const db = new Kysely<{ t: { n: number } }>({ dialect: sqliteDialect(openSqlite(file)) });
    await sql`create table t (n integer)`.execute(db);
    const other = new DatabaseSync(file);
    other.exec('PRAGMA busy_timeout = 0');
    let otherWrote: string | undefined;
    await db.transaction().execute(async (trx) => {
      await trx.selectFrom('t').selectAll().execute();
      // Another process writing now would have made the first write below fail (a deferred transaction's
      // snapshot is stale); with the lock taken at `begin` it is the other that must wait.
      try {
        other.exec('insert into t (n) values (2)');
      } catch (error) {
        otherWrote = (error as Error).message;
      }
      await trx.insertInto('t').values({ n: 1 }).execute();
    });
    expect(otherWrote).toMatch(/locked|busy/i);
    other.exec('insert into t (n) values (2)');
    expect((await db.selectFrom('t').select('n').orderBy('n').execute()).map((r) => r.n)).toEqual([1, 2]);
    other.close();
    await db.destroy();
  });
});
