// Paystack's webhooks over real HTTP, on every backend: an unsigned, forged (another key) or altered (replayed with
// a changed body) webhook answers 401 and changes nothing; a signed one is still verified with Paystack before it
// credits; the same event again changes nothing; 100 identical webhooks at once credit one gift with one receipt;
// and two app instances sharing PostgreSQL, receiving the same webhooks at once, credit each gift once.
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { backends, startApi, type TestApi } from './helpers';
import { PAYSTACK_KEY, sign, startFakePaystack, type FakePaystack } from './paystack-fake';

const GIFT = { fund: 'Offering', amount: 100, name: 'Kwame Adu', email: 'kwame@example.org' };

async function statusOf(api: TestApi, reference: string) {
  const row = await api.database.db
    .selectFrom('gifts')
    .select(['status', 'updated_at'])
    .where('reference', '=', reference)
    .executeTakeFirstOrThrow();
  return row.status;
}
async function receiptsOf(api: TestApi, reference: string) {
  return api.database.db
    .selectFrom('outbox')
    .select('id')
    .where('idempotency_key', 'like', `gift:${reference}:%`)
    .execute();
}

describe.each(backends())('Paystack webhooks on %s', (backend) => {
  let api: TestApi;
  let paystack: FakePaystack;
  beforeAll(async () => {
    paystack = await startFakePaystack();
    api = await startApi(backend, {
      members: 0,
      env: { PAYSTACK_SECRET_KEY: PAYSTACK_KEY, PAYSTACK_BASE_URL: paystack.url, PUBLIC_RATE_LIMIT: '1000' },
    });
    paystack.webhookUrl = `${api.url}/api/v1/giving/webhooks/paystack/`;
  });
  beforeEach(() => {
    paystack.webhooks = true;
    paystack.mode = 'ok';
  });
  afterAll(async () => {
    await api?.close();
    await paystack?.close();
  });

  const start = async () => (await api.request('POST', '/giving/', { body: GIFT })).body.reference as string;

  it('refuses unsigned, forged and altered webhooks with 401, changing nothing', async () => {
    const reference = await start();
    await paystack.pay(reference, { webhook: false });
    const body = paystack.eventBody(reference);
    const attempts = [
      await paystack.sendWebhook(body, null),
      await paystack.sendWebhook(body, 'sk_test_someone_else'),
      // A genuine signature replayed over a changed body.
      await fetch(paystack.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-paystack-signature': sign(body) },
        body: body.replace('"charge.success"', '"charge.success" '),
      }),
      await fetch(paystack.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-paystack-signature': 'zz'.repeat(64) },
        body,
      }),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ detail: 'Invalid signature.' });
    }
    expect(await statusOf(api, reference)).toBe('pending');
    expect(await receiptsOf(api, reference)).toEqual([]);
    // Nothing was even asked of Paystack.
    expect(
      paystack.requests.filter((r) => r.path.includes(reference) && r.path.startsWith('/transaction/verify')),
    ).toEqual([]);
  });

  it('verifies a signed event with Paystack: a body claiming success for an unpaid gift credits nothing', async () => {
    const reference = await start();
    const claim = JSON.stringify({
      event: 'charge.success',
      data: { reference, amount: 10_000, currency: 'GHS', status: 'success' },
    });
    const res = await paystack.sendWebhook(claim);
    expect(res.status).toBe(200);
    expect(await statusOf(api, reference)).toBe('pending');
    // Other events and unknown references are taken and ignored.
    expect((await paystack.sendWebhook(JSON.stringify({ event: 'transfer.success', data: {} }))).status).toBe(200);
    const unknown = JSON.stringify({ event: 'charge.success', data: { reference: 'GC-NOPE' } });
    expect((await paystack.sendWebhook(unknown)).status).toBe(200);
    // Paystack down while verifying: 502, so Paystack sends it again later.
    await paystack.pay(reference, { webhook: false });
    paystack.mode = 'down';
    expect((await paystack.sendWebhook(paystack.eventBody(reference))).status).toBe(502);
    expect(await statusOf(api, reference)).toBe('pending');
    paystack.mode = 'ok';
    expect((await paystack.sendWebhook(paystack.eventBody(reference))).status).toBe(200);
    expect(await statusOf(api, reference)).toBe('paid');
  });

  it('credits once: the same event again, and 100 identical webhooks at once, make one paid gift and one receipt', async () => {
    const reference = await start();
    await paystack.pay(reference, { webhook: false });
    const body = paystack.eventBody(reference);
    const answers = await Promise.all(Array.from({ length: 100 }, () => paystack.sendWebhook(body)));
    expect(answers.map((r) => r.status)).toEqual(Array(100).fill(200));
    expect(await statusOf(api, reference)).toBe('paid');
    expect(await receiptsOf(api, reference)).toHaveLength(1);
    const paidAt = (
      await api.database.db.selectFrom('gifts').select('paid_at').where('reference', '=', reference).executeTakeFirst()
    )?.paid_at;
    expect((await paystack.sendWebhook(body)).status).toBe(200);
    const after = await api.database.db
      .selectFrom('gifts')
      .select('paid_at')
      .where('reference', '=', reference)
      .executeTakeFirst();
    expect(after?.paid_at).toBe(paidAt);
    await api.outbox.settle();
    expect(api.mails.filter((m) => m.text.includes(reference))).toHaveLength(1);
  });
});

const pg = inject('pgUrl');
describe.skipIf(!pg)('two app instances on one PostgreSQL receive the same webhooks', () => {
  let a: TestApi;
  let b: TestApi;
  let paystack: FakePaystack;
  beforeAll(async () => {
    paystack = await startFakePaystack();
    const env = { PAYSTACK_SECRET_KEY: PAYSTACK_KEY, PAYSTACK_BASE_URL: paystack.url, PUBLIC_RATE_LIMIT: '1000' };
    a = await startApi('postgres', { members: 0, env });
    b = await startApi('postgres', { databaseUrl: a.config.databaseUrl, env });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await paystack?.close();
  });

  it('credits each gift once whichever instance gets it first', async () => {
    const references: string[] = [];
    for (let i = 0; i < 10; i++) {
      references.push((await a.request('POST', '/giving/', { body: GIFT })).body.reference);
    }
    for (const reference of references) await paystack.pay(reference, { webhook: false });
    const deliveries = references.flatMap((reference) => {
      const body = paystack.eventBody(reference);
      return [a, b, a, b].map((api) =>
        fetch(`${api.url}/api/v1/giving/webhooks/paystack/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-paystack-signature': sign(body) },
          body,
        }),
      );
    });
    const answers = await Promise.all(deliveries);
    expect(answers.every((r) => r.status === 200)).toBe(true);
    for (const reference of references) {
      expect(await statusOf(a, reference)).toBe('paid');
      expect(await receiptsOf(a, reference)).toHaveLength(1);
    }
  });
});
