/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are checked field by field */
// The demo data keeps the product's own rules, on every backend: seeded as `npm start` seeds an empty database, no
// event has more confirmed seats than it has places (docs/PRODUCT.md, Events), and a waitlist only where it is full.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startApi, type TestApi } from './helpers';

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
