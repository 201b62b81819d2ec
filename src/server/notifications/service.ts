// Who hears about what visitors send (contact messages, prayer requests, registrations), and the sending.
// The recipients are a setting (SUPERADMIN and ADMIN edit it); until someone sets it, the active
// SUPERADMIN and ADMIN accounts that want email notifications receive them. A failed send is logged and
// never fails the visitor's submission: the portal shows everything whether mail works or not.
import { z } from 'zod';
import type { AppDeps } from '../context';
import type { MailAttachment } from '../mail/mailer';
import { readSetting, writeSetting } from '../settings/store';

export const RECIPIENTS_KEY = 'notification_recipients';
export const recipientsSchema = z.array(z.email()).max(20);

/** The configured list, or null when nobody has set one; null or empty, the administrators receive the mail. */
export async function configuredRecipients(deps: AppDeps): Promise<string[] | null> {
  return (await readSetting(deps.database.db, RECIPIENTS_KEY, recipientsSchema)) ?? null;
}

export async function saveRecipients(deps: AppDeps, emails: string[]): Promise<void> {
  await writeSetting(deps.database.db, RECIPIENTS_KEY, emails, deps.now());
}

export async function notificationRecipients(deps: AppDeps): Promise<string[]> {
  const configured = await configuredRecipients(deps);
  if (configured?.length) return configured;
  const admins = await deps.database.db
    .selectFrom('users')
    .select('email')
    .where('role', 'in', ['SUPERADMIN', 'ADMIN'])
    .where('is_active', '=', true)
    .where('is_suspended', '=', false)
    .where('email_notifications', '=', true)
    .orderBy('id')
    .execute();
  return admins.map((a) => a.email);
}

/** A header value from visitor text: no line breaks, so nothing typed can add a mail header. */
export const oneLine = (text: string) => text.replace(/[\r\n\u2028\u2029]+/g, ' ').trim();

export interface StaffNotice {
  subject: string;
  text: string;
  /** The visitor's address, so a reply goes to them. */
  replyTo?: string;
  attachments?: MailAttachment[];
}

/** Emails the notification recipients; never throws. */
export async function notifyStaff(deps: AppDeps, notice: StaffNotice): Promise<void> {
  try {
    const to = await notificationRecipients(deps);
    if (!to.length) return;
    await deps.mailer.send({
      to: to.join(', '),
      subject: oneLine(notice.subject),
      text: notice.text,
      ...(notice.replyTo && { replyTo: oneLine(notice.replyTo) }),
      ...(notice.attachments && { attachments: notice.attachments }),
    });
  } catch (err) {
    console.error(JSON.stringify({ level: 'error', msg: 'notification mail failed', error: String(err) }));
  }
}
