// Several instances on one PostgreSQL each keep their own cache of the public pages; this carries every content
// change to all of them through PostgreSQL LISTEN/NOTIFY (docs/DEPLOY.md, docs/ARCHITECTURE.md).
// - A local write (the content change hook, ./events.ts) is announced with pg_notify on the pool.
// - One dedicated connection (not from the pool: a pooled connection is handed back, and its LISTEN with it)
//   listens; a notification from another instance purges the local pages only, and is never re-announced, so
//   nothing loops. The instance's own notifications come back too and are ignored.
// - When the listening connection drops, it reconnects with a growing delay; each time it (re)connects it
//   purges everything, since notifications sent while it was away are lost: on doubt, render fresh.
// SQLite needs none of this: one process owns the file.
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Client } from 'pg';
import { z } from 'zod';
import { LIVE_TAGS, type LiveTag } from '../../lib/shared/live/types';
import type { ContentEvents } from './events';
import type { DB } from '../db/schema';

export const CONTENT_CHANNEL = 'church_content';

const message = z.object({ from: z.string(), collections: z.array(z.enum(LIVE_TAGS)) });

export interface ContentSyncOptions {
  /** The PostgreSQL URL of the pool (DATABASE_URL). */
  url: string;
  /** The pool, which sends the notifications (a write is announced even while the listener reconnects). */
  db: Kysely<DB>;
  /** This instance's change hook: its writes are announced to the others. */
  content: ContentEvents;
  /** Drops this instance's cached pages of these collections. */
  purge(collections: readonly LiveTag[]): unknown;
  channel?: string;
  instanceId?: string;
  /** Delay before the first reconnect, doubled on each failure up to maxRetryMs. */
  retryMs?: number;
  maxRetryMs?: number;
}

export interface ContentSync {
  instanceId: string;
  /** Resolves once the first LISTEN is in place. */
  ready: Promise<void>;
  close(): Promise<void>;
}

const log = (level: 'info' | 'warn' | 'error', msg: string, error?: unknown) =>
  console[level === 'info' ? 'log' : level](
    JSON.stringify({ level, msg, ...(error === undefined ? {} : { error: String(error) }) }),
  );

export function startContentSync(options: ContentSyncOptions): ContentSync {
  const { url, db, content, purge } = options;
  const channel = options.channel ?? CONTENT_CHANNEL;
  const instanceId = options.instanceId ?? randomUUID();
  const firstRetry = options.retryMs ?? 500;
  const maxRetry = options.maxRetryMs ?? 30_000;

  let closed = false;
  let client: Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let retry = firstRetry;
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const purgeSafely = async (collections: readonly LiveTag[]) => {
    try {
      await purge(collections);
    } catch (err) {
      log('error', 'content sync purge failed', err);
    }
  };

  const unsubscribe = content.subscribe(async (collections) => {
    const payload = JSON.stringify({ from: instanceId, collections });
    await sql`SELECT pg_notify(${channel}, ${payload})`.execute(db);
  });

  function onNotification(payload: string | undefined) {
    let parsed: z.infer<typeof message>;
    try {
      parsed = message.parse(JSON.parse(payload ?? ''));
    } catch {
      // Unreadable: whatever changed, the pages must not stay stale.
      void purgeSafely(LIVE_TAGS);
      return;
    }
    if (parsed.from !== instanceId) void purgeSafely(parsed.collections);
  }

  function scheduleReconnect() {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, retry);
    retry = Math.min(retry * 2, maxRetry);
  }

  /** Drops this connection (once) and tries again later. */
  function lost(which: Client, err?: unknown) {
    if (client !== which) return;
    client = undefined;
    which.end().catch(() => undefined);
    if (!closed) {
      log('warn', 'content sync: listening connection lost, reconnecting', err ?? 'ended');
      scheduleReconnect();
    }
  }

  async function connect() {
    const pg = await import('pg');
    const Client = pg.default?.Client ?? (pg as unknown as { Client: typeof import('pg').Client }).Client;
    if (closed) return;
    // The instance id in application_name lets an operator find each instance's listener in pg_stat_activity.
    const next = new Client({
      connectionString: url,
      keepAlive: true,
      application_name: `church_content_sync ${instanceId}`.slice(0, 63),
    });
    client = next;
    next.on('error', (err) => lost(next, err));
    next.on('end', () => lost(next));
    next.on('notification', (n) => {
      if (n.channel === channel) onNotification(n.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${quoteIdent(channel)}`);
    } catch (err) {
      lost(next, err);
      return;
    }
    if (closed || client !== next) return;
    retry = firstRetry;
    await purgeSafely(LIVE_TAGS);
    markReady();
  }

  void connect();

  return {
    instanceId,
    ready,
    async close() {
      closed = true;
      unsubscribe();
      clearTimeout(timer);
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  };
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
