/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are checked field by field */
// Contact messages over real HTTP, on every backend: a visitor's message (JSON and plain form post, the
// honeypot, the per-address limit and TRUST_PROXY, validation, a prayer inquiry becoming a private prayer
// request, the mail to the recipients) and the staff inbox (list, unread count, read/archive, delete for ADMIN
// and above), each change audited.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTACT_SUCCESS } from '../../src/lib/shared/messages/contact-options';
import { backends, startApi, type TestApi } from './helpers';

const MESSAGE = {
  name: 'Efua Asantewaa',
  email: 'efua@example.org',
  phone: '024 555 0192',
  preferredContact: 'email',
  subject: 'Visiting on Sunday',
  inquiryType: 'services',
  services: ['worship', 'children'],
  message: 'We are new in Accra and would like to visit with our two children this Sunday.',
};

let address = 0;
const client = () => ({ 'X-Forwarded-For': `203.0.113.${++address % 250}` });

describe.each(backends())('contact messages on %s', (backend) => {
  let api: TestApi;
  let pastor: string;
  let admin: string;
  beforeAll(async () => {
    api = await startApi(backend, { members: 0, env: { TRUST_PROXY: 'true', PUBLIC_RATE_LIMIT: '3' } });
    [pastor, admin] = await Promise.all([api.tokenFor('pastor'), api.tokenFor('admin')]);
  });
  beforeEach(() => {
    api.mails.length = 0;
  });
  afterAll(() => api?.close());

  const count = async () => (await api.database.db.selectFrom('contact_messages').select('id').execute()).length;
  const send = (body: unknown, headers = client()) => api.request('POST', '/contact/', { body, headers });
  const form = (fields: [string, string][], headers = client()) =>
    fetch(`${api.url}/api/v1/contact/`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields),
    });
  const inbox = async () => (await api.request('GET', '/messages/', { token: pastor })).body as any[];
  const lastActivity = async () => (await api.request('GET', '/auth/activity/?limit=1', { token: pastor })).body[0];

  it('stores a message sent as JSON and mails the recipients with Reply-To the visitor', async () => {
    const res = await send(MESSAGE);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), detail: CONTACT_SUCCESS });
    const [newest] = await inbox();
    // The phone is stored whole (E.164), as every phone is (issue 28, 2).
    expect(newest).toMatchObject({
      ...MESSAGE,
      phone: '+233245550192',
      id: res.body.id,
      read: false,
      archived: false,
      prayerRequestId: null,
    });
    expect(api.mails).toHaveLength(1);
    expect(api.mails[0]).toMatchObject({ subject: 'New message: Visiting on Sunday', replyTo: 'efua@example.org' });
    expect(api.mails[0].to).toContain('@');
    expect(api.mails[0].text).toContain(MESSAGE.message);
  });

  it('refuses invalid input with the form messages and stores nothing', async () => {
    const before = await count();
    const res = await send({ name: 'A', email: 'nope', phone: 'x', subject: 'Hi', message: 'short' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      name: ['Minimum 2 characters required'],
      email: ['Please enter a valid email address'],
      phone: ['Please enter a valid phone number'],
      subject: ['Minimum 5 characters required'],
      message: ['Minimum 20 characters required'],
      preferredContact: ['Preferred Contact Method is required'],
      inquiryType: ['Inquiry Type is required'],
    });
    expect(await count()).toBe(before);
    expect(api.mails).toHaveLength(0);
  });

  it('takes a plain form post (repeated services) and answers 303 back to the thank-you', async () => {
    const before = await count();
    const fields: [string, string][] = Object.entries({ ...MESSAGE, services: undefined, website: '' })
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]);
    const res = await form([...fields, ['services', 'youth'], ['services', 'music']]);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/contact#message-sent');
    expect(await count()).toBe(before + 1);
    expect((await inbox())[0].services).toEqual(['youth', 'music']);
  });

  it('keeps the country code: the whole number, JSON or a form post with the picked country (issue 28, 1)', async () => {
    const json = await send({ ...MESSAGE, phone: '+44 7700 900123' });
    expect((await inbox()).find((m) => m.id === json.body.id).phone).toBe('+447700900123');
    const fields = Object.entries({ ...MESSAGE, services: undefined, website: '' })
      .filter(([, v]) => v !== undefined)
      .map(([k, v]): [string, string] => [k, String(v)]);
    const posted = await form([
      ...fields.filter(([k]) => k !== 'phone'),
      ['phone', '0803 123 4567'],
      ['phoneCountry', 'NG'],
    ]);
    expect(posted.status).toBe(303);
    expect((await inbox())[0].phone).toBe('+2348031234567');
    // Without a country a national number is Ghanaian; a foreign one needs its + or 00.
    const refused = await send({ ...MESSAGE, phone: '7700 900123' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ phone: ['Please enter a valid phone number'] });
  });

  it("tells the recipients the areas of interest by the form's labels and the phone as dialled", async () => {
    await send({ ...MESSAGE, services: ['youth', 'bible-study'] });
    expect(api.mails.at(-1)!.text).toContain('Interested in: Youth Ministry, Bible Study');
    expect(api.mails.at(-1)!.text).toContain('Phone: +233 24 555 0192');
  });

  it('answers a refused form post with a page of the messages, as text', async () => {
    const res = await form([
      ['name', '<b>A</b>'],
      ['email', ''],
    ]);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('text/html');
    const page = await res.text();
    expect(page).toContain('Email is required');
    expect(page).not.toContain('<b>');
  });

  it('answers a filled honeypot like a success and stores and mails nothing', async () => {
    const before = await count();
    const res = await send({ ...MESSAGE, website: 'https://spam.example' });
    expect(res.status).toBe(201);
    expect(res.body.detail).toBe(CONTACT_SUCCESS);
    const posted = await form([
      ['name', 'Bot'],
      ['website', 'x'],
    ]);
    expect(posted.status).toBe(303);
    // Filled, then sent again empty: still the bait.
    const twice = await form([
      ...Object.entries(MESSAGE).flatMap(([k, v]) => [v].flat().map((one) => [k, String(one)] as [string, string])),
      ['website', 'https://spam.example'],
      ['website', ''],
    ]);
    expect(twice.status).toBe(303);
    expect(twice.headers.get('location')).toContain('#message-sent');
    expect(await count()).toBe(before);
    expect(api.mails).toHaveLength(0);
  });

  it('limits one address per kind in ten minutes (429, Retry-After), counting the proxy-given address', async () => {
    const headers = client();
    for (let i = 0; i < 3; i++) expect((await send(MESSAGE, headers)).status).toBe(201);
    const before = await count();
    const refused = await send(MESSAGE, headers);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await count()).toBe(before);
    // The last X-Forwarded-For entry is the one the proxy added; what the client put before it is ignored.
    const spoofed = { 'X-Forwarded-For': `1.2.3.4, ${headers['X-Forwarded-For']}` };
    expect((await send(MESSAGE, spoofed)).status).toBe(429);
    expect((await send(MESSAGE)).status).toBe(201);
    // Another kind has its own count.
    const prayer = { name: 'Ama', title: 'Peace', description: 'Please pray for peace at home.', category: 'family' };
    expect((await api.request('POST', '/prayers/', { body: prayer, headers })).status).toBe(201);
  });

  it('a prayer inquiry also becomes a private prayer request', async () => {
    const res = await send({ ...MESSAGE, inquiryType: 'prayer', subject: 'Pray for my mother' });
    const message = (await inbox()).find((m) => m.id === res.body.id);
    expect(message.prayerRequestId).toEqual(expect.any(Number));
    const prayer = (await api.request('GET', `/prayers/${message.prayerRequestId}/`, { token: pastor })).body;
    expect(prayer).toMatchObject({
      title: 'Pray for my mother',
      requester: 'Efua Asantewaa',
      isPublic: false,
      approved: false,
      status: 'active',
      email: 'efua@example.org',
    });
    expect((await api.request('GET', '/prayers/public/')).body.some((p: any) => p.id === prayer.id)).toBe(false);
  });

  it('keeps HTML and header tricks as text', async () => {
    const res = await send({
      ...MESSAGE,
      name: '<script>alert(1)</script>',
      subject: 'Hello\r\nBcc: victim@example.org',
    });
    expect(res.status).toBe(201);
    const message = (await inbox()).find((m) => m.id === res.body.id);
    expect(message.name).toBe('<script>alert(1)</script>');
    expect(api.mails[0].subject).not.toMatch(/[\r\n]/);
  });

  it('the inbox is for staff; members and anonymous callers are refused', async () => {
    expect((await api.request('GET', '/messages/')).status).toBe(401);
    const member = await api.tokenFor('member').catch(() => null);
    if (member) expect((await api.request('GET', '/messages/', { token: member })).status).toBe(403);
    expect((await api.request('GET', '/messages/', { token: admin })).status).toBe(200);
  });

  it('read/unread and archive change the unread count, each audited', async () => {
    const { body } = await send(MESSAGE);
    const unread = async () => (await api.request('GET', '/messages/unread-count/', { token: pastor })).body.unread;
    const before = await unread();
    const read = await api.request('PATCH', `/messages/${body.id}/`, { token: pastor, body: { read: true } });
    expect(read.status).toBe(200);
    expect(read.body.read).toBe(true);
    expect(await unread()).toBe(before - 1);
    expect(await lastActivity()).toMatchObject({ action: `read the message from ${MESSAGE.name}` });
    await api.request('PATCH', `/messages/${body.id}/`, { token: pastor, body: { read: false } });
    expect(await unread()).toBe(before);
    const archived = await api.request('PATCH', `/messages/${body.id}/`, { token: pastor, body: { archived: true } });
    expect(archived.body.archived).toBe(true);
    expect(await unread()).toBe(before - 1);
    expect(await lastActivity()).toMatchObject({ action: `archived the message from ${MESSAGE.name}` });
  });

  it('refuses a bad change and an unknown message', async () => {
    const { body } = await send(MESSAGE);
    const empty = await api.request('PATCH', `/messages/${body.id}/`, { token: pastor, body: {} });
    expect(empty.status).toBe(400);
    const wrong = await api.request('PATCH', `/messages/${body.id}/`, { token: pastor, body: { read: 'yes' } });
    expect(wrong.status).toBe(400);
    expect((await api.request('GET', '/messages/999999/', { token: pastor })).status).toBe(404);
    expect((await api.request('GET', '/messages/abc/', { token: pastor })).status).toBe(404);
  });

  it('delete is for ADMIN and above: a pastor gets 403 and nothing changes', async () => {
    const { body } = await send(MESSAGE);
    expect((await api.request('DELETE', `/messages/${body.id}/`, { token: pastor })).status).toBe(403);
    expect((await inbox()).some((m) => m.id === body.id)).toBe(true);
    expect((await api.request('DELETE', `/messages/${body.id}/`, { token: admin })).status).toBe(204);
    expect((await inbox()).some((m) => m.id === body.id)).toBe(false);
    expect(await lastActivity()).toMatchObject({ action: `deleted the message from ${MESSAGE.name}` });
    expect((await api.request('DELETE', `/messages/${body.id}/`, { token: admin })).status).toBe(404);
  });
});
