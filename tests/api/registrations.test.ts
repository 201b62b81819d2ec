/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are checked field by field */
// Event registrations over real HTTP, on every backend: a visitor registers (JSON and plain form post, the
// honeypot, the per-address limit, validation, the events that take none), confirmed while seats remain and
// waitlisted after, never over capacity when 50 arrive at once; the confirmation mail with the iCalendar file and
// the cancel link; staff list, check in and cancel, the waitlist confirmed in order, each change audited.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { backends, startApi, type TestApi } from './helpers';

const PERSON = { name: 'Kofi Boateng', email: 'kofi@example.org', phone: '024 555 0111', seats: 1 };

let address = 0;
const client = () => ({ 'X-Forwarded-For': `192.0.2.${++address % 250}` });
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe.each(backends())('event registrations on %s', (backend) => {
  let api: TestApi;
  let pastor: string;
  let admin: string;
  beforeAll(async () => {
    api = await startApi(backend, { members: 0, env: { TRUST_PROXY: 'true', PUBLIC_RATE_LIMIT: '5' } });
    [pastor, admin] = await Promise.all([api.tokenFor('pastor'), api.tokenFor('admin')]);
  });
  beforeEach(() => {
    api.mails.length = 0;
  });
  afterAll(() => api?.close());

  let n = 0;
  /** A new event that takes registrations, `capacity` seats (null: no limit). */
  async function newEvent(fields: Record<string, unknown> = {}) {
    const res = await api.request('POST', '/events/', {
      token: pastor,
      body: {
        title: `Marriage Enrichment Evening ${++n}`,
        category: 'fellowship',
        type: 'one-time',
        startDate: inDays(10),
        startTime: '18:00',
        endTime: '20:00',
        location: 'Fellowship Hall',
        capacity: 3,
        requiresRegistration: true,
        isPublic: true,
        ...fields,
      },
    });
    expect(res.status).toBe(201);
    return res.body.id as string;
  }
  const register = (id: string, body: unknown = PERSON, headers = client()) =>
    api.request('POST', `/events/${id}/registrations/`, { body, headers });
  const list = async (id: string) =>
    (await api.request('GET', `/events/${id}/registrations/`, { token: pastor })).body as any[];
  const figures = async (id: string) => {
    const { body } = await api.request('GET', `/events/${id}/`);
    return { registered: body.registered, waitlist: body.waitlist };
  };
  const tokenOf = (mail: any) => /token=([\w-]+)/.exec(mail.text)![1];

  it('confirms while seats remain, waitlists after; the figures count seats', async () => {
    const id = await newEvent();
    expect((await register(id, { ...PERSON, seats: 2 })).body).toMatchObject({ status: 'confirmed', seats: 2 });
    expect((await register(id)).body.status).toBe('confirmed');
    const third = await register(id);
    expect(third.status).toBe(201);
    // The answer carries the event's figures as this registration leaves them: the page's card shows them (issue 28).
    expect(third.body).toEqual({
      id: expect.any(Number),
      status: 'waitlisted',
      seats: 1,
      event: { registered: 3, waitlist: 1, capacity: 3 },
    });
    expect(await figures(id)).toEqual({ registered: 3, waitlist: 1 });
  });

  it('waitlists a registration for more seats than remain, whole', async () => {
    const id = await newEvent({ capacity: 4 });
    await register(id, { ...PERSON, seats: 3 });
    expect((await register(id, { ...PERSON, seats: 2 })).body.status).toBe('waitlisted');
    // Nobody overtakes the waitlist, even for a seat that is free.
    expect((await register(id)).body.status).toBe('waitlisted');
    expect(await figures(id)).toEqual({ registered: 3, waitlist: 3 });
  });

  it('takes any number without a capacity', async () => {
    const id = await newEvent({ capacity: null });
    for (let i = 0; i < 4; i++) expect((await register(id, { ...PERSON, seats: 10 })).body.status).toBe('confirmed');
    expect((await register(id, { ...PERSON, seats: 1 })).body.event).toEqual({
      registered: 41,
      waitlist: 0,
      capacity: null,
    });
  });

  it('never overbooks: 50 registrations at once for 10 seats confirm exactly 10', async () => {
    const id = await newEvent({ capacity: 10 });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => register(id, { ...PERSON, name: `Guest ${i}` })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(201));
    expect(answers.filter((a) => a.body.status === 'confirmed')).toHaveLength(10);
    expect(answers.filter((a) => a.body.status === 'waitlisted')).toHaveLength(40);
    expect(await figures(id)).toEqual({ registered: 10, waitlist: 40 });
  });

  it('refuses invalid input with per-field messages and stores nothing', async () => {
    const id = await newEvent();
    const res = await register(id, { name: 'K', email: 'kofi', phone: 'abc', seats: 11 });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      name: ['Minimum 2 characters required'],
      email: ['Please enter a valid email address'],
      phone: ['Please enter a valid phone number'],
      seats: ['Seats must be a whole number from 1 to 10'],
    });
    expect((await register(id, { ...PERSON, seats: 0 })).body.errors.seats).toBeTruthy();
    expect((await register(id, { ...PERSON, seats: 1.5 })).body.errors.seats).toBeTruthy();
    expect(await list(id)).toEqual([]);
  });

  it('takes a phone number written with its country code (the form has no country picker)', async () => {
    const id = await newEvent({ capacity: null });
    const res = await register(id, { ...PERSON, phone: '+233 24 555 0100' });
    expect(res.status).toBe(201);
    expect((await list(id)).map((r) => r.phone)).toEqual(['+233245550100']);
    const refused = await register(id, { ...PERSON, phone: '+233 24 555 0100 99999' });
    expect(refused.body.errors).toEqual({ phone: ['Please enter a valid phone number'] });
  });

  it('answers 409 for an event that takes no registration, is cancelled or has ended; 404 when not visible', async () => {
    const open = await newEvent({ requiresRegistration: false });
    expect((await register(open)).status).toBe(409);
    expect((await register(open)).body).toEqual({ detail: 'This event does not take registrations.' });
    const cancelled = await newEvent({ status: 'cancelled' });
    expect((await register(cancelled)).body).toEqual({ detail: 'This event has been cancelled.' });
    const ended = await newEvent({ startDate: inDays(-3) });
    expect((await register(ended)).body).toEqual({ detail: 'This event has ended.' });
    const hidden = await newEvent({ isPublic: false });
    expect((await register(hidden)).status).toBe(404);
    expect((await register('no-such-event')).status).toBe(404);
    for (const id of [open, cancelled, ended, hidden]) expect(await list(id)).toEqual([]);
  });

  it('takes a plain form post: 303 back to /events with the status as the fragment', async () => {
    const id = await newEvent({ capacity: 1 });
    const post = (fields: Record<string, string>) =>
      fetch(`${api.url}/api/v1/events/${id}/registrations/`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...client() },
        body: new URLSearchParams(fields),
      });
    const first = await post({ name: 'Abena', email: 'abena@example.org', phone: '', seats: '1', website: '' });
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/events#registration-confirmed');
    const second = await post({ name: 'Yaw', email: 'yaw@example.org', seats: '1' });
    expect(second.headers.get('location')).toBe('/events#registration-waitlisted');
    const refused = await post({ name: 'Yaw', email: 'yaw@example.org', seats: 'many' });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('Seats must be a whole number from 1 to 10');
    expect(await list(id)).toHaveLength(2);
  });

  it('answers a filled honeypot like a success and stores nothing; limits one address (429)', async () => {
    const id = await newEvent({ capacity: null });
    const bait = await register(id, { ...PERSON, website: 'spam' });
    expect(bait.status).toBe(201);
    expect(await list(id)).toEqual([]);
    expect(api.mails).toHaveLength(0);
    const headers = client();
    for (let i = 0; i < 5; i++) expect((await register(id, PERSON, headers)).status).toBe(201);
    const refused = await register(id, PERSON, headers);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await list(id)).toHaveLength(5);
  });

  it('mails the registrant a confirmation with the event as iCalendar and a cancel link that works once', async () => {
    const id = await newEvent({ capacity: 1 });
    await register(id);
    const mail = api.mails.find((m) => m.to === PERSON.email)!;
    expect(mail.subject).toMatch(/^Registration confirmed: Marriage Enrichment Evening/);
    expect(mail.text).toContain(`${api.config.siteUrl}/events/cancel?token=`);
    const [ics] = mail.attachments!;
    expect(ics).toMatchObject({ filename: 'event.ics', contentType: 'text/calendar' });
    expect(String(ics.content)).toContain('BEGIN:VEVENT');
    expect(String(ics.content)).toContain('SUMMARY:Marriage Enrichment Evening');
    expect(api.mails.some((m) => m.subject.startsWith('New registration (confirmed)'))).toBe(true);

    await register(id, { ...PERSON, name: 'Waiting Ama', email: 'ama@example.org' });
    const token = tokenOf(mail);
    api.mails.length = 0;
    const cancel = await api.request('POST', '/registrations/cancel/', { body: { token } });
    expect(cancel.status).toBe(200);
    // The waitlisted registrant got the freed seat and is told so.
    expect((await list(id)).map((r) => r.status)).toEqual(['cancelled', 'confirmed']);
    expect(api.mails.find((m) => m.to === 'ama@example.org')?.subject).toMatch(/^A place opened/);
    expect((await api.request('POST', '/registrations/cancel/', { body: { token } })).status).toBe(404);
    const form = await fetch(`${api.url}/api/v1/registrations/cancel/`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: 'not-a-token' }),
    });
    expect(form.status).toBe(404);
    expect(await form.text()).toContain('This cancel link is invalid');
  });

  it('staff list registrations with contact details; visitors and members never', async () => {
    const id = await newEvent();
    await register(id);
    expect((await api.request('GET', `/events/${id}/registrations/`)).status).toBe(401);
    const [row] = await list(id);
    expect(row).toEqual({
      ...PERSON,
      phone: '+233245550111',
      id: expect.any(Number),
      status: 'confirmed',
      createdAt: expect.any(String),
    });
    const visitor = JSON.stringify((await api.request('GET', `/events/${id}/`)).body);
    expect(visitor).not.toContain(PERSON.email);
    expect(visitor).not.toContain(PERSON.phone);
  });

  it('check in and cancel: the waitlist is confirmed in order as far as the seats reach, each audited', async () => {
    const id = await newEvent({ capacity: 3 });
    const a = (await register(id, { ...PERSON, name: 'Akua', seats: 3 })).body;
    const b = (await register(id, { ...PERSON, name: 'Baaba', seats: 2 })).body;
    const c = (await register(id, { ...PERSON, name: 'Comfort', seats: 2 })).body;
    const d = (await register(id, { ...PERSON, name: 'Dede', seats: 1 })).body;
    expect([b.status, c.status, d.status]).toEqual(['waitlisted', 'waitlisted', 'waitlisted']);

    const checkIn = await api.request('PATCH', `/events/${id}/registrations/${a.id}/`, {
      token: pastor,
      body: { status: 'checked_in' },
    });
    expect(checkIn.status).toBe(200);
    expect(checkIn.body.status).toBe('checked_in');
    const last = (await api.request('GET', '/auth/activity/?limit=1', { token: pastor })).body[0];
    expect(last.action).toMatch(/^checked in Akua for Marriage Enrichment Evening/);
    const refused = await api.request('PATCH', `/events/${id}/registrations/${b.id}/`, {
      token: pastor,
      body: { status: 'checked_in' },
    });
    expect(refused.status).toBe(409);

    await api.request('PATCH', `/events/${id}/registrations/${a.id}/`, {
      token: pastor,
      body: { status: 'cancelled' },
    });
    // 3 seats free: Baaba (2) fits, Comfort (2) does not, so Dede waits behind her.
    expect((await list(id)).map((r) => [r.name, r.status])).toEqual([
      ['Akua', 'cancelled'],
      ['Baaba', 'confirmed'],
      ['Comfort', 'waitlisted'],
      ['Dede', 'waitlisted'],
    ]);
    expect(await figures(id)).toEqual({ registered: 2, waitlist: 3 });
    const again = await api.request('PATCH', `/events/${id}/registrations/${a.id}/`, {
      token: pastor,
      body: { status: 'cancelled' },
    });
    expect(again.status).toBe(409);
    const bad = await api.request('PATCH', `/events/${id}/registrations/${a.id}/`, {
      token: pastor,
      body: { status: 'confirmed' },
    });
    expect(bad.status).toBe(400);
    expect(
      (
        await api.request('PATCH', `/events/${id}/registrations/999999/`, {
          token: admin,
          body: { status: 'cancelled' },
        })
      ).status,
    ).toBe(404);
  });

  it('keeps what a visitor wrote as text', async () => {
    const id = await newEvent({ capacity: null });
    await register(id, { ...PERSON, name: '<img src=x onerror=alert(1)>' });
    expect((await list(id))[0].name).toBe('<img src=x onerror=alert(1)>');
  });
});
