/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are checked field by field */
// The demo data keeps the product's own rules, on every backend: seeded as `npm start` seeds an empty database, no
// event has more confirmed seats than it has places (docs/PRODUCT.md, Events), and a waitlist only where it is full;
// some members want SMS, so a broadcast by SMS reaches someone, and seeding again changes none of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { backends, startApi, type TestApi } from './helpers';
import { seed } from '../../src/server/seed/seed';

describe.each(backends())('demo data on %s', (backend) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi(backend, { members: 0 });
  });
  afterAll(() => api?.close());

  it('never seats more than an event holds; only a full event has a waitlist', async () => {
    const token = await api.tokenFor('pastor');
    const res = await api.request('GET', '/events/', { token });
    expect(res.status).toBe(200);
    const limited = res.body.filter((e: any) => e.capacity !== null);
    expect(limited.length).toBeGreaterThan(0);
    for (const event of limited) {
      expect(event.registered, `${event.id}: ${event.registered} of ${event.capacity}`).toBeLessThanOrEqual(
        event.capacity,
      );
      if (event.waitlist > 0) expect(event.registered, `${event.id} has a waitlist`).toBe(event.capacity);
    }
  });
});

describe.each(backends())('the demo shows SMS on %s', (backend) => {
  let api: TestApi;
  beforeAll(async () => {
    // As `npm start` seeds an empty database: the demo accounts and 20 sample members.
    api = await startApi(backend, { members: 20 });
  });
  afterAll(() => api?.close());

  const smsPeople = () =>
    api.database.db
      .selectFrom('users')
      .select(['username', 'phone_number', 'sms_consent_at'])
      .where('sms_notifications', '=', true)
      .orderBy('username')
      .execute();

  it('some members have a Ghanaian phone and SMS on, so a broadcast by SMS reaches them', async () => {
    const people = await smsPeople();
    expect(people.map((p) => p.username)).toContain('member');
    for (const p of people) {
      expect(p.phone_number, p.username).toMatch(/^\+233[235]\d{8}$/);
      expect(p.sms_consent_at, p.username).toEqual(expect.any(String));
    }
    const admin = await api.tokenFor('admin');
    const { body: audiences } = await api.request('GET', '/broadcasts/audiences/', { token: admin });
    expect(audiences.sms.all).toBeGreaterThan(0);
    const res = await api.request('POST', '/broadcasts/', {
      token: admin,
      body: {
        requestKey: randomUUID(),
        audience: { group: 'all' },
        channels: ['sms'],
        subject: 'Choir rehearsal moved',
        message: 'Rehearsal is on Friday at 6 pm this week.',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.channels.sms).toBe(audiences.sms.all);
    expect(res.body.channels.sms).toBeGreaterThan(0);
    expect(api.sms.length).toBe(res.body.channels.sms);
  });

  it('seeding again changes nobody: the same accounts, the same SMS members', async () => {
    const count = async () =>
      Number(
        (
          await api.database.db
            .selectFrom('users')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const [before, users] = [await smsPeople(), await count()];
    const again = await seed(api.database.db, api.config, { members: 20 });
    expect(again.members).toBe(0);
    expect(await count()).toBe(users);
    expect(await smsPeople()).toEqual(before);
  });
});
