// SMTP through nodemailer. SMTP_URL=smtp://user:pass@host:587 upgrades to TLS with STARTTLS when the
// server offers it; smtps://user:pass@host:465 is TLS from the start. nodemailer's URL options work too
// (e.g. ?tls.rejectUnauthorized=false for a local relay with a self-signed certificate). MAIL_FROM is
// the sender. nodemailer keeps header values on one line and dot-stuffs the body. It is loaded on the first
// send, not at start-up (a fifth of the server's code, and most installs send little mail).
import type { Transporter } from 'nodemailer';
import type { Mailer } from '../kernel/ports';

/** A stuck mail server must not hold a request (e.g. a password reset) for minutes. */
const TIMEOUT_MS = 10_000;

export function smtpMailer(url: string, from: string): Mailer {
  let transport: Promise<Transporter> | undefined;
  const connect = () =>
    import('nodemailer').then(({ createTransport }) =>
      createTransport({ url, connectionTimeout: TIMEOUT_MS, greetingTimeout: TIMEOUT_MS, socketTimeout: TIMEOUT_MS }),
    );
  return {
    async send({ to, bcc, subject, text, replyTo, attachments, key }) {
      // A failed load is tried again at the next send.
      transport ??= connect().catch((err: unknown) => {
        transport = undefined;
        throw err;
      });
      const messageId = key && messageIdOf(key, from);
      await (await transport).sendMail({ from, to, bcc, subject, text, replyTo, attachments, messageId });
    },
  };
}

/** The outbox key as a Message-ID (`<registration.42.confirmation@church.org>`): a resent copy carries the same. */
export function messageIdOf(key: string, from: string): string {
  const domain = /@([^\s@>]+)/.exec(from)?.[1] ?? 'localhost';
  return `<${key.replace(/[^A-Za-z0-9._-]/g, '.')}@${domain}>`;
}
