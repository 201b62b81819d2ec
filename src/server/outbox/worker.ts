// The outbox worker: one per process, sending the rows queued by ./queue.ts. It claims due rows in small batches
// with a lease (`claimed_until`), sends them, and records the outcome: sent, or tried again later with backoff,
// or failed for good (a provider's refusal, or too many tries). On PostgreSQL the claim skips rows another
// instance holds (FOR UPDATE SKIP LOCKED inside the claiming UPDATE), so instances share the work and a row is
// claimed by one of them at a time; a crashed instance's claims return to the pool when their lease runs out.
// SQLite is one process, so leftover claims of a killed one are released at start.
//
// A process wakes its worker as soon as it has queued (wake(), after the transaction commits), so a
// confirmation leaves within milliseconds; the job runner's `outbox` job (src/server/jobs/outbox.ts) polls every
// second, on one instance at a time, for what other instances queued and the retries that came due. Sending is at
// least once at the provider: a process killed between the provider's acceptance and the row's update sends that
// row again after restart (the key goes with it, as the mail's Message-ID and the SMS providers' reference, so the
// copies can be told apart).
import type { Database } from '../db/connection';
import type { Mailer, MailMessage, SmsSender } from '../kernel/ports';
import { SendRefused } from '../kernel/ports';
import type { Selectable } from 'kysely';
import type { OutboxTable } from '../db/schema';
import { iso } from '../db/time';
import { logSmsSender } from '../sms/log';
import type { EmailPayload, SmsPayload } from './queue';

/** The waits after the 1st, 2nd, … failed attempt; the attempt after the last of them is the last. */
export const BACKOFF_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000] as const;
/** Longer than any send may take (the SMTP and SMS timeouts are 10 s a step). */
export const LEASE_MS = 60_000;
/** Sent side by side in one pass: enough to keep a mail server busy, few enough to be held briefly. */
const BATCH = 20;

type Row = Selectable<OutboxTable>;

export interface OutboxWorkerDeps {
  database: Database;
  mailer: Mailer;
  /** Without one (a test app that sends no SMS), SMS are written to the log. */
  sms?: SmsSender;
  now: () => number;
}

export interface OutboxWorker {
  /** Something was queued: look now rather than at the next poll. */
  wake(): void;
  /** Sends what is due, batch after batch while they come full (the job runner's poll). */
  poll(): Promise<void>;
  /** Sends everything due now, then resolves (tests, and a clean shutdown). */
  settle(): Promise<void>;
  /** Stops polling and waits for the sends under way. */
  close(): Promise<void>;
}

export async function startOutboxWorker(deps: OutboxWorkerDeps): Promise<OutboxWorker> {
  const db = deps.database.db;
  if (deps.database.dialect === 'sqlite') {
    await db.updateTable('outbox').set({ claimed_until: null }).where('status', '=', 'queued').execute();
  }
  // Passes run one after another: a wake during a pass asks for one more.
  let chain: Promise<number> = Promise.resolve(0);
  const pass = () => (chain = chain.then(() => sendDue(deps), logPassError));
  let closed = false;
  let again = false;
  let looping = false;
  let current: Promise<void> = Promise.resolve();

  async function loop() {
    looping = true;
    try {
      do {
        again = false;
        // A full batch means more may be waiting.
        while ((await pass()) === BATCH && !closed);
      } while (again && !closed);
    } finally {
      // Here, not in a later callback: a wake after the last look at `again` starts a new loop.
      looping = false;
    }
  }
  const poll = () => (looping || closed ? current : (current = loop()));

  return {
    wake() {
      again = true;
      void poll();
    },
    poll,
    async settle() {
      while ((await pass()) > 0);
    },
    async close() {
      closed = true;
      await current;
      await chain;
    },
  };
}

function logPassError(err: unknown): number {
  console.error(JSON.stringify({ level: 'error', msg: 'outbox pass failed', error: String(err) }));
  return 0;
}

/** Claims up to BATCH due rows and sends them; answers how many it claimed. */
async function sendDue(deps: OutboxWorkerDeps): Promise<number> {
  const rows = await claim(deps.database, deps.now());
  await Promise.all(rows.map((row) => sendOne(deps, row)));
  return rows.length;
}

/** The rows due to be sent at this moment: queued, their time come, and nobody's claim on them alive. */
function dueRows(database: Database, nowMs: number) {
  const now = iso(nowMs);
  return database.db
    .selectFrom('outbox')
    .select('id')
    .where('status', '=', 'queued')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]));
}

/** Whether any row is due: one indexed read, for the job runner to skip an idle poll's lease. */
export async function hasDue(database: Database, nowMs: number): Promise<boolean> {
  return (await dueRows(database, nowMs).limit(1).executeTakeFirst()) !== undefined;
}

async function claim(database: Database, nowMs: number): Promise<Row[]> {
  const until = iso(nowMs + LEASE_MS);
  const due = dueRows(database, nowMs).orderBy('next_attempt_at').orderBy('id').limit(BATCH);
  // SKIP LOCKED: rows another instance is claiming this instant are left to it rather than waited for.
  const chosen = database.dialect === 'postgres' ? due.forUpdate().skipLocked() : due;
  return database.db
    .updateTable('outbox')
    .set({ claimed_until: until })
    .where('id', 'in', chosen)
    .returningAll()
    .execute();
}

async function sendOne(deps: OutboxWorkerDeps, row: Row): Promise<void> {
  const db = deps.database.db;
  const attempts = row.attempts + 1;
  try {
    const { providerId, logged } = await deliver(deps, row);
    await db
      .updateTable('outbox')
      .set({
        status: logged ? 'logged' : 'sent',
        attempts,
        sent_at: iso(deps.now()),
        provider_id: providerId ?? null,
        claimed_until: null,
      })
      .where('id', '=', row.id)
      .execute();
  } catch (err) {
    const error = String((err as Error)?.message ?? err).slice(0, 1000);
    const wait = err instanceof SendRefused ? undefined : BACKOFF_MS[attempts - 1];
    const retryAt = wait === undefined ? null : iso(deps.now() + wait);
    console.error(
      JSON.stringify({
        level: 'error',
        msg: 'outbox send failed',
        id: Number(row.id),
        key: row.idempotency_key,
        channel: row.channel,
        attempts,
        error,
        ...(retryAt ? { retryAt } : { failed: true }),
      }),
    );
    await db
      .updateTable('outbox')
      .set({
        status: retryAt ? 'queued' : 'failed',
        attempts,
        last_error: error,
        // A failed row keeps the time it failed there (the System Status counts today's failures by it).
        next_attempt_at: retryAt ?? iso(deps.now()),
        claimed_until: null,
      })
      .where('id', '=', row.id)
      .execute()
      .catch(logPassError);
  }
}

/** Sends the row; `logged` when it only went to the server log (no mail server or SMS provider): nobody got it. */
async function deliver(deps: OutboxWorkerDeps, row: Row): Promise<{ providerId?: string; logged: boolean }> {
  if (row.channel === 'sms') {
    const { text } = JSON.parse(row.payload) as SmsPayload;
    const sender = deps.sms ?? logSmsSender;
    const { providerId } = await sender.send({ to: row.recipient, text, key: row.idempotency_key });
    return { providerId, logged: sender.provider === 'log' };
  }
  await deps.mailer.send(mailOf(row));
  return { logged: deps.mailer.health?.().configured === false };
}

/** The row's email as the mailer takes it. */
export function mailOf(row: Pick<Row, 'recipient' | 'subject' | 'payload' | 'idempotency_key'>): MailMessage {
  const { attachments, ...rest } = JSON.parse(row.payload) as EmailPayload;
  return {
    ...rest,
    to: row.recipient,
    subject: row.subject ?? '',
    key: row.idempotency_key,
    ...(attachments && {
      attachments: attachments.map((a) => ({
        filename: a.filename,
        content: Buffer.from(a.contentBase64, 'base64'),
        ...(a.contentType && { contentType: a.contentType }),
      })),
    }),
  };
}
