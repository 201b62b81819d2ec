/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are checked field by field */
// Send Notifications on every backend: only SUPERADMIN and ADMIN; the groups count the members an email would
// reach (active, not suspended, email notifications on); a send goes to exactly that group in Bcc batches, once
// per request key however often it is clicked; bad input is refused per field and sends nothing; the audit log
// says who sent what to how many. By SMS (channels), only members with a number an SMS can go to and SMS on, a
// shared number once; every message is an outbox row keyed by the broadcast; a real driver reaches a fake Arkesel.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { backends, startApi, type TestApi } from './helpers';
import { arkeselSender } from '../../src/server/sms/arkesel';
import { ARKESEL_KEY, startFakeArkesel, type FakeSmsProvider } from './sms-providers';

describe.each(backends())('broadcasts on %s', (backend) => {
  let api: TestApi;
  let pastor: string;
  let admin: string;
  let arkesel: FakeSmsProvider;
  beforeAll(async () => {
    arkesel = await startFakeArkesel();
    const sms = arkeselSender({ baseUrl: arkesel.url, senderId: 'GraceChapel', apiKey: ARKESEL_KEY });
    api = await startApi(backend, { members: 5, sms });
    [pastor, admin] = await Promise.all([api.tokenFor('pastor'), api.tokenFor('admin')]);
  });
  afterAll(async () => {
    await api?.close();
    await arkesel?.close();
  });

  const send = (body: any, token = admin) => api.request('POST', '/broadcasts/', { token, body });
  const message = (audience: any, requestKey = randomUUID()) => ({
    requestKey,
    audience,
    subject: 'Harvest Thanksgiving this Sunday',
    message: 'Bring a friend: the service starts at 9 am, with lunch after.',
  });
  const recipients = () => api.mails.flatMap((m) => m.bcc ?? []).sort();

  it('is for SUPERADMIN and ADMIN only', async () => {
    expect((await api.request('GET', '/broadcasts/audiences/', { token: pastor })).status).toBe(403);
    api.mails.length = 0;
    expect((await send(message({ group: 'all' }), pastor)).status).toBe(403);
    expect(api.mails).toEqual([]);
    expect((await api.request('GET', '/broadcasts/audiences/')).status).toBe(401);
  });

  it('counts each group as the send would reach it', async () => {
    const db = api.database.db;
    const reachable = await db
      .selectFrom('users')
      .select(['id', 'role'])
      .where('is_active', '=', true)
      .where('is_suspended', '=', false)
      .where('email_notifications', '=', true)
      .execute();
    const { body } = await api.request('GET', '/broadcasts/audiences/', { token: admin });
    expect(body.all).toBe(reachable.length);
    const pastors = body.roles.find((r: any) => r.role === 'PASTOR');
    expect(pastors).toEqual({
      role: 'PASTOR',
      label: 'Pastor',
      count: reachable.filter((u) => u.role === 'PASTOR').length,
    });
    expect(body.ministries.length).toBeGreaterThan(0);
  });

  it('sends to exactly the group, once for a double click, and audits it', async () => {
    const db = api.database.db;
    // A member who turned email off is left out.
    const quiet = await api.createUser({ username: 'quiet', role: 'PASTOR' });
    await db.updateTable('users').set({ email_notifications: false }).where('id', '=', quiet).execute();
    const pastors = await db
      .selectFrom('users')
      .select('email')
      .where('role', '=', 'PASTOR')
      .where('email_notifications', '=', true)
      .where('is_active', '=', true)
      .execute();
    api.mails.length = 0;
    const body = message({ group: 'role', role: 'PASTOR' });
    const [first, second] = await Promise.all([send(body), send(body)]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    const again = await send(body);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ recipients: pastors.length, repeated: true });
    expect(recipients()).toEqual(pastors.map((p) => p.email).sort());
    expect(api.mails[0]).toMatchObject({ subject: 'Harvest Thanksgiving this Sunday' });
    expect(api.mails[0].text).toContain('Bring a friend');
    expect(api.mails[0].text).toMatch(/Sent by .+ through the church's staff portal/);
    const sent = await db.selectFrom('broadcasts').selectAll().where('request_key', '=', body.requestKey).execute();
    expect(sent).toHaveLength(1);
    const last = (await api.request('GET', '/auth/activity/?limit=1', { token: admin })).body[0];
    expect(last).toMatchObject({
      type: 'message',
      action: `emailed "Harvest Thanksgiving this Sunday" to ${pastors.length} member${pastors.length === 1 ? '' : 's'} (the Pastor role)`,
    });
  });

  it('sends to a ministry', async () => {
    const db = api.database.db;
    const ministry = await db.selectFrom('ministries').select(['id', 'name']).orderBy('id').executeTakeFirstOrThrow();
    const members = await db
      .selectFrom('ministry_memberships as mm')
      .innerJoin('users as u', 'u.id', 'mm.user_id')
      .select('u.email')
      .where('mm.ministry_id', '=', ministry.id)
      .where('u.email_notifications', '=', true)
      .where('u.is_active', '=', true)
      .where('u.is_suspended', '=', false)
      .execute();
    api.mails.length = 0;
    const res = await send(message({ group: 'ministry', ministry: Number(ministry.id) }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ recipients: members.length, sent: members.length, repeated: false });
    expect(recipients()).toEqual(members.map((m) => m.email).sort());
  });

  it('refuses bad input per field and sends nothing', async () => {
    api.mails.length = 0;
    const before = await api.database.db.selectFrom('broadcasts').select('id').execute();
    const bad = await send({ ...message({ group: 'all' }), subject: 'Hi', message: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.subject).toEqual(['Minimum 3 characters required']);
    expect(bad.body.errors.message[0]).toBe('Message is required');
    expect((await send(message({ group: 'role', role: 'BISHOP' }))).status).toBe(400);
    const missing = await send(message({ group: 'ministry', ministry: 99999 }));
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ audience: ['That ministry does not exist.'] });
    expect(api.mails).toEqual([]);
    expect(await api.database.db.selectFrom('broadcasts').select('id').execute()).toEqual(before);
  });
  /** Everyone's SMS off, then these members' phone and SMS flag as given. */
  async function phones(list: { id: number; phone: string | null; sms?: boolean; suspended?: boolean }[]) {
    const db = api.database.db;
    await db.updateTable('users').set({ sms_notifications: false }).execute();
    for (const p of list) {
      await db
        .updateTable('users')
        .set({ phone_number: p.phone, sms_notifications: p.sms ?? true, is_suspended: p.suspended ?? false })
        .where('id', '=', p.id)
        .execute();
    }
  }
  const outboxKeys = async (id: number) =>
    (
      await api.database.db
        .selectFrom('outbox')
        .select(['idempotency_key', 'channel', 'recipient'])
        .where('idempotency_key', 'like', `broadcast:${id}:%`)
        .execute()
    ).sort((a, b) => a.idempotency_key.localeCompare(b.idempotency_key));

  it('goes by email alone by default, each Bcc batch one outbox row', async () => {
    api.mails.length = 0;
    api.sms.length = 0;
    const res = await send(message({ group: 'all' }));
    expect(res.status).toBe(201);
    const { body } = await api.request('GET', '/broadcasts/audiences/', { token: admin });
    expect(res.body).toEqual({
      id: expect.any(Number),
      recipients: body.all,
      sent: body.all,
      channels: { email: body.all, sms: 0 },
      repeated: false,
    });
    expect(api.sms).toEqual([]);
    expect(recipients()).toHaveLength(body.all);
    const rows = await outboxKeys(res.body.id);
    expect(rows.map((r) => r.idempotency_key)).toEqual(
      Array.from({ length: Math.ceil(body.all / 50) }, (_, n) => `broadcast:${res.body.id}:email:${n}`).sort(),
    );
  });

  it('texts only members with a number an SMS can go to and SMS on, a shared number once', async () => {
    // One after another: a shared number is texted under the first member (the lowest id).
    const ids: number[] = [];
    for (const name of ['a', 'b', 'c', 'd', 'e', 'f'])
      ids.push(await api.createUser({ username: `sms-${name}`, role: 'MEMBER' }));
    const [a, b, c, d, e, f] = ids;
    await phones([
      { id: a, phone: '024 555 0101' },
      { id: b, phone: '+233 24 555 0102' },
      { id: c, phone: '0245550102' }, // b's number: one SMS
      { id: d, phone: '12345' }, // not a number an SMS can go to
      { id: e, phone: '024 555 0105', sms: false },
      { id: f, phone: '024 555 0106', suspended: true },
    ]);
    const { body: preview } = await api.request('GET', '/broadcasts/audiences/', { token: admin });
    expect(preview.sms).toMatchObject({ all: 2, roles: { MEMBER: 2, PASTOR: 0, ADMIN: 0, SUPERADMIN: 0 } });
    expect(preview.roles.find((r: any) => r.role === 'MEMBER').count).toBeGreaterThan(2); // email counts unchanged

    api.mails.length = 0;
    api.sms.length = 0;
    arkesel.accepted.length = 0;
    const request = { ...message({ group: 'role', role: 'MEMBER' }), channels: ['sms'] };
    const res = await send(request);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      recipients: 2,
      sent: 2,
      channels: { email: 0, sms: 2 },
      repeated: false,
    });
    expect(api.mails).toEqual([]);
    expect(api.sms.map((m) => m.to).sort()).toEqual(['233245550101', '233245550102']);
    expect(api.sms[0].text).toBe('Bring a friend: the service starts at 9 am, with lunch after.');
    expect(arkesel.accepted.map((m) => [m.to, m.sender]).sort()).toEqual([
      ['233245550101', 'GraceChapel'],
      ['233245550102', 'GraceChapel'],
    ]);
    expect(await outboxKeys(res.body.id)).toEqual([
      { idempotency_key: `broadcast:${res.body.id}:sms:${a}`, channel: 'sms', recipient: '233245550101' },
      { idempotency_key: `broadcast:${res.body.id}:sms:${b}`, channel: 'sms', recipient: '233245550102' },
    ]);
    const again = await send(request);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ...res.body, repeated: true });
    expect(api.sms).toHaveLength(2);
    const last = (await api.request('GET', '/auth/activity/?limit=1', { token: admin })).body[0];
    expect(last.action).toBe('emailed "Harvest Thanksgiving this Sunday" to 2 members (the Member role) by SMS');
  });

  it('goes by both: a member counted once, each channel counted apart', async () => {
    const db = api.database.db;
    const [a, b] = await Promise.all([
      api.createUser({ username: 'both-a', role: 'PASTOR' }),
      api.createUser({ username: 'both-b', role: 'PASTOR' }),
    ]);
    const c = await api.createUser({ username: 'both-c', role: 'MEMBER' });
    await phones([
      { id: a, phone: '024 555 0201' },
      { id: b, phone: '024 555 0202' },
      { id: c, phone: '024 555 0201' }, // a's number, in another group: counted in each group
    ]);
    const { body: preview } = await api.request('GET', '/broadcasts/audiences/', { token: admin });
    expect(preview.sms).toMatchObject({ all: 2, roles: { PASTOR: 2, MEMBER: 1 } });
    await db.updateTable('users').set({ email_notifications: false }).where('id', '=', b).execute();
    const emailed = await db
      .selectFrom('users')
      .select('email')
      .where('role', '=', 'PASTOR')
      .where('email_notifications', '=', true)
      .where('is_active', '=', true)
      .where('is_suspended', '=', false)
      .execute();
    api.mails.length = 0;
    api.sms.length = 0;
    const res = await send({ ...message({ group: 'role', role: 'PASTOR' }), channels: ['email', 'sms'] });
    expect(res.status).toBe(201);
    // b gets only the SMS (email off); a gets both; the other pastors only email.
    expect(res.body).toMatchObject({
      recipients: emailed.length + 1,
      sent: emailed.length + 2,
      channels: { email: emailed.length, sms: 2 },
    });
    expect(recipients()).toEqual(emailed.map((p) => p.email).sort());
    expect(api.sms.map((m) => m.to).sort()).toEqual(['233245550201', '233245550202']);
  });

  it('refuses channels other than email and SMS, none, or one twice, and queues nothing', async () => {
    const before = await api.database.db.selectFrom('outbox').select('id').execute();
    for (const channels of [['fax'], [], ['sms', 'sms'], 'sms']) {
      const res = await send({ ...message({ group: 'all' }), channels });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors)).toEqual([expect.stringMatching(/^channels/)]);
    }
    expect(await api.database.db.selectFrom('outbox').select('id').execute()).toEqual(before);
  });
});
