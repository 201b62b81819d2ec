// The SMTP mailer against a real SMTP server (smtp-server, with its built-in self-signed certificate):
// STARTTLS and implicit TLS, authentication, the sender from MAIL_FROM, and the message as delivered
// (recipient, subject without injected headers, body with a dot-led line intact).
import { afterEach, describe, expect, it } from 'vitest';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { createMailer, logMailer } from '../../src/server/mail/mailer';
import { smtpMailer } from '../../src/server/mail/smtp';

interface Delivery {
  from: string;
  to: string[];
  user?: string;
  secure: boolean;
  data: string;
}

let server: SMTPServer | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function startSmtp(options: SMTPServerOptions = {}) {
  const delivered: Delivery[] = [];
  server = new SMTPServer({
    logger: false,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, callback) {
      if (auth.username === 'church' && auth.password === 's@cret') return callback(null, { user: auth.username });
      callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      let data = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (data += chunk));
      stream.on('end', () => {
        delivered.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
          secure: session.secure,
          data: data.replace(/\r\n/g, '\n'),
        });
        callback();
      });
    },
    ...options,
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, delivered };
}

const message = {
  to: 'ama@example.org',
  subject: 'Reset\r\nBcc: evil@example.org',
  text: 'Line one\n.hidden dot line\nhttps://x/reset?token=abc',
};

function expectDelivered(d: Delivery) {
  expect(d.to).toEqual(['ama@example.org']);
  expect(d.from).toBe('office@gracechapel.example.org');
  expect(d.data).toMatch(/^From: office@gracechapel\.example\.org$/m);
  expect(d.data).toMatch(/^To: ama@example\.org$/m);
  // The line break in the subject does not start a header of its own.
  expect(d.data).toMatch(/^Subject: Reset Bcc: evil@example\.org$/m);
  expect(d.data).not.toMatch(/^Bcc:/m);
  const body = d.data.slice(d.data.indexOf('\n\n') + 2);
  expect(body).toContain('Line one\n.hidden dot line\nhttps://x/reset?token=abc');
}

describe('SMTP mailer', () => {
  it('delivers over smtp:// after STARTTLS, signed in', async () => {
    const { port, delivered } = await startSmtp();
    const url = `smtp://church:s%40cret@127.0.0.1:${port}?tls.rejectUnauthorized=false`;
    await smtpMailer(url, 'office@gracechapel.example.org').send(message);
    expect(delivered).toHaveLength(1);
    expect(delivered[0].secure).toBe(true);
    expect(delivered[0].user).toBe('church');
    expectDelivered(delivered[0]);
  });

  it('delivers over smtps:// (TLS from the start)', async () => {
    const { port, delivered } = await startSmtp({ secure: true });
    const url = `smtps://church:s%40cret@127.0.0.1:${port}?tls.rejectUnauthorized=false`;
    await smtpMailer(url, 'office@gracechapel.example.org').send(message);
    expect(delivered).toHaveLength(1);
    expect(delivered[0].secure).toBe(true);
    expectDelivered(delivered[0]);
  });

  it('refuses a server whose certificate it cannot verify', async () => {
    const { port, delivered } = await startSmtp();
    const mailer = smtpMailer(`smtp://church:s%40cret@127.0.0.1:${port}`, 'office@gracechapel.example.org');
    await expect(mailer.send(message)).rejects.toThrow(/certificate/i);
    expect(delivered).toEqual([]);
  });

  it('rejects when the server refuses the password or the recipient', async () => {
    const { port, delivered } = await startSmtp({
      onRcptTo(address, _session, callback) {
        if (address.address.endsWith('@nowhere.example')) return callback(new Error('No such mailbox'));
        callback();
      },
    });
    const base = `127.0.0.1:${port}?tls.rejectUnauthorized=false`;
    await expect(smtpMailer(`smtp://church:wrong@${base}`, 'office@x.org').send(message)).rejects.toThrow(/535/);
    await expect(
      smtpMailer(`smtp://church:s%40cret@${base}`, 'office@x.org').send({ ...message, to: 'x@nowhere.example' }),
    ).rejects.toThrow(/No such mailbox/);
    expect(delivered).toEqual([]);
  });

  it('logs mail instead when SMTP_URL is unset', () => {
    expect(createMailer({ smtpUrl: null, mailFrom: 'office@x.org' })).toBe(logMailer);
  });
});
