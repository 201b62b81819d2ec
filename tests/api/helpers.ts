/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are checked field by field */
// Test harness: the real Hono app over real HTTP (node:http on 127.0.0.1, random port) against a
// real database: a fresh SQLite file, or a fresh schema in the test PostgreSQL. The clock and the
// mailer are injected so lockouts, expiries and reset links can be tested without waiting. An outbox worker
// sends what the app queues, on the test clock; request() waits until it has sent everything due (the mail a
// call caused has arrived when the call returns to the test, as a person would wait for it).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, inject } from 'vitest';
import { sql } from 'kysely';
import { loadConfig, type ServerConfig } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db/connection';
import { migrateToLatest, migrations } from '../../src/server/db/migrations';
import { Migrator } from 'kysely/migration';
import { seededPg, seededSqlite } from './templates';
import { DEMO_PASSWORD } from '../../src/server/seed/accounts';
import { createApp } from '../../src/server/http/app';
import { createShell } from '../../src/host/shell';
import { newUserRow } from '../../src/server/users/new-user';
import { directoryStore } from '../../src/server/media/directory-store';
import type { MailMessage, Mailer } from '../../src/server/mail/mailer';
import type { SmsMessage, SmsSender } from '../../src/server/kernel/ports';
import { startOutboxWorker, type OutboxWorker } from '../../src/server/outbox/worker';
import { createContentEvents, type ContentEvents } from '../../src/server/content/events';
import type { Role } from '../../src/lib/shared/permissions';
import { createViewCounter, type ViewCounter } from '../../src/server/analytics/views';

export { DEMO_PASSWORD };
export type Backend = 'sqlite' | 'postgres';

/** The backends this run covers: SQLite always, PostgreSQL when the global setup started one. */
export function backends(): Backend[] {
  return inject('pgUrl') ? ['sqlite', 'postgres'] : ['sqlite'];
}

export const TEST_ENV = {
  ARGON2_TEST_MEMORY_KIB: '64', // cheap hashing for tests only; tests/api/config-and-passwords.test.ts checks production
  AUTH_RATE_LIMIT: '100000', // every suite signs in from 127.0.0.1; tests/api/auth-throttle.test.ts sets its own
  JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
  LOG_REQUESTS: '0',
};

export interface TestApi {
  url: string;
  config: ServerConfig;
  database: Database;
  clock: { now: number; advance(ms: number): void };
  mails: MailMessage[];
  /** The SMS the outbox sent (to the `sms` sender given, if any, too). */
  sms: SmsMessage[];
  /** This app's outbox worker (request() settles it after every call). */
  outbox: OutboxWorker;
  /** The content change hook the app calls after sermon and event writes. */
  content: ContentEvents;
  /** Sermon views and audio plays, on the test clock; flush() writes them. */
  views: ViewCounter;
  request(
    method: string,
    path: string,
    opts?: { token?: string; body?: unknown; raw?: BodyInit; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any; headers: Headers }>;
  login(username: string, password?: string): Promise<{ access: string; refresh: string; user: any }>;
  tokenFor(username: string): Promise<string>;
  createUser(fields: {
    username: string;
    role: Role;
    can_access_web?: boolean;
    is_suspended?: boolean;
    email?: string;
  }): Promise<number>;
  userRow(id: number): Promise<any>;
  /** How many audit entries of this action the actor has. */
  auditCount(action: string, actorId: number): Promise<number>;
  close(): Promise<void>;
}

/** A PostgreSQL URL whose search_path is a brand-new schema, so every test app starts empty. */
export async function freshPgUrl(base: string): Promise<string> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = await openDatabase(base);
  await sql.raw(`CREATE SCHEMA ${schema}`).execute(admin.db);
  await admin.close();
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

export async function startApi(
  backend: Backend = 'sqlite',
  opts: {
    members?: number;
    env?: Record<string, string>;
    databaseUrl?: string;
    dataDir?: string;
    /** A real mailer (e.g. SMTP to a test server) behind the recording one. */
    mailer?: Mailer;
    /** A real SMS sender (e.g. a driver pointed at a fake provider) behind the recording one. */
    sms?: SmsSender;
  } = {},
): Promise<TestApi> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'church-api-'));
  const configFor = (url: string) =>
    loadConfig({ ...TEST_ENV, NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: url, ...opts.env });
  // A database given is used as it is (migrated here); otherwise a copy of the run's migrated and seeded one.
  const kind = { members: opts.members ?? 3, env: opts.env ?? {} };
  let databaseUrl = opts.databaseUrl;
  if (!databaseUrl && backend === 'postgres') databaseUrl = await seededPg(inject('pgUrl'), kind, configFor);
  if (!databaseUrl) {
    databaseUrl = `file:${join(dataDir, 'church.db')}`;
    await seededSqlite(join(dataDir, 'church.db'), kind, configFor);
  }
  const config = configFor(databaseUrl);
  const database = await openDatabase(databaseUrl);
  if (opts.databaseUrl) await migrateToLatest(database.db, database.dialect);
  const clock = {
    now: Date.now(),
    advance(ms: number) {
      this.now += ms;
    },
  };
  const mails: MailMessage[] = [];
  const texts: SmsMessage[] = [];
  const content = createContentEvents();
  // The media storage is a directory in the test's temporary DATA_DIR (where avatar tests look for files).
  const media = directoryStore(config.uploadsDir);
  const views = createViewCounter(database.db, () => clock.now);
  const deps = {
    database,
    config,
    now: () => clock.now,
    mailer: {
      send: async (m: MailMessage) => {
        mails.push(m);
        await opts.mailer?.send(m);
      },
      // Whether mail is configured is the given mailer's (none: as a configured one, so rows read "sent").
      ...(opts.mailer?.health && { health: () => opts.mailer!.health!() }),
    },
    sms: {
      provider: opts.sms?.provider ?? 'log',
      send: async (m: SmsMessage) => {
        texts.push(m);
        return (await opts.sms?.send(m)) ?? {};
      },
    } satisfies SmsSender,
    content,
    media,
    views,
  };
  const outbox = await startOutboxWorker(deps);
  const app = createApp({ ...deps, outbox });
  // The same HTTP shell as `npm start`, without the pages.
  const shell = createShell({ api: app, logRequests: config.logRequests });
  // The tests' fetch and this server share one event loop. Node closes a connection idle for 5 s and tells fetch so,
  // which stops reusing it 2 s before; a loop held up longer than that, by a thousand requests at once on a busy
  // machine, let fetch send on a connection the server then closed unread (ECONNRESET, once in accounts-hold.test.ts).
  // Connections left idle are closed with the server (shell.stop).
  shell.server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => shell.server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(shell.server.address() as AddressInfo).port}`;
  let closed: Promise<void> | undefined;

  const api: TestApi = {
    url,
    config,
    database,
    clock,
    mails,
    sms: texts,
    outbox,
    content,
    views,
    async request(method, path, { token, body, raw, headers = {} } = {}) {
      const h: Record<string, string> = { 'X-Platform': 'web', ...headers };
      if (token) h.Authorization = `Bearer ${token}`;
      let payload: BodyInit | undefined = raw;
      if (body !== undefined) {
        payload = JSON.stringify(body);
        h['Content-Type'] ??= 'application/json';
      }
      const res = await fetch(url + '/api/v1' + path, { method, headers: h, body: payload });
      const text = await res.text();
      await outbox.settle();
      let parsed: any = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        /* not JSON: keep the text */
      }
      return { status: res.status, body: parsed, headers: res.headers };
    },
    async login(username, password = DEMO_PASSWORD) {
      const res = await api.request('POST', '/auth/login/', { body: { username, password } });
      if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    },
    async tokenFor(username) {
      return (await api.login(username)).access;
    },
    async createUser({ username, role, can_access_web, is_suspended, email }) {
      const demo = await database.db
        .selectFrom('users')
        .select('password_hash')
        .where('username', '=', 'admin')
        .executeTakeFirstOrThrow();
      const row = await database.db
        .insertInto('users')
        .values(
          newUserRow({
            username,
            email: email ?? `${username}@test.example.org`,
            password_hash: demo.password_hash,
            first_name: 'Test',
            last_name: username,
            role,
            is_suspended: is_suspended ?? false,
            can_access_web: can_access_web ?? role !== 'MEMBER',
            date_joined: new Date(clock.now).toISOString(),
          }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },
    async userRow(id) {
      return database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async auditCount(action, actorId) {
      const row = await database.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('action', '=', action)
        .where('actor_id', '=', actorId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    close() {
      closed ??= (async () => {
        running.delete(api);
        await shell.stop();
        await outbox.close();
        await views.close();
        await database.close();
        if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
      })();
      return closed;
    },
  };
  running.add(api);
  return api;
}

// Every server a test file started is stopped when the file ends, also when a test failed before its
// own close() (or forgot it): no server outlives its test file.
const running = new Set<TestApi>();
afterAll(async () => {
  await Promise.all([...running].map((api) => api.close()));
});

/** The demo network's assemblies of Tema and Kasoa (the seed's branches below the root), by id. */
export async function demoAssemblies(api: TestApi): Promise<{ tema: number; kasoa: number }> {
  const branches = await api.database.db.selectFrom('branches').select(['id', 'slug']).execute();
  const idOf = (slug: string) => Number(branches.find((b) => b.slug === slug)!.id);
  return { tema: idOf('grace-chapel-tema'), kasoa: idOf('grace-chapel-kasoa') };
}

/** A new account of `role` at the branch `branchId`, signed in: its access token. */
export async function staffAt(api: TestApi, username: string, role: Role, branchId: number): Promise<string> {
  const id = await api.createUser({ username, role });
  await api.database.db.updateTable('users').set({ branch_id: branchId }).where('id', '=', id).execute();
  return api.tokenFor(username);
}

/** Everything a user-management call could change, to prove a refused call changed nothing. */
export async function snapshot(api: TestApi) {
  const db = api.database.db;
  const [users, audit, tokens, resets] = await Promise.all([
    db.selectFrom('users').selectAll().orderBy('id').execute(),
    db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    db.selectFrom('refresh_tokens').select(['id', 'used_at', 'revoked_at']).orderBy('id').execute(),
    db
      .selectFrom('password_reset_tokens')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const normal = users.map((u) => ({
    ...u,
    last_seen: null,
    is_active: Boolean(u.is_active),
    is_suspended: Boolean(u.is_suspended),
    can_access_web: Boolean(u.can_access_web),
  }));
  return JSON.stringify({ normal, audit: Number(audit.n), tokens, resets: Number(resets.n) });
}

// Tiny valid images (headers are what the server checks).
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
export const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');

/** A hash of the earlier scheme, as the server stored them before argon2id. */
export function scryptHash(password: string, N = 2 ** 10): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 32, { N, r: 8, p: 1 });
  return ['scrypt', N, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

/**
 * A fresh database of `backend` migrated up to and including `migration`, as migrateToLatest would (on PostgreSQL
 * the migration tables in the test's own schema): for a test of what a later migration does to the data then there.
 */
export async function databaseAt(backend: Backend, migration: string): Promise<Database> {
  const url =
    backend === 'postgres'
      ? await freshPgUrl(inject('pgUrl'))
      : `file:${join(mkdtempSync(join(tmpdir(), 'church-mig-')), 'church.db')}`;
  const database = await openDatabase(url);
  const migrationTableSchema =
    database.dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db)).rows[0].schema
      : undefined;
  const provider = { getMigrations: async () => migrations(database.dialect) };
  const { error } = await new Migrator({ db: database.db, provider, migrationTableSchema }).migrateTo(migration);
  if (error) {
    await database.close();
    throw error;
  }
  return database;
}
