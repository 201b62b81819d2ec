/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are checked field by field */
// Send Notifications on every backend: only SUPERADMIN and ADMIN; the groups count the members an email would
// reach (active, not suspended, email notifications on); a send goes to exactly that group in Bcc batches, once
// per request key however often it is clicked; bad input is refused per field and sends nothing; the audit log
// says who sent what to how many.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { backends, startApi, type TestApi } from './helpers';

describe.each(backends())('broadcasts on %s', (backend) => {
  let api: TestApi;
  let pastor: string;
  let admin: string;
  beforeAll(async () => {
    api = await startApi(backend, { members: 5 });
    [pastor, admin] = await Promise.all([api.tokenFor('pastor'), api.tokenFor('admin')]);
  });
  afterAll(() => api?.close());

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
});
