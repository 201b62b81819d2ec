// Kysely has no node:sqlite dialect: this adapter makes node's built-in DatabaseSync look like the
// better-sqlite3 shape that Kysely's SqliteDialect drives (no native build step needed).
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';

/** node:sqlite refuses booleans and undefined as parameters: store booleans as 0/1, undefined as NULL. */
function bindable(params: ReadonlyArray<unknown>): SQLInputValue[] {
  return params.map((p) => (typeof p === 'boolean' ? (p ? 1 : 0) : p === undefined ? null : (p as SQLInputValue)));
}

export function openSqlite(file: string): DatabaseSync {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new DatabaseSync(file);
  // WAL: readers never block the writer and a committed transaction survives a crash of the process.
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = NORMAL');
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('PRAGMA busy_timeout = 5000');
  db.exec('PRAGMA temp_store = MEMORY');
  // ANALYZE (run by PRAGMA optimize, ./connection.ts and ./migrations/index.ts) samples this many rows per index: a
  // few milliseconds on a big church's database.
  db.exec('PRAGMA analysis_limit = 1000');
  return db;
}

/** Distinct SQL texts kept prepared: the app has a few hundred; past this the oldest goes. */
const STATEMENT_CACHE = 500;

export function sqliteDialect(db: DatabaseSync): SqliteDialect {
  // Compiling a statement cost more than running it (the profile of an authenticated read showed prepare at
  // three times the query itself), and Kysely asks for each query's text anew: keep them compiled.
  const statements = new Map<string, SqliteStatement>();
  const database: SqliteDatabase = {
    close: () => {
      statements.clear();
      db.close();
    },
    prepare(text: string): SqliteStatement {
      // Kysely begins a transaction with a deferred `begin`: its first write then fails at once ("database is
      // locked", the busy timeout not consulted) when another process wrote since its first read (a seed or a
      // restore beside the server, whose job runner writes its leases). `begin immediate` takes the write lock at
      // the start, so a second writer waits its busy timeout instead; in this process transactions run one at a time.
      const sql = text === 'begin' ? 'begin immediate' : text;
      const kept = statements.get(sql);
      if (kept) return kept;
      const statement = compile(db, sql);
      if (statements.size >= STATEMENT_CACHE) statements.delete(statements.keys().next().value!);
      statements.set(sql, statement);
      return statement;
    },
  };
  return new SqliteDialect({ database });
}

function compile(db: DatabaseSync, sql: string): SqliteStatement {
  const stmt = db.prepare(sql);
  return {
    reader: stmt.columns().length > 0,
    all: (params) => stmt.all(...bindable(params)),
    run: (params) => {
      const r = stmt.run(...bindable(params));
      return { changes: r.changes, lastInsertRowid: r.lastInsertRowid };
    },
    iterate: (params) => stmt.iterate(...bindable(params)) as IterableIterator<unknown>,
  };
}
