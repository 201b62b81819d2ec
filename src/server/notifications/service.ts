// Who hears about what visitors send (contact messages, prayer requests, registrations), and the sending.
// Each kind has its own list, else the default list, both settings (SUPERADMIN and ADMIN edit them); with
// neither, the active SUPERADMIN and ADMIN accounts receive them, each as their profile's notification switches
// allow (email at all; prayer requests; event registrations, under "event reminders"). A configured list is
// addresses, used as is. A notice is queued in the outbox in the transaction that stores the submission, so it
// goes out with retries however the mail server is doing, and never holds or fails the visitor's submission.
// By SMS (urgent prayer requests, when SMS is configured): the staff who chose SMS and receive that kind.
import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { MailAttachment } from '../kernel/ports';
import { queueEmail, queueSms } from '../outbox/queue';
import { smsNumber } from '../../lib/shared/sms/numbers';
import { STAFF_ROLES } from '../../lib/shared/permissions';
import { readSetting, writeSetting } from '../settings/service';
import type { RecipientKind } from '../../lib/shared/settings/api';

export const RECIPIENTS_KEY = 'notification_recipients';
export const KIND_RECIPIENTS_KEY = 'notification_recipients_by_kind';
export const recipientsSchema = z.array(z.email()).max(20);
const byKindSchema = z.object({
  message: recipientsSchema.optional(),
  prayer: recipientsSchema.optional(),
  registration: recipientsSchema.optional(),
});
export type KindLists = z.infer<typeof byKindSchema>;

/** The default list, or null when nobody has set one. */
export async function configuredRecipients(db: Kysely<DB>): Promise<string[] | null> {
  return (await readSetting(db, RECIPIENTS_KEY, recipientsSchema)) ?? null;
}

export async function kindRecipients(db: Kysely<DB>): Promise<KindLists> {
  return (await readSetting(db, KIND_RECIPIENTS_KEY, byKindSchema)) ?? {};
}

export async function saveRecipients(db: Kysely<DB>, emails: string[], byKind: KindLists | undefined, nowMs: number) {
  await writeSetting(db, RECIPIENTS_KEY, emails, nowMs);
  if (byKind) await writeSetting(db, KIND_RECIPIENTS_KEY, { ...(await kindRecipients(db)), ...byKind }, nowMs);
}

/** The profile switch an administrator turns off to stop each kind (besides email notifications as a whole). */
const KIND_SWITCH = {
  message: null,
  prayer: 'prayer_request_notifications',
  registration: 'event_reminders',
} as const;

export async function administrators(db: Kysely<DB>, kind: RecipientKind): Promise<string[]> {
  let query = db
    .selectFrom('users')
    .select('email')
    .where('role', 'in', ['SUPERADMIN', 'ADMIN'])
    .where('is_active', '=', true)
    .where('is_suspended', '=', false)
    .where('email_notifications', '=', true);
  const switchColumn = KIND_SWITCH[kind];
  if (switchColumn) query = query.where(switchColumn, '=', true);
  return (await query.orderBy('id').execute()).map((a) => a.email);
}

export async function notificationRecipients(db: Kysely<DB>, kind: RecipientKind): Promise<string[]> {
  const own = (await kindRecipients(db))[kind];
  if (own?.length) return own;
  const configured = await configuredRecipients(db);
  if (configured?.length) return configured;
  return administrators(db, kind);
}

/** A header value from visitor text: no line breaks, so nothing typed can add a mail header. */
export const oneLine = (text: string) => text.replace(/[\r\n\u2028\u2029]+/g, ' ').trim();

export interface StaffNotice {
  kind: RecipientKind;
  subject: string;
  text: string;
  /** The visitor's address, so a reply goes to them. */
  replyTo?: string;
  attachments?: MailAttachment[];
}

/**
 * Queues the notice to the recipients of its kind in the caller's transaction, under `key` (the submission's:
 * `message:42:staff`).
 */
export async function queueStaffNotice(trx: Kysely<DB>, key: string, notice: StaffNotice, nowMs: number) {
  const to = await notificationRecipients(trx, notice.kind);
  if (!to.length) return;
  const mail = {
    to: to.join(', '),
    subject: oneLine(notice.subject),
    text: notice.text,
    ...(notice.replyTo && { replyTo: oneLine(notice.replyTo) }),
    ...(notice.attachments && { attachments: notice.attachments }),
  };
  await queueEmail(trx, key, mail, nowMs);
}

/**
 * Staff who get this kind by SMS: active staff with SMS notifications and the kind's switch on, and a phone the
 * providers take (one that is not is skipped: the number is the person's to fix, not a reason to fail).
 */
export async function smsRecipients(db: Kysely<DB>, kind: RecipientKind): Promise<{ id: number; to: string }[]> {
  let query = db
    .selectFrom('users')
    .select(['id', 'phone_number'])
    .where('role', 'in', STAFF_ROLES)
    .where('is_active', '=', true)
    .where('is_suspended', '=', false)
    .where('sms_notifications', '=', true)
    .where('phone_number', 'is not', null);
  const switchColumn = KIND_SWITCH[kind];
  if (switchColumn) query = query.where(switchColumn, '=', true);
  return (await query.orderBy('id').execute()).flatMap((u) => {
    const number = smsNumber(u.phone_number ?? '');
    return number.ok ? [{ id: Number(u.id), to: number.number }] : [];
  });
}

/** Queues one SMS to each staff member who gets this kind by SMS, keyed `<key>:<userId>`. */
export async function queueStaffSms(trx: Kysely<DB>, key: string, kind: RecipientKind, text: string, nowMs: number) {
  for (const person of await smsRecipients(trx, kind)) {
    await queueSms(trx, `${key}:${person.id}`, { to: person.to, text }, nowMs);
  }
}
