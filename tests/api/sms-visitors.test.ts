/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are checked field by field */
// SMS pumping (issue 27, 6): an SMS an anonymous visitor causes (an event registration's confirmation, a /my sign-in
// code asked by phone) goes only to the calling codes of SMS_VISITOR_COUNTRIES (default 233), through the real
// Arkesel driver to a fake Arkesel; the rest of the request still succeeds (the registration stands, its email
// goes, the code request answers 202 as always).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENV, backends, startApi, type TestApi } from './helpers';
import { loadConfig } from '../../src/server/config';
import { createSmsSender } from '../../src/server/sms';
import { ARKESEL_KEY, startFakeArkesel, type FakeSmsProvider } from './sms-providers';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe.each(backends())('SMS caused by visitors on %s', (backend) => {
  let arkesel: FakeSmsProvider;
  /** The default (Ghana only), and one that also lets Nigeria through. */
  let ghana: TestApi;
  let westAfrica: TestApi;

  async function start(extra: Record<string, string>) {
    const env = {
      SMS_PROVIDER: 'arkesel',
      SMS_API_KEY: ARKESEL_KEY,
      SMS_SENDER_ID: 'GraceChapel',
      SMS_BASE_URL: arkesel.url,
      ...extra,
    };
    return startApi(backend, { members: 0, env, sms: createSmsSender(loadConfig({ ...TEST_ENV, ...env })) });
  }

  beforeAll(async () => {
    arkesel = await startFakeArkesel();
    [ghana, westAfrica] = await Promise.all([start({}), start({ SMS_VISITOR_COUNTRIES: '233, 234' })]);
  });
  afterAll(async () => {
    await Promise.all([ghana?.close(), westAfrica?.close()]);
    await arkesel?.close();
  });

  async function event(api: TestApi) {
    const res = await api.request('POST', '/events/', {
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
    return res.body.id as number;
  }

  /** Registers with `phone` and answers the SMS the fake Arkesel accepted for it (after the outbox ran). */
  async function register(api: TestApi, id: number, phone: string, email: string) {
    arkesel.accepted.length = 0;
    api.mails.length = 0;
    const res = await api.request('POST', `/events/${id}/registrations/`, {
      body: { name: 'Abena Mensah', email, phone, seats: 1 },
    });
    expect(res.status).toBe(201);
    await api.outbox.settle();
    return { res, texts: [...arkesel.accepted] };
  }

  it('texts a Ghanaian registrant, never a foreign one; the registration and its email stand', async () => {
    const id = await event(ghana);
    const uk = await register(ghana, id, '00447700900123', 'uk@example.org');
    expect(uk.texts).toEqual([]);
    expect(arkesel.requests.filter((r) => JSON.stringify(r.body).includes('447700900123'))).toEqual([]);
    const list = (await ghana.request('GET', `/events/${id}/registrations/`, { token: await ghana.tokenFor('pastor') }))
      .body as any[];
    expect(list.find((r) => r.email === 'uk@example.org')).toMatchObject({
      phone: '+447700900123',
      status: 'confirmed',
    });
    expect(ghana.mails.filter((m) => m.to.includes('uk@example.org'))).toHaveLength(1);

    const gh = await register(ghana, id, '0244123456', 'gh@example.org');
    expect(gh.texts.map((s) => s.to)).toEqual(['233244123456']);

    const ng = await register(ghana, id, '+234 803 123 4567', 'ng@example.org');
    expect(ng.texts).toEqual([]);
  });

  it('SMS_VISITOR_COUNTRIES=233,234 lets a Nigerian number through, still not a British one', async () => {
    const id = await event(westAfrica);
    expect((await register(westAfrica, id, '+234 803 123 4567', 'ng@example.org')).texts.map((s) => s.to)).toEqual([
      '2348031234567',
    ]);
    expect((await register(westAfrica, id, '+44 7700 900123', 'uk@example.org')).texts).toEqual([]);
  });

  it('a /my code asked by phone goes only to SMS_VISITOR_COUNTRIES, with the same 202', async () => {
    const abroad = await ghana.createUser({ username: 'abroad', role: 'MEMBER', email: 'abroad@example.org' });
    const home = await ghana.createUser({ username: 'home', role: 'MEMBER', email: 'home@example.org' });
    const db = ghana.database.db;
    await db.updateTable('users').set({ phone_number: '+447700900123' }).where('id', '=', abroad).execute();
    await db.updateTable('users').set({ phone_number: '+233244123457' }).where('id', '=', home).execute();
    arkesel.accepted.length = 0;
    const refused = await ghana.request('POST', '/members/code/', { body: { phone: '+44 7700 900123' } });
    const sent = await ghana.request('POST', '/members/code/', { body: { phone: '024 412 3457' } });
    expect([refused.status, sent.status]).toEqual([202, 202]);
    expect(refused.body).toEqual(sent.body);
    await ghana.outbox.settle();
    expect(arkesel.accepted.map((s) => s.to)).toEqual(['233244123457']);
  });
});
