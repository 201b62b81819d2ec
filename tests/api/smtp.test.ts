// The SMTP mailer against a real SMTP server (smtp-server, with its built-in self-signed certificate):
// STARTTLS and implicit TLS, authentication, the sender from MAIL_FROM, and the message as delivered
// (recipient, subject without injected headers, body with a dot-led line intact).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { createMailer, withHealth } from '../../src/server/mail/mailer';
import { smtpMailer } from '../../src/server/mail/smtp';
import { writeSetting } from '../../src/server/settings/service';
import { RECIPIENTS_KEY } from '../../src/server/notifications/service';
import { startApi } from './helpers';

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

  it('logs mail instead when SMTP_URL is unset, and says so in its health', async () => {
    const mailer = createMailer({ smtpUrl: null, mailFrom: 'office@x.org' });
    expect(mailer.health?.()).toEqual({ configured: false, last: null });
    const logged = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      await mailer.send({ to: 'a@example.org', subject: 'Hello', text: 'Body' });
      expect(logged).toHaveBeenCalledWith(expect.stringContaining('"msg":"mail"'));
    } finally {
      logged.mockRestore();
    }
    expect(mailer.health?.().last).toMatchObject({ ok: true });
  });

  it('remembers a failed send for the System Status', async () => {
    const failing = withHealth({ send: async () => Promise.reject(new Error('connection refused')) }, true);
    await expect(failing.send({ to: 'a@example.org', subject: 'x', text: 'y' })).rejects.toThrow('connection refused');
    expect(failing.health?.()).toMatchObject({ configured: true, last: { ok: false, error: 'connection refused' } });
  });
});

describe('what visitors send, through a real SMTP server', () => {
  it('a contact message reaches the recipients with Reply-To the visitor and no injected header', async () => {
    const { port, delivered } = await startSmtp();
    const mailer = smtpMailer(
      `smtp://church:s%40cret@127.0.0.1:${port}?tls.rejectUnauthorized=false`,
      'office@gracechapel.example.org',
    );
    const api = await startApi('sqlite', { members: 0, mailer });
    try {
      await writeSetting(api.database.db, RECIPIENTS_KEY, ['pastor@example.org', 'office@example.org'], Date.now());
      const res = await api.request('POST', '/contact/', {
        body: {
          name: 'Ama Owusu',
          email: 'ama@example.org',
          preferredContact: 'email',
          subject: 'Hello\r\nBcc: evil@example.org',
          inquiryType: 'general',
          message: 'A message long enough to pass the twenty character rule.',
        },
      });
      expect(res.status).toBe(201);
      expect(delivered).toHaveLength(1);
      const [d] = delivered;
      expect(d.to.sort()).toEqual(['office@example.org', 'pastor@example.org']);
      expect(d.data).toMatch(/^Reply-To: ama@example\.org$/m);
      expect(d.data).toMatch(/^Subject: New message: Hello Bcc: evil@example\.org$/m);
      expect(d.data).not.toMatch(/^Bcc:/m);
    } finally {
      await api.close();
    }
  });

  it("a registrant's confirmation carries the event as an iCalendar attachment and the cancel link", async () => {
    const { port, delivered } = await startSmtp();
    const mailer = smtpMailer(
      `smtp://church:s%40cret@127.0.0.1:${port}?tls.rejectUnauthorized=false`,
      'office@gracechapel.example.org',
    );
    const api = await startApi('sqlite', { members: 0, mailer });
    try {
      const pastor = await api.tokenFor('pastor');
      const event = await api.request('POST', '/events/', {
        token: pastor,
        body: {
          title: 'Harvest Thanksgiving',
          category: 'special',
          type: 'one-time',
          startDate: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
          startTime: '10:00',
          location: 'Main Sanctuary',
          capacity: 50,
          requiresRegistration: true,
        },
      });
      const res = await api.request('POST', `/events/${event.body.id}/registrations/`, {
        body: { name: 'Kojo\nBcc: evil@example.org', email: 'kojo@example.org', seats: 2 },
      });
      expect(res.status).toBe(201);
      const confirmation = delivered.find((d) => d.to.includes('kojo@example.org'))!;
      expect(confirmation.data).toMatch(/^Subject: Registration confirmed: Harvest Thanksgiving$/m);
      // The name is only in the body, on one line: it adds no header.
      const headers = confirmation.data.slice(0, confirmation.data.indexOf('\n\n'));
      expect(headers).not.toMatch(/^Bcc:/m);
      expect(confirmation.data).toContain('Dear Kojo Bcc: evil@example.org,');
      expect(confirmation.data).toMatch(/Content-Type: text\/calendar/);
      expect(confirmation.data).toMatch(/filename=event\.ics/);
      expect(confirmation.data).toContain('/events/cancel?token=');
      const ics = Buffer.from(
        /filename=event\.ics[\s\S]*?\n\n([A-Za-z0-9+/=\n]+)/.exec(confirmation.data)![1].replace(/\n/g, ''),
        'base64',
      ).toString();
      expect(ics).toContain('BEGIN:VEVENT');
      expect(ics).toContain('SUMMARY:Harvest Thanksgiving');
    } finally {
      await api.close();
    }
  });

  it("a registrant's confirmation, SMS and calendar file give the event's time as the site does", async () => {
    const { port, delivered } = await startSmtp();
    const mailer = smtpMailer(
      `smtp://church:s%40cret@127.0.0.1:${port}?tls.rejectUnauthorized=false`,
      'office@gracechapel.example.org',
    );
    // A provider configured, so the confirmation SMS is queued (the recording sender keeps it).
    const env = { SMS_PROVIDER: 'arkesel', SMS_API_KEY: 'key', SMS_SENDER_ID: 'GraceChapel' };
    const api = await startApi('sqlite', { members: 0, mailer, env });
    try {
      await writeSetting(api.database.db, RECIPIENTS_KEY, ['office@example.org'], Date.now());
      const pastor = await api.tokenFor('pastor');
      const event = await api.request('POST', '/events/', {
        token: pastor,
        body: {
          title: 'Youth Retreat',
          category: 'youth',
          type: 'one-time',
          startDate: '2099-12-19',
          startTime: '10:00',
          endTime: '13:00',
          location: 'Main Sanctuary',
          capacity: 50,
          requiresRegistration: true,
        },
      });
      expect(event.status).toBe(201);
      const res = await api.request('POST', `/events/${event.body.id}/registrations/`, {
        body: { name: 'Efua Mensah', email: 'efua@example.org', phone: '+233244123456', seats: 1 },
      });
      expect(res.status).toBe(201);
      const confirmation = delivered.find((d) => d.to.includes('efua@example.org'))!;
      // en-US date and 12-hour times, as the event's card shows them (was "2099-12-19 at 10:00 to 13:00").
      expect(confirmation.data.replace(/=\n/g, '')).toContain('When: December 19, 2099, 10:00 AM - 1:00 PM');
      expect(confirmation.data).not.toContain('2099-12-19');
      const ics = Buffer.from(
        /filename=event\.ics[\s\S]*?\n\n([A-Za-z0-9+/=\n]+)/.exec(confirmation.data)![1].replace(/\n/g, ''),
        'base64',
      ).toString();
      // Accra keeps UTC all year: 10:00 to 13:00 there is 10:00Z to 13:00Z.
      expect(ics).toContain('DTSTART:20991219T100000Z');
      expect(ics).toContain('DTEND:20991219T130000Z');
      const staff = delivered.find((d) => d.to.includes('office@example.org'))!;
      // Quoted-printable: a long line is broken with a soft "=" break.
      expect(staff.data.replace(/=\n/g, '')).toContain('(December 19, 2099, 10:00 AM - 1:00 PM)');
      expect(api.sms).toHaveLength(1);
      expect(api.sms[0].text).toContain('Youth Retreat (Dec 19, 2099, 10:00 AM - 1:00 PM) is confirmed');
    } finally {
      await api.close();
    }
  });
});
