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
    expect(res.body).toMatchObject({
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

const PRAYER = {
  name: 'Yaa Asantewaa',
  title: 'Healing for my mother',
  description: 'Please pray for my mother, who is in hospital this week.',
  category: 'health',
  isPublic: false,
  urgent: true,
};

describe.each(backends())('settings per kind, follow-up and church details on %s', (backend) => {
  let api: TestApi;
  let pastor: string;
  let admin: string;
  beforeAll(async () => {
    api = await startApi(backend, { members: 0, env: { PUBLIC_RATE_LIMIT: '100' } });
    [pastor, admin] = await Promise.all([api.tokenFor('pastor'), api.tokenFor('admin')]);
  });
  afterAll(() => api?.close());

  const sent = async (path: string, body: unknown) => {
    api.mails.length = 0;
    expect((await api.request('POST', path, { body })).status).toBe(201);
    return api.mails.map((m) => m.to.split(', ').sort());
  };

  it('a kind with its own list goes there; the others use the default', async () => {
    const res = await api.request('PUT', '/settings/notifications/', {
      token: admin,
      body: { recipients: ['office@example.org'], byKind: { prayer: ['prayer-team@example.org'] } },
    });
    expect(res.status).toBe(200);
    expect(res.body.byKind.prayer).toEqual({
      recipients: ['prayer-team@example.org'],
      configured: true,
      effective: ['prayer-team@example.org'],
    });
    expect(res.body.byKind.message).toMatchObject({ configured: false, effective: ['office@example.org'] });
    expect(await sent('/prayers/', PRAYER)).toEqual([['prayer-team@example.org']]);
    expect(await sent('/contact/', MESSAGE)).toEqual([['office@example.org']]);
    // Setting the default again keeps the kind's own list.
    await api.request('PUT', '/settings/notifications/', { token: admin, body: { recipients: [] } });
    expect(await sent('/prayers/', PRAYER)).toEqual([['prayer-team@example.org']]);
    await api.request('PUT', '/settings/notifications/', {
      token: admin,
      body: { recipients: [], byKind: { prayer: [] } },
    });
  });

  it("administrators' profile switches decide what they receive when no list is set", async () => {
    const db = api.database.db;
    const admins = await db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('role', 'in', ['SUPERADMIN', 'ADMIN'])
      .where('email_notifications', '=', true)
      .execute();
    expect(admins.length).toBeGreaterThan(1);
    const [quiet] = admins;
    await db.updateTable('users').set({ prayer_request_notifications: false }).where('id', '=', quiet.id).execute();
    const [prayerMail] = await sent('/prayers/', PRAYER);
    expect(prayerMail).not.toContain(quiet.email);
    const [messageMail] = await sent('/contact/', MESSAGE);
    expect(messageMail).toContain(quiet.email);
    await db.updateTable('users').set({ prayer_request_notifications: true }).where('id', '=', quiet.id).execute();
  });

  it('the follow-up period flags requests untouched that long', async () => {
    const general = (await api.request('GET', '/settings/general/', { token: pastor })).body;
    expect(general.followUpDays).toBe(30);
    expect(general.church.name).toBe('Grace Chapel International'); // the site's own details until staff set them
    const res = await api.request('POST', '/prayers/', { body: PRAYER });
    expect(res.status).toBe(201);
    api.clock.advance(10 * 86_400_000);
    try {
      // Ten days on: sign in again (the earlier tokens have expired).
      const [pastorNow, adminNow] = [await api.tokenFor('pastor'), await api.tokenFor('admin')];
      const flagged = async () =>
        (await api.request('GET', `/prayers/${res.body.id}/`, { token: pastorNow })).body.needsFollowUp as boolean;
      expect(await flagged()).toBe(false);
      const change = await api.request('PUT', '/settings/general/', {
        token: adminNow,
        body: { ...general, followUpDays: 7 },
      });
      expect(change.status).toBe(200);
      expect(await flagged()).toBe(true);
      const last = (await api.request('GET', '/auth/activity/?limit=1', { token: pastorNow })).body[0];
      expect(last.action).toBe('changed the general settings');
    } finally {
      api.clock.advance(-10 * 86_400_000);
    }
  });

  it("signs the emails with the church's details", async () => {
    const church = {
      name: 'Grace Chapel Ridge',
      email: 'hello@gracechapel.example.org',
      phone: '+233 30 222 4455',
      address: '12 Independence Avenue, Accra',
    };
    const general = (await api.request('GET', '/settings/general/', { token: admin })).body;
    await api.request('PUT', '/settings/general/', { token: admin, body: { ...general, church } });
    api.mails.length = 0;
    await api.request('POST', '/auth/password-reset/', { body: { email: (await api.login('pastor')).user.email } });
    await expect.poll(() => api.mails.length).toBe(1);
    expect(api.mails[0].text).toContain(
      'Grace Chapel Ridge\n12 Independence Avenue, Accra\n+233 30 222 4455 · hello@gracechapel.example.org',
    );
  });

  it('refuses a pastor and bad values per field, and keeps what was stored', async () => {
    const before = (await api.request('GET', '/settings/general/', { token: admin })).body;
    expect((await api.request('PUT', '/settings/general/', { token: pastor, body: before })).status).toBe(403);
    const bad = await api.request('PUT', '/settings/general/', {
      token: admin,
      body: { followUpDays: 0, church: { name: '', email: 'nope', phone: 'call me', address: '' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      followUpDays: ['Enter a whole number of days from 1 to 365'],
      'church.name': ['Church name is required'],
      'church.email': ['Please enter a valid email address'],
    });
    expect((await api.request('GET', '/settings/general/', { token: admin })).body).toEqual(before);
  });
});
