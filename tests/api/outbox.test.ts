/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are checked field by field */
// The outbox (src/server/outbox/): a queued row is sent once and marked sent; a failing send backs off (1 min,
// 5 min, 30 min, 2 h, then failed) on the worker's clock; a provider's refusal fails at once; staff list the rows
// and send a failed one again (ADMIN and above); a registrant's SMS and an urgent prayer's SMS go through the
// real Arkesel driver to a fake Arkesel; two workers over one PostgreSQL table send each of 200 rows exactly once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { TEST_ENV, backends, freshPgUrl, startApi, type TestApi } from './helpers';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/connection';
import { migrateToLatest } from '../../src/server/db/migrations';
import { queueEmail, queueSms } from '../../src/server/outbox/queue';
import { BACKOFF_MS, startOutboxWorker } from '../../src/server/outbox/worker';
import { SendRefused, type MailMessage, type SmsSender } from '../../src/server/kernel/ports';
import { smtpMailer } from '../../src/server/mail/smtp';
import { createSmsSender } from '../../src/server/sms';
import { createMailer } from '../../src/server/mail/mailer';
import { ARKESEL_KEY, startFakeArkesel, type FakeSmsProvider } from './sms-providers';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function rowOf(api: TestApi, key: string) {
  return api.database.db.selectFrom('outbox').selectAll().where('idempotency_key', '=', key).executeTakeFirstOrThrow();
}

describe.each(backends())('without a mail server or an SMS provider on %s', (backend) => {
  let api: TestApi;
  let admin: string;
  beforeAll(async () => {
    // No SMTP_URL: the real mailer of that set-up, which writes to the log; no SMS_PROVIDER: the log sender.
    api = await startApi(backend, {
      members: 0,
      mailer: createMailer({ smtpUrl: null, mailFrom: 'x@example.org' }),
    });
    admin = await api.tokenFor('admin');
  });
  afterAll(() => api?.close());

  it('marks what only went to the log "logged", not "sent", and says so on the System Status', async () => {
    await api.database.db.transaction().execute(async (trx) => {
      await queueEmail(
        trx,
        'test:logged-mail',
        { to: 'ama@example.org', subject: 'Hello', text: 'Body' },
        api.clock.now,
      );
      await queueSms(trx, 'test:logged-sms', { to: '233245550100', text: 'Hello' }, api.clock.now);
    });
    await api.outbox.settle();
    for (const key of ['test:logged-mail', 'test:logged-sms']) {
      const row = await rowOf(api, key);
      expect(row, key).toMatchObject({ status: 'logged', attempts: 1, claimed_until: null });
      expect(row.sent_at, key).not.toBeNull();
    }
    const logged = await api.request('GET', '/outbox/?status=logged', { token: admin });
    expect(logged.body.map((r: any) => [r.channel, r.status]).sort()).toEqual([
      ['email', 'logged'],
      ['sms', 'logged'],
    ]);
    expect((await api.request('GET', '/outbox/?status=sent', { token: admin })).body).toEqual([]);
    const { body } = await api.request('GET', '/dashboard/status/', { token: admin });
    expect(body.checks.find((c: any) => c.name === 'Outbox')).toMatchObject({
      status: 'degraded',
      detail: 'Nothing queued; 0 failed today; 2 logged today (mail or SMS not configured)',
    });
  });
});

describe.each(backends())('the outbox on %s', (backend) => {
  let api: TestApi;
  let admin: string;
  let pastor: string;
  /** What the SMS sender does next: send, fail as a provider that is down, or refuse. */
  let smsMode: 'ok' | 'down' | 'refuse' = 'ok';
  // A provider that answers (the log sender would make every row "logged", below).
  const sms: SmsSender = {
    provider: 'arkesel',
    async send() {
      if (smsMode === 'down') throw new Error('connect ECONNREFUSED 127.0.0.1:9');
      if (smsMode === 'refuse') throw new SendRefused('Invalid phone number');
      return { providerId: 'p-1' };
    },
  };
  beforeAll(async () => {
    api = await startApi(backend, { members: 0, sms });
    [admin, pastor] = await Promise.all([api.tokenFor('admin'), api.tokenFor('pastor')]);
  });
  afterAll(() => api?.close());

  async function queue(key: string, channel: 'email' | 'sms' = 'sms') {
    await api.database.db
      .transaction()
      .execute((trx) =>
        channel === 'sms'
          ? queueSms(trx, key, { to: '233245550100', text: 'Hello' }, api.clock.now)
          : queueEmail(trx, key, { to: 'ama@example.org', subject: `Subject ${key}`, text: 'Body' }, api.clock.now),
      );
  }

  it('sends a queued row once and marks it sent', async () => {
    const before = api.sms.length;
    await queue('test:once');
    await api.outbox.settle();
    await api.outbox.settle();
    expect(api.sms.filter((m) => m.key === 'test:once')).toHaveLength(1);
    expect(api.sms.length).toBe(before + 1);
    expect(await rowOf(api, 'test:once')).toMatchObject({
      status: 'sent',
      attempts: 1,
      provider_id: 'p-1',
      claimed_until: null,
    });
    expect((await rowOf(api, 'test:once')).sent_at).not.toBeNull();
  });

  it('queues a key once', async () => {
    await queue('test:once');
    const rows = await api.database.db
      .selectFrom('outbox')
      .select('id')
      .where('idempotency_key', '=', 'test:once')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('backs off after a failure (1 min, 5 min, 30 min, 2 h), then fails, recording each attempt', async () => {
    smsMode = 'down';
    try {
      await queue('test:backoff');
      await api.outbox.settle();
      for (const [i, wait] of BACKOFF_MS.entries()) {
        const row = await rowOf(api, 'test:backoff');
        expect(row).toMatchObject({
          status: 'queued',
          attempts: i + 1,
          last_error: 'connect ECONNREFUSED 127.0.0.1:9',
        });
        expect(Date.parse(row.next_attempt_at) - api.clock.now).toBe(wait);
        // Not before its time.
        api.clock.advance(wait - 1000);
        await api.outbox.settle();
        expect((await rowOf(api, 'test:backoff')).attempts).toBe(i + 1);
        api.clock.advance(1000);
        await api.outbox.settle();
      }
      expect(await rowOf(api, 'test:backoff')).toMatchObject({ status: 'failed', attempts: 5, sent_at: null });
    } finally {
      smsMode = 'ok';
      // Hours went by on the clock: the access tokens have expired.
      [admin, pastor] = await Promise.all([api.tokenFor('admin'), api.tokenFor('pastor')]);
    }
  });

  it('fails a refused message at once', async () => {
    smsMode = 'refuse';
    try {
      await queue('test:refused');
      await api.outbox.settle();
      expect(await rowOf(api, 'test:refused')).toMatchObject({
        status: 'failed',
        attempts: 1,
        last_error: 'Invalid phone number',
      });
    } finally {
      smsMode = 'ok';
    }
  });

  it('sends a failed message again on retry, keeping its attempts, audited; only a failed one', async () => {
    const failed = await rowOf(api, 'test:refused');
    const res = await api.request('POST', `/outbox/${failed.id}/retry/`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: Number(failed.id), status: 'queued', attempts: 1 });
    // request() waited for the worker: sent now, on its second attempt.
    expect(await rowOf(api, 'test:refused')).toMatchObject({ status: 'sent', attempts: 2 });
    const audit = await api.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'retry_message')
      .execute();
    expect(audit).toHaveLength(1);

    const again = await api.request('POST', `/outbox/${failed.id}/retry/`, { token: admin });
    expect(again.status).toBe(409);
    expect(again.body.detail).toMatch(/Only a failed message/);
    expect((await api.request('POST', '/outbox/999999/retry/', { token: admin })).status).toBe(404);
    expect((await api.request('POST', '/outbox/abc/retry/', { token: admin })).status).toBe(404);
    expect((await api.request('POST', `/outbox/${failed.id}/retry/`, { token: pastor })).status).toBe(403);
    expect((await api.request('POST', `/outbox/${failed.id}/retry/`)).status).toBe(401);
  });

  it('lists newest first with the status, channel and text filters, for ADMIN and above', async () => {
    await queue('test:list-mail', 'email');
    await api.outbox.settle();
    const all = await api.request('GET', '/outbox/', { token: admin });
    expect(all.status).toBe(200);
    expect(all.body[0]).toMatchObject({
      channel: 'email',
      to: 'ama@example.org',
      subject: 'Subject test:list-mail',
      status: 'sent',
      attempts: 1,
      lastError: null,
    });
    expect(Object.keys(all.body[0]).sort()).toEqual(
      ['attempts', 'channel', 'createdAt', 'id', 'lastError', 'sentAt', 'status', 'subject', 'to'].sort(),
    );
    const ids = all.body.map((r: any) => r.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));

    const failed = await api.request('GET', '/outbox/?status=failed', { token: admin });
    expect(failed.body.map((r: any) => r.status)).toEqual(['failed']);
    expect(failed.body[0].lastError).toBe('connect ECONNREFUSED 127.0.0.1:9');
    const email = await api.request('GET', '/outbox/?channel=email', { token: admin });
    expect(email.body.length).toBeGreaterThan(0);
    expect(email.body.every((r: any) => r.channel === 'email')).toBe(true);
    const q = await api.request('GET', '/outbox/?q=SUBJECT%20TEST:LIST', { token: admin });
    expect(q.body.map((r: any) => r.subject)).toEqual(['Subject test:list-mail']);
    expect((await api.request('GET', '/outbox/?q=233245550100', { token: admin })).body.length).toBeGreaterThan(2);
    expect((await api.request('GET', '/outbox/?status=lost', { token: admin })).status).toBe(400);
    expect((await api.request('GET', '/outbox/', { token: pastor })).status).toBe(403);
    expect((await api.request('GET', '/outbox/')).status).toBe(401);
  });

  it('shows the outbox and the SMS service in the System Status', async () => {
    const { body } = await api.request('GET', '/dashboard/status/', { token: admin });
    const by = (name: string) => body.checks.find((c: any) => c.name === name);
    // One failed today (the backoff test's row); nothing queued.
    expect(by('Outbox')).toMatchObject({ status: 'degraded', detail: 'Nothing queued; 1 failed today' });
    expect(by('SMS Service')).toMatchObject({
      status: 'degraded',
      detail: 'Not configured: SMS are written to the log',
    });
  });

  it('queues the confirmation with the registration: a failing mail server never fails the registration', async () => {
    const down = await startApi(backend, { members: 0, mailer: smtpMailer('smtp://127.0.0.1:9', 'office@x.org') });
    try {
      const event = await down.request('POST', '/events/', {
        token: await down.tokenFor('pastor'),
        body: {
          title: 'Outbox Evening',
          category: 'fellowship',
          type: 'one-time',
          startDate: inDays(10),
          startTime: '18:00',
          location: 'Fellowship Hall',
          capacity: 10,
          requiresRegistration: true,
        },
      });
      const res = await down.request('POST', `/events/${event.body.id}/registrations/`, {
        body: { name: 'Kojo Asante', email: 'kojo@example.org', seats: 1 },
      });
      expect(res.status).toBe(201);
      const row = await rowOf(down, `registration:${res.body.id}:confirmation`);
      expect(row).toMatchObject({ status: 'queued', attempts: 1, channel: 'email', recipient: 'kojo@example.org' });
      expect(row.last_error).toMatch(/ECONNREFUSED/);
    } finally {
      await down.close();
    }
  });
});

describe.each(backends())('SMS through the outbox on %s (a fake Arkesel)', (backend) => {
  let api: TestApi;
  let arkesel: FakeSmsProvider;
  beforeAll(async () => {
    arkesel = await startFakeArkesel();
    const env = {
      SMS_PROVIDER: 'arkesel',
      SMS_API_KEY: ARKESEL_KEY,
      SMS_SENDER_ID: 'GraceChapel',
      SMS_BASE_URL: arkesel.url,
    };
    // The driver the product uses, pointed at the fake with the same variables.
    const sender = createSmsSender(loadConfig({ ...TEST_ENV, ...env }));
    api = await startApi(backend, { members: 0, env, sms: sender });
  });
  afterAll(async () => {
    await api?.close();
    await arkesel?.close();
  });

  it('texts a registrant who gave a phone, with the confirmation', async () => {
    const event = await api.request('POST', '/events/', {
      token: await api.tokenFor('pastor'),
      body: {
        title: 'Youth Rally',
        category: 'youth',
        type: 'one-time',
        startDate: inDays(12),
        startTime: '16:00',
        location: 'Main Sanctuary',
        capacity: 50,
        requiresRegistration: true,
      },
    });
    const res = await api.request('POST', `/events/${event.body.id}/registrations/`, {
      body: { name: 'Abena Mensah', email: 'abena@example.org', phone: '024 555 0100', seats: 1 },
    });
    expect(res.status).toBe(201);
    const [sms] = arkesel.accepted;
    expect(arkesel.accepted).toHaveLength(1);
    expect(sms).toMatchObject({ to: '233245550100', sender: 'GraceChapel' });
    expect(sms.text).toMatch(/^Your registration for Youth Rally \(.+\) is confirmed\./);
    expect(await rowOf(api, `registration:${res.body.id}:sms`)).toMatchObject({ status: 'sent', provider_id: sms.id });
    // Without a phone: the email only.
    await api.request('POST', `/events/${event.body.id}/registrations/`, {
      body: { name: 'Yaw Boateng', email: 'yaw@example.org', seats: 1 },
    });
    expect(arkesel.accepted).toHaveLength(1);
  });

  it('texts an urgent prayer request to the staff who chose SMS and receive prayer notifications', async () => {
    const db = api.database.db;
    await db
      .updateTable('users')
      .set({ sms_notifications: true, phone_number: '020 111 2222', prayer_request_notifications: true })
      .where('username', '=', 'pastor')
      .execute();
    // SMS on but no prayer notifications: not texted.
    await db
      .updateTable('users')
      .set({ sms_notifications: true, phone_number: '020 333 4444', prayer_request_notifications: false })
      .where('username', '=', 'admin')
      .execute();
    arkesel.accepted.length = 0;
    const request = { name: 'Esi', title: 'My mother in hospital', description: 'Please pray for her recovery soon.' };
    const calm = await api.request('POST', '/prayers/', { body: { ...request, category: 'health', urgent: false } });
    expect(calm.status).toBe(201);
    expect(arkesel.accepted).toHaveLength(0);
    const urgent = await api.request('POST', '/prayers/', { body: { ...request, category: 'health', urgent: true } });
    expect(urgent.status).toBe(201);
    expect(arkesel.accepted.map((s) => s.to)).toEqual(['233201112222']);
    expect(arkesel.accepted[0].text).toBe(
      'URGENT prayer request from Esi: My mother in hospital. Open Prayers in the staff portal.',
    );
  });
});

describe.runIf(inject('pgUrl'))('two workers over one PostgreSQL table', () => {
  it('send each of 200 queued rows exactly once', async () => {
    const url = await freshPgUrl(inject('pgUrl'));
    const [a, b] = [await openDatabase(url), await openDatabase(url)];
    try {
      await migrateToLatest(a.db, a.dialect);
      const now = Date.now();
      await a.db.transaction().execute(async (trx) => {
        for (let i = 0; i < 200; i++) {
          await queueEmail(trx, `bulk:${i}`, { to: `m${i}@example.org`, subject: `Bulk ${i}`, text: 'Body' }, now);
        }
      });
      const received: MailMessage[] = [];
      const counting = { send: async (m: MailMessage) => void received.push(m) };
      const workers = await Promise.all(
        [a, b].map((database) => startOutboxWorker({ database, mailer: counting, now: Date.now })),
      );
      await Promise.all(workers.map((w) => w.settle()));
      await Promise.all(workers.map((w) => w.close()));
      const keys = received.map((m) => m.key);
      expect(keys).toHaveLength(200);
      expect(new Set(keys).size).toBe(200);
      const left = await a.db.selectFrom('outbox').select('id').where('status', '!=', 'sent').execute();
      expect(left).toEqual([]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
