// One app per process: configuration, database (migrated, and seeded with the demo accounts on an
// empty database outside production), then the Hono app. The first request waits for all of it.
import { loadConfig } from './config';
import type { Database } from './db/connection';
import { prepareDatabase } from './db/prepare';
import { createApp } from './http/app';
import { logMailer } from './mail/mailer';
import { smtpMailer } from './mail/smtp';

type Runtime = { app: ReturnType<typeof createApp>; database: Database };
let runtime: Promise<Runtime> | null = null;

export function getRuntime(): Promise<Runtime> {
  runtime ??= (async () => {
    const config = loadConfig();
    const database = await prepareDatabase(config);
    return {
      database,
      app: createApp({
        database,
        config,
        now: Date.now,
        mailer: config.smtpUrl ? smtpMailer(config.smtpUrl) : logMailer,
      }),
    };
  })();
  runtime.catch(() => (runtime = null));
  return runtime;
}

export async function closeRuntime(): Promise<void> {
  if (!runtime) return;
  const r = await runtime.catch(() => null);
  runtime = null;
  await r?.database.close();
}

// scripts/start.mjs closes the database through this hook on SIGTERM, after in-flight requests finish.
(globalThis as Record<symbol, unknown>)[Symbol.for('church.api.close')] = closeRuntime;

/** What the Astro endpoint calls: every request waits for the migrated database. */
export const app = {
  async fetch(request: Request): Promise<Response> {
    try {
      return (await getRuntime()).app.fetch(request);
    } catch (err) {
      console.error(JSON.stringify({ level: 'error', msg: 'api start failed', error: String(err) }));
      return Response.json({ detail: 'The service is starting or unavailable.' }, { status: 503 });
    }
  },
};
