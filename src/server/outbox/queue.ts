// Putting a message in the outbox: one row, written with the transaction of the change that causes it, so the
// message exists exactly when the change does (a registration and its confirmation, a reset token and its
// mail). The worker (./worker.ts) sends it afterwards, with retries. A key names the message by its cause
// (`registration:42:confirmation`): queueing the same key again changes nothing.
import type { Kysely, Transaction } from 'kysely';
import type { MailMessage } from '../kernel/ports';
import { inChunks } from '../db/batch';
import type { DB } from '../db/schema';

type Writer = Kysely<DB> | Transaction<DB>;

/** An email as the outbox keeps it: attachments' bytes as base64 (the payload is JSON). */
export interface EmailPayload extends Omit<MailMessage, 'to' | 'subject' | 'attachments'> {
  attachments?: { filename: string; contentBase64: string; contentType?: string }[];
}

export interface SmsPayload {
  text: string;
}

/** `branchId`: the branch the message concerns (staff of that branch see it on the Outbox); default the root. */
export async function queueEmail(
  db: Writer,
  key: string,
  message: MailMessage,
  nowMs: number,
  branchId?: number,
): Promise<void> {
  const { to, subject, attachments, ...rest } = message;
  const payload: EmailPayload = {
    ...rest,
    ...(attachments?.length && {
      attachments: attachments.map((a) => ({
        filename: a.filename,
        contentBase64: Buffer.from(a.content).toString('base64'),
        ...(a.contentType && { contentType: a.contentType }),
      })),
    }),
  };
  await insert(
    db,
    { channel: 'email', recipient: to, subject, payload: JSON.stringify(payload), key },
    nowMs,
    branchId,
  );
}

/** `to` as the providers take it: 233XXXXXXXXX (smsNumber of src/lib/shared/sms/numbers.ts). */
export async function queueSms(
  db: Writer,
  key: string,
  sms: { to: string; text: string },
  nowMs: number,
  branchId?: number,
) {
  await queueSmsMany(db, [{ key, ...sms }], nowMs, branchId);
}

/** Many SMS in a few statements (a broadcast to thousands of members queues in about a second). */
export async function queueSmsMany(
  db: Writer,
  messages: { key: string; to: string; text: string }[],
  nowMs: number,
  branchId?: number,
) {
  const rows = messages.map((m) => ({
    channel: 'sms' as const,
    recipient: m.to,
    subject: null,
    payload: JSON.stringify({ text: m.text } satisfies SmsPayload),
    key: m.key,
  }));
  await insert(db, rows, nowMs, branchId);
}

type NewRow = { channel: 'email' | 'sms'; recipient: string; subject: string | null; payload: string; key: string };

async function insert(db: Writer, rows: NewRow | NewRow[], nowMs: number, branchId?: number) {
  const now = new Date(nowMs).toISOString();
  const values = (Array.isArray(rows) ? rows : [rows]).map((row) => ({
    channel: row.channel,
    recipient: row.recipient,
    subject: row.subject,
    payload: row.payload,
    idempotency_key: row.key,
    status: 'queued' as const,
    attempts: 0,
    next_attempt_at: now,
    created_at: now,
    ...(branchId !== undefined && { branch_id: branchId }),
  }));
  for (const chunk of inChunks(values)) {
    await db
      .insertInto('outbox')
      .values(chunk)
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .execute();
  }
}
