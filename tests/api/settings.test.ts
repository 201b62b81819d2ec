 
// The notification recipients setting on every backend: staff read it, SUPERADMIN and ADMIN change it (a pastor
// gets 403 and nothing changes), invalid addresses are refused per field, each change is audited, and the mail
// about a visitor's message then goes to exactly that list (an empty list: the administrators).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startApi, type TestApi } from './helpers';

const MESSAGE = {
  name: 'Esi Ampofo',
  email: 'esi@example.org',
  preferredContact: 'email',
  subject: 'Choir auditions',
  inquiryType: 'volunteer',
  message: 'I would like to join the choir. When are the auditions held?',
};

describe.each(backends())('notification recipients on %s', (backend) => {
  let api: TestApi;
  let pastor: string;
  let admin: string;
  beforeAll(async () => {
    api = await startApi(backend, { members: 0, env: { PUBLIC_RATE_LIMIT: '100' } });
    [pastor, admin] = await Promise.all([api.tokenFor('pastor'), api.tokenFor('admin')]);
  });
  afterAll(() => api?.close());

  const read = async (token = pastor) => (await api.request('GET', '/settings/notifications/', { token })).body;
  const mailTo = async () => {
    api.mails.length = 0;
    expect((await api.request('POST', '/contact/', { body: MESSAGE })).status).toBe(201);
    return api.mails[0].to.split(', ').sort();
  };

  it('without a list, the active administrators receive the mail', async () => {
    expect((await api.request('GET', '/settings/notifications/')).status).toBe(401);
    const setting = await read();
    expect(setting).toMatchObject({ recipients: [], configured: false });
    expect(setting.effective.length).toBeGreaterThan(0);
    expect(await mailTo()).toEqual([...setting.effective].sort());
  });

  it('an admin sets the list: audited, and the mail goes to exactly it', async () => {
    const res = await api.request('PUT', '/settings/notifications/', {
      token: admin,
      body: { recipients: ['Pastor@Example.org', 'office@example.org', 'pastor@example.org'] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      recipients: ['pastor@example.org', 'office@example.org'],
      configured: true,
      effective: ['pastor@example.org', 'office@example.org'],
    });
    expect(await mailTo()).toEqual(['office@example.org', 'pastor@example.org']);
    const last = (await api.request('GET', '/auth/activity/?limit=1', { token: pastor })).body[0];
    expect(last.action).toBe('changed the notification recipients');
  });

  it('a pastor may read but not change it; nothing changes', async () => {
    const before = await read();
    const res = await api.request('PUT', '/settings/notifications/', { token: pastor, body: { recipients: [] } });
    expect(res.status).toBe(403);
    expect(await read()).toEqual(before);
  });

  it('refuses invalid addresses and too many, per field, and changes nothing', async () => {
    const before = await read();
    const bad = await api.request('PUT', '/settings/notifications/', {
      token: admin,
      body: { recipients: ['ok@example.org', 'not an email'] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ 'recipients.1': ['Please enter a valid email address'] });
    const many = Array.from({ length: 21 }, (_, i) => `r${i}@example.org`);
    const tooMany = await api.request('PUT', '/settings/notifications/', { token: admin, body: { recipients: many } });
    expect(tooMany.body.errors).toEqual({ recipients: ['At most 20 recipients'] });
    expect((await api.request('PUT', '/settings/notifications/', { token: admin, body: {} })).status).toBe(400);
    expect(await read()).toEqual(before);
  });

  it('an empty list goes back to the administrators', async () => {
    const res = await api.request('PUT', '/settings/notifications/', { token: admin, body: { recipients: [] } });
    expect(res.body.configured).toBe(false);
    expect(res.body.effective.length).toBeGreaterThan(0);
    expect(await mailTo()).toEqual([...res.body.effective].sort());
  });
});
