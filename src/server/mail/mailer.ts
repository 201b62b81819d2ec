// Outgoing mail behind one small interface. With SMTP_URL the message goes out over SMTP (./smtp.ts);
// without it, it is written to the server log (with any reset link), which is what a single-machine
// church install can read.
import type { ServerConfig } from '../config';
import { smtpMailer } from './smtp';

export interface MailAttachment {
  filename: string;
  content: string | Buffer;
  contentType?: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export const logMailer: Mailer = {
  async send(message) {
    console.log(
      JSON.stringify({
        level: 'info',
        msg: 'mail',
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.replyTo && { replyTo: message.replyTo }),
        ...(message.attachments?.length && { attachments: message.attachments.map((a) => a.filename) }),
      }),
    );
  },
};

export function createMailer(config: Pick<ServerConfig, 'smtpUrl' | 'mailFrom'>): Mailer {
  return config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : logMailer;
}
