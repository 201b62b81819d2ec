// Outgoing mail behind one small interface. With SMTP_URL the message goes out over SMTP (./smtp.ts);
// without it, it is written to the server log (with any reset link), which is what a single-machine
// church install can read.
import type { ServerConfig } from '../config';
import type { MailHealth, Mailer } from '../kernel/ports';
import { smtpMailer } from './smtp';

export type { MailAttachment, MailHealth, MailMessage, Mailer } from '../kernel/ports';

export const logMailer: Mailer = {
  async send(message) {
    console.log(
      JSON.stringify({
        level: 'info',
        msg: 'mail',
        to: message.to,
        ...(message.bcc?.length && { bcc: message.bcc.length }),
        subject: message.subject,
        text: message.text,
        ...(message.replyTo && { replyTo: message.replyTo }),
        ...(message.attachments?.length && { attachments: message.attachments.map((a) => a.filename) }),
      }),
    );
  },
};

export function createMailer(config: Pick<ServerConfig, 'smtpUrl' | 'mailFrom'>): Mailer {
  return withHealth(config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : logMailer, !!config.smtpUrl);
}

/** The mailer, remembering how its last send went. */
export function withHealth(mailer: Mailer, configured: boolean): Mailer {
  let last: MailHealth['last'] = null;
  return {
    async send(message) {
      try {
        await mailer.send(message);
        last = { ok: true, at: new Date().toISOString() };
      } catch (err) {
        last = { ok: false, at: new Date().toISOString(), error: String((err as Error)?.message ?? err) };
        throw err;
      }
    },
    health: () => ({ configured, last }),
  };
}
