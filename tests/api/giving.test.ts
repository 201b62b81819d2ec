/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are checked field by field */
// Giving over real HTTP against a fake Paystack (./paystack-fake.ts), on every backend: the funds; starting a gift
// (JSON and the /give form post, the honeypot) with the amount rule and unknown funds refused before anything
// starts; Paystack down or refusing (502, nothing left pending) and not configured (503); crediting by webhook,
// by the thanks page's verification and by the background check (a lost webhook), once, with the receipt by
// email and SMS; a different amount flags the gift; staff's gifts, envelopes, refunds, flagged gifts, summary,
// CSV, funds and giving settings, closed to PASTOR and MEMBER; a member's own gifts and statement.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { backends, startApi, type TestApi } from './helpers';
import { signAccess } from '../../src/server/credentials/tokens';
import { PAYSTACK_KEY, startFakePaystack, type FakePaystack } from './paystack-fake';
import type { AppDeps } from '../../src/server/kernel/context';
import { checkPendingGifts } from '../../src/server/giving/reconcile';
import { paymentsOf } from '../../src/server/giving/paystack';
import { givingReaderOf } from '../../src/server/giving/pages';
import { startGift } from '../../src/server/giving/online';
import { giftsOfUser } from '../../src/server/giving/gifts';
import { statementOf } from '../../src/server/giving/statements';
import { thanks } from '../../src/server/giving/thanks';

const GIFT = { fund: 'Tithe', amount: 50.5, name: 'Ama Mensah', email: 'ama@example.org', phone: '024 555 0123' };
const SITE_URL = 'https://church.example.org';
let address = 0;
const client = () => ({ 'X-Forwarded-For': `198.51.100.${++address % 250}` });
/** Who opens the thanks page, as the page tells the server (behind the test's trusted proxy). */
const caller = { forwardedFor: '203.0.113.9', remote: () => '127.0.0.1' };

describe.each(backends())('giving on %s', (backend) => {
  let api: TestApi;
  let paystack: FakePaystack;
  let admin: string;
  let pastor: string;
  let member: string;
  let giverId: number;
  let deps: AppDeps;

  beforeAll(async () => {
    paystack = await startFakePaystack();
    api = await startApi(backend, {
      members: 0,
      env: {
        TRUST_PROXY: 'true',
        PUBLIC_RATE_LIMIT: '1000',
        SITE_URL,
        PAYSTACK_SECRET_KEY: PAYSTACK_KEY,
        PAYSTACK_BASE_URL: paystack.url,
        SMS_PROVIDER: 'arkesel',
        SMS_SENDER_ID: 'GraceChapel',
        SMS_API_KEY: 'k',
      },
    });
    paystack.webhookUrl = `${api.url}/api/v1/giving/webhooks/paystack/`;
    [admin, pastor] = await Promise.all([api.tokenFor('admin'), api.tokenFor('pastor')]);
    // A MEMBER's token (members cannot sign in to the portal, but a token must still open no gift).
    giverId = await api.createUser({ username: 'giver', role: 'MEMBER', can_access_web: true });
    member = await signAccess(api.config.jwtSecret, { userId: giverId, version: 0 }, 3600, api.clock.now);
    deps = {
      database: api.database,
      config: api.config,
      now: () => api.clock.now,
      outbox: api.outbox,
      // The app's payment port, as createApp gives it: Paystack's driver pointed at the fake.
      payments: paymentsOf(api.config),
    } as unknown as AppDeps;
  });
  beforeEach(() => {
    paystack.mode = 'ok';
    paystack.webhooks = true;
    api.mails.length = 0;
    api.sms.length = 0;
  });
  afterAll(async () => {
    await api?.close();
    await paystack?.close();
  });

  const give = (body: unknown = GIFT) => api.request('POST', '/giving/', { body, headers: client() });
  const gifts = async () => (await api.request('GET', '/giving/gifts/', { token: admin })).body as any[];
  const giftOf = async (reference: string) => (await gifts()).find((g) => g.reference === reference);
  const countRows = async () =>
    Number(
      (
        await api.database.db
          .selectFrom('gifts')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const settle = () => api.outbox.settle();

  it('lists the demo funds in order to anyone', async () => {
    const res = await api.request('GET', '/giving/funds/');
    expect(res.status).toBe(200);
    expect(res.body.map((f: any) => f.name)).toEqual(['Tithe', 'Offering', 'Welfare', 'Building Fund', 'Missions']);
    expect(Object.keys(res.body[0]).sort()).toEqual(['description', 'id', 'name']);
  });

  it('starts a gift: pending with its own reference, Paystack asked in pesewas with the callback URL', async () => {
    const res = await give();
    expect(res.status).toBe(201);
    expect(res.body.reference).toMatch(/^GC-[0-9A-F]{20}$/);
    expect(res.body.authorization_url).toMatch(new RegExp(`^${paystack.url}/checkout/`));
    const init = paystack.requests.findLast((r) => r.path === '/transaction/initialize')!;
    expect(init.headers.authorization).toBe(`Bearer ${PAYSTACK_KEY}`);
    expect(init.body).toMatchObject({
      email: GIFT.email,
      amount: 5050,
      currency: 'GHS',
      reference: res.body.reference,
      callback_url: `${SITE_URL}/give/thanks`,
    });
    const gift = await giftOf(res.body.reference);
    expect(gift).toMatchObject({
      fund: 'Tithe',
      amount: 50.5,
      currency: 'GHS',
      status: 'pending',
      method: 'paystack',
      name: GIFT.name,
      email: GIFT.email,
      paidAt: null,
    });
    const row = await api.database.db
      .selectFrom('gifts')
      .select('amount')
      .where('reference', '=', res.body.reference)
      .executeTakeFirstOrThrow();
    expect(row.amount).toBe(5050);
  });

  it('refuses bad amounts, unknown funds and bad fields with 400, starting nothing', async () => {
    const before = await countRows();
    const calls = paystack.requests.length;
    for (const amount of [0.5, 0, -5, 100_000.01, 100_001, 10.555, '10.555', 'abc', '', null, '1e3', true, [10]]) {
      const res = await give({ ...GIFT, amount });
      expect(res.status, JSON.stringify(amount)).toBe(400);
      expect(res.body.errors.amount).toEqual(['Enter an amount from 1 to 100,000 cedis, with at most two decimals.']);
    }
    for (const fund of ['Lottery', 9999, '', null]) {
      const res = await give({ ...GIFT, fund });
      expect(res.status, JSON.stringify(fund)).toBe(400);
      expect(res.body.errors.fund).toBeDefined();
    }
    expect((await give({ ...GIFT, email: 'not-an-email' })).status).toBe(400);
    expect((await give({ ...GIFT, name: ' ' })).status).toBe(400);
    expect((await give({ ...GIFT, phone: 'call me' })).status).toBe(400);
    expect((await give({ ...GIFT, status: 'paid' })).status).toBe(400);
    expect(await countRows()).toBe(before);
    expect(paystack.requests.length).toBe(calls);
    // The edges of the rule are taken.
    expect((await give({ ...GIFT, amount: 1 })).status).toBe(201);
    expect((await give({ ...GIFT, amount: '100000.00' })).status).toBe(201);
    expect((await give({ ...GIFT, amount: '1,234.50', fund: 'building fund' })).status).toBe(201);
  });

  it('takes the /give form post: 303 to the checkout; a refused one is a page; the honeypot stores nothing', async () => {
    const funds = (await api.request('GET', '/giving/funds/')).body as any[];
    const form = new URLSearchParams({
      fund: String(funds[2].id),
      amount: '20.00',
      name: 'Yaw Asante',
      email: 'yaw@example.org',
      phone: '',
      note: 'For the food bank',
      website: '',
    });
    const headers = { 'Content-Type': 'application/x-www-form-urlencoded', ...client() };
    const res = await fetch(`${api.url}/api/v1/giving/`, { method: 'POST', headers, body: form, redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    expect(location).toMatch(new RegExp(`^${paystack.url}/checkout/`));
    const tx = [...paystack.transactions.values()].at(-1)!;
    expect(tx.amount).toBe(2000);
    expect(await giftOf(tx.reference)).toMatchObject({ fund: 'Welfare', amount: 20, note: 'For the food bank' });

    form.set('amount', '20.123');
    const bad = await fetch(`${api.url}/api/v1/giving/`, { method: 'POST', headers, body: form, redirect: 'manual' });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toMatch(/text\/html/);
    expect(await bad.text()).toContain('at most two decimals');

    const before = await countRows();
    form.set('amount', '20');
    form.set('website', 'http://spam.example');
    const bait = await fetch(`${api.url}/api/v1/giving/`, { method: 'POST', headers, body: form, redirect: 'manual' });
    expect(bait.status).toBe(303);
    expect(await countRows()).toBe(before);
  });

  it('a gift for an assembly carries its branch and settles to the nearest subaccount at or above it', async () => {
    const superadmin = await api.tokenFor('superadmin');
    const root = ((await api.request('GET', '/branches/')).body as any[])[0];
    const make = async (body: object) =>
      (await api.request('POST', '/branches/', { token: superadmin, body })).body as { id: number };
    const area = await make({ name: 'Coastal Area', parentId: root.id, kind: 'Area' });
    const tema = await make({ name: 'Giving Tema', parentId: area.id, kind: 'Assembly' });
    const setCode = (id: number, code: string | null) =>
      api.request('PATCH', `/branches/${id}/`, { token: superadmin, body: { paystackSubaccount: code } });
    const lastInit = () => paystack.requests.findLast((r) => r.path === '/transaction/initialize')!.body as any;
    const branchOf = async (reference: string) =>
      (
        await api.database.db
          .selectFrom('gifts')
          .select('branch_id')
          .where('reference', '=', reference)
          .executeTakeFirstOrThrow()
      ).branch_id;

    // No subaccount anywhere: the gift is the assembly's, the money the church's own account.
    const res = await give({ ...GIFT, branch: tema.id });
    expect(res.status).toBe(201);
    expect(Number(await branchOf(res.body.reference))).toBe(tema.id);
    expect(lastInit()).not.toHaveProperty('subaccount');

    // The area's code serves the assembly below it; the assembly's own code wins once it has one.
    expect((await setCode(area.id, 'ACCT_area1')).status).toBe(200);
    expect((await give({ ...GIFT, branch: tema.id })).status).toBe(201);
    expect(lastInit().subaccount).toBe('ACCT_area1');
    expect((await setCode(tema.id, 'ACCT_tema1')).status).toBe(200);

    // The /give form sends the branch as text.
    const form = new URLSearchParams({
      fund: 'Tithe',
      amount: '5',
      name: 'Yaa Branch',
      email: 'yaa.branch@example.org',
    });
    form.set('branch', String(tema.id));
    const headers = { 'Content-Type': 'application/x-www-form-urlencoded', ...client() };
    const post = await fetch(`${api.url}/api/v1/giving/`, { method: 'POST', headers, body: form, redirect: 'manual' });
    expect(post.status).toBe(303);
    expect(lastInit().subaccount).toBe('ACCT_tema1');
    expect(Number(await branchOf(lastInit().reference))).toBe(tema.id);

    // No branch chosen (or "" from the form): the root's gift, no subaccount.
    form.set('branch', '');
    expect(
      (await fetch(`${api.url}/api/v1/giving/`, { method: 'POST', headers, body: form, redirect: 'manual' })).status,
    ).toBe(303);
    expect(lastInit()).not.toHaveProperty('subaccount');
    expect(Number(await branchOf(lastInit().reference))).toBe(root.id);

    // A branch that does not exist is a 400 on the field, and nothing starts.
    const calls = paystack.requests.length;
    const rows = await countRows();
    const unknown = await give({ ...GIFT, branch: 999999 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toHaveProperty('branch');
    expect((await give({ ...GIFT, branch: 'Tema' })).status).toBe(400);
    expect(paystack.requests.length).toBe(calls);
    expect(await countRows()).toBe(rows);

    await setCode(tema.id, null);
    await setCode(area.id, null);
  });

  it("a gift answers its branchId, its receipt is queued at its branch, and a giver's statement keeps to one branch", async () => {
    const branches = (await api.request('GET', '/branches/')).body as any[];
    const root = branches.find((b) => b.parentId === null);
    const tema = branches.find((b) => b.slug === 'grace-chapel-tema');
    const giver = await api.createUser({ username: 'two_assemblies', role: 'MEMBER', email: 'two@example.org' });
    const start = async (branch: number | undefined, amount: number) => {
      const input = { fund: 'Tithe', amount, name: 'Two', email: 'two@example.org', phone: '024 555 0199', note: null };
      const { reference } = await startGift(deps, 'branch-key', giver, { ...input, ...(branch && { branch }) });
      await paystack.pay(reference);
      await settle();
      return reference;
    };
    const atTema = await start(tema.id, 3000);
    const atRoot = await start(undefined, 1000);

    // The answers name the branch; the staff list's ?branch= agrees.
    expect((await giftOf(atTema)).branchId).toBe(tema.id);
    expect((await giftOf(atRoot)).branchId).toBe(root.id);
    // The receipts (email and SMS) are queued at the gift's branch, so Tema's staff see Tema's on their Outbox.
    const queued = async (reference: string) =>
      (
        await api.database.db
          .selectFrom('outbox')
          .select(['branch_id', 'channel'])
          .where('idempotency_key', 'like', `gift:${reference}:receipt%`)
          .execute()
      ).map((r) => [r.channel, Number(r.branch_id)]);
    expect(await queued(atTema)).toEqual(
      expect.arrayContaining([
        ['email', tema.id],
        ['sms', tema.id],
      ]),
    );
    expect(await queued(atTema)).toHaveLength(2);
    expect((await queued(atRoot)).every(([, branch]) => branch === root.id)).toBe(true);

    // The statement names the branches given to, and keeps to one (and those below it) when asked.
    const year = new Date(api.clock.now).getUTCFullYear();
    const all = (await statementOf(api.database.db, giver, year))!;
    expect(all.branches).toEqual([
      { id: root.id, name: root.name },
      { id: tema.id, name: tema.name },
    ]);
    expect(all).toMatchObject({ branch: null, total: 'GH₵ 40.00' });
    const ofTema = (await statementOf(api.database.db, giver, year, tema.id))!;
    expect(ofTema).toMatchObject({ branch: { id: tema.id, name: tema.name }, total: 'GH₵ 30.00' });
    expect(ofTema.gifts.map((g) => g.reference)).toEqual([atTema]);
    // The root holds every branch; a branch not given to (or none that exists) keeps nothing out.
    expect((await statementOf(api.database.db, giver, year, root.id))!.total).toBe('GH₵ 40.00');
    expect((await statementOf(api.database.db, giver, year, 999_999))!).toMatchObject({
      branch: null,
      total: 'GH₵ 40.00',
    });
  });

  it('answers 502 when Paystack is down or refuses, and leaves no gift pending', async () => {
    const pending = async () =>
      (await api.database.db.selectFrom('gifts').select('id').where('status', '=', 'pending').execute()).length;
    const before = await pending();
    for (const mode of ['down', 'refuse'] as const) {
      paystack.mode = mode;
      const res = await give();
      expect(res.status).toBe(502);
      expect(res.body.detail).toBe(
        'Online giving is unavailable right now. Please try again, or give by mobile money or at church.',
      );
      expect(await pending()).toBe(before);
      expect((await gifts())[0].status).toBe('failed');
    }
  });

  it('credits a gift by webhook once, with its receipt by email and SMS', async () => {
    const { body } = await give();
    const webhook = await paystack.pay(body.reference, { channel: 'mobile_money' });
    expect(webhook!.status).toBe(200);
    await settle();
    const gift = await giftOf(body.reference);
    expect(gift).toMatchObject({ status: 'paid', channel: 'mobile_money' });
    expect(gift.paidAt).toBeTruthy();
    const receipts = api.mails.filter((m) => m.text.includes(body.reference));
    expect(receipts).toHaveLength(1);
    expect(receipts[0].to).toBe(GIFT.email);
    expect(receipts[0].text).toContain('Fund: Tithe');
    expect(receipts[0].text).toContain('Amount: GH₵ 50.50');
    expect(receipts[0].text).toContain(`Date: ${gift.paidAt.slice(0, 10)}`);
    expect(api.sms.filter((s) => s.text.includes(body.reference))).toHaveLength(1);
    expect(api.sms[0].to).toBe('233245550123');
    // The same event again changes nothing.
    expect((await paystack.sendWebhook(paystack.eventBody(body.reference))).status).toBe(200);
    await settle();
    expect(api.mails.filter((m) => m.text.includes(body.reference))).toHaveLength(1);
  });

  it('texts no receipt to a number outside SMS_VISITOR_COUNTRIES (anyone can start a gift); the email goes', async () => {
    const { body } = await give({ ...GIFT, phone: '00447700900123' });
    await paystack.pay(body.reference, { channel: 'card' });
    await settle();
    expect((await giftOf(body.reference)).status).toBe('paid');
    expect(api.mails.filter((m) => m.text.includes(body.reference))).toHaveLength(1);
    expect(api.sms.filter((s) => s.text.includes(body.reference))).toEqual([]);
  });

  it('flags a gift paid with another amount or currency instead of crediting it; staff resolve it', async () => {
    const a = (await give()).body.reference;
    await paystack.pay(a, { amount: 100 });
    const b = (await give()).body.reference;
    await paystack.pay(b, { currency: 'NGN' });
    await settle();
    const flagged = await giftOf(a);
    expect(flagged.status).toBe('flagged');
    expect(flagged.flagReason).toContain('GHS 1.00');
    expect((await giftOf(b)).status).toBe('flagged');
    expect(api.mails.filter((m) => m.text.includes(a) || m.text.includes(b))).toEqual([]);
    // The thanks page shows no receipt for it, and does not tell the giver they were not charged: they were.
    expect(await thanks(deps, a, caller)).toEqual({ state: 'flagged', reference: a });

    const resolved = await api.request('POST', `/giving/gifts/${flagged.id}/resolve/`, {
      token: admin,
      body: { status: 'paid', amount: 1 },
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({ status: 'paid', amount: 1 });
    expect(api.mails.filter((m) => m.text.includes(a))).toHaveLength(1);
    const again = await api.request('POST', `/giving/gifts/${flagged.id}/resolve/`, {
      token: admin,
      body: { status: 'paid' },
    });
    expect(again.status).toBe(409);
    const failed = await api.request('POST', `/giving/gifts/${(await giftOf(b)).id}/resolve/`, {
      token: admin,
      body: { status: 'failed' },
    });
    expect(failed.body.status).toBe('failed');
  });

  it("keeps staff's note on a resolved gift and in the activity log; a note over 500 characters is refused", async () => {
    const { reference } = (await give()).body;
    await paystack.pay(reference, { amount: 100 });
    await settle();
    const flagged = await giftOf(reference);
    expect(flagged).toMatchObject({ status: 'flagged', resolutionNote: null });
    const resolve = (body: unknown) =>
      api.request('POST', `/giving/gifts/${flagged.id}/resolve/`, { token: admin, body });

    const tooLong = await resolve({ status: 'failed', note: 'x'.repeat(501) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors).toHaveProperty('note');
    expect(await giftOf(reference)).toMatchObject({ status: 'flagged', resolutionNote: null });

    const note = 'Paystack shows GH₵ 1.00 only; the giver <b>confirmed</b> by phone.';
    const done = await resolve({ status: 'failed', note: `  ${note}  ` });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'failed', resolutionNote: note });
    expect(await giftOf(reference)).toMatchObject({ resolutionNote: note });
    const entry = await api.database.db
      .selectFrom('audit_log')
      .select(['reason', 'target_name'])
      .where('action', '=', 'resolve_gift')
      .where('target_name', 'like', `%${reference}%`)
      .executeTakeFirstOrThrow();
    expect(entry.reason).toBe(note);
  });

  it('the thanks page verifies with Paystack: the query string alone marks nothing paid', async () => {
    paystack.webhooks = false;
    const { reference } = (await give()).body;
    expect(await thanks(deps, reference, caller)).toEqual({ state: 'not-completed', reference });
    expect((await giftOf(reference)).status).toBe('pending');
    expect(await thanks(deps, 'GC-NOSUCHREFERENCE', caller)).toEqual({ state: 'not-completed', reference: null });
    expect(await thanks(deps, '<script>', caller)).toEqual({ state: 'not-completed', reference: null });
    await paystack.pay(reference);
    const receipt = await thanks(deps, reference, caller);
    expect(receipt).toMatchObject({ state: 'paid', reference, fund: 'Tithe', amount: 'GH₵ 50.50' });
    await settle();
    expect((await giftOf(reference)).status).toBe('paid');
    expect(api.mails.filter((m) => m.text.includes(reference))).toHaveLength(1);
    // Paystack down: the page cannot confirm, and says so.
    const other = (await give()).body.reference;
    paystack.mode = 'down';
    expect(await thanks(deps, other, caller)).toEqual({ state: 'unverified', reference: other });
    // A payment still under way at Paystack (mobile money awaiting approval) is not called failed.
    paystack.mode = 'ok';
    paystack.transactions.get(other)!.status = 'failed';
    expect(await thanks(deps, other, caller)).toEqual({ state: 'not-completed', reference: other });
    const waiting = (await give()).body.reference;
    paystack.transactions.get(waiting)!.status = 'pending';
    expect(await thanks(deps, waiting, caller)).toEqual({ state: 'unverified', reference: waiting });
  });

  it('the thanks page asks Paystack only about a pending gift, at most PUBLIC_RATE_LIMIT times per address', async () => {
    // Failed before: every view of a settled gift's page called Paystack's verify (anyone could spend the quota).
    const { reference } = (await give()).body;
    await paystack.pay(reference);
    await settle();
    expect((await giftOf(reference)).status).toBe('paid');
    const verifies = () => paystack.requests.filter((r) => r.path === `/transaction/verify/${reference}`).length;
    const before = verifies();
    for (let i = 0; i < 5; i++) expect((await thanks(deps, reference, caller)).state).toBe('paid');
    expect(verifies()).toBe(before);
    // A pending one is verified, but one address gets PUBLIC_RATE_LIMIT verifications in ten minutes; then the page
    // says the receipt comes by email, and Paystack is not asked. Another address is counted apart.
    paystack.webhooks = false;
    const pending = (await give()).body.reference;
    const asked = () => paystack.requests.filter((r) => r.path === `/transaction/verify/${pending}`).length;
    const limit = 3;
    const limited = { ...deps, config: { ...api.config, publicRateLimit: limit } } as AppDeps;
    const one = { forwardedFor: '203.0.113.77', remote: () => '127.0.0.1' };
    for (let i = 0; i < limit; i++) await thanks(limited, pending, one);
    expect(asked()).toBe(limit);
    expect(await thanks(limited, pending, one)).toEqual({ state: 'unverified', reference: pending });
    expect(asked()).toBe(limit);
    await thanks(limited, pending, { ...one, forwardedFor: '203.0.113.78' });
    expect(asked()).toBe(limit + 1);
  });

  it('the background check credits a gift whose webhook was lost, after 15 minutes', async () => {
    paystack.webhooks = false;
    const { reference } = (await give()).body;
    await paystack.pay(reference);
    await checkPendingGifts(deps);
    expect((await giftOf(reference)).status).toBe('pending');
    api.clock.advance(16 * 60_000);
    // Paystack down: still pending, asked again later.
    paystack.mode = 'down';
    await checkPendingGifts(deps);
    expect((await giftOf(reference)).status).toBe('pending');
    paystack.mode = 'ok';
    api.clock.advance(60_000);
    await checkPendingGifts(deps);
    await settle();
    admin = await api.tokenFor('admin');
    expect((await giftOf(reference)).status).toBe('paid');
    expect(api.mails.filter((m) => m.text.includes(reference))).toHaveLength(1);
    // An unpaid one stays pending for a day, then fails.
    const unpaid = (await give()).body.reference;
    api.clock.advance(16 * 60_000);
    await checkPendingGifts(deps);
    expect((await giftOf(unpaid)).status).toBe('pending');
    api.clock.advance(25 * 3_600_000);
    await checkPendingGifts(deps);
    admin = await api.tokenFor('admin');
    expect((await giftOf(unpaid)).status).toBe('failed');
    // The clock moved past the tokens' lifetime: new ones for the tests after this one.
    pastor = await api.tokenFor('pastor');
    member = await signAccess(api.config.jwtSecret, { userId: giverId, version: 0 }, 3600, api.clock.now);
  });

  it('closes gifts, the summary, funds and the giving settings to PASTOR and MEMBER', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/giving/gifts/'],
      ['GET', '/giving/gifts/?format=csv'],
      ['POST', '/giving/gifts/', { fund: 'Tithe', amount: 10, method: 'cash', date: '2025-01-05' }],
      ['POST', '/giving/batches/', { date: '2025-01-05', method: 'cash', total: 10, gifts: [{ fund: 1, amount: 10 }] }],
      ['POST', '/giving/gifts/1/refund/', { reason: 'x' }],
      ['POST', '/giving/gifts/1/resolve/', { status: 'failed' }],
      ['GET', '/giving/summary/?range=30d'],
      ['GET', '/giving/funds/all/'],
      ['POST', '/giving/funds/', { name: 'Secret' }],
      ['PATCH', '/giving/funds/1/', { active: false }],
      ['DELETE', '/giving/funds/1/'],
      ['GET', '/settings/giving/'],
      ['PATCH', '/settings/giving/', { bank: { name: 'x', accountName: 'x', accountNumber: '1', branch: 'x' } }],
    ];
    for (const [method, path, body] of calls) {
      for (const token of [pastor, member]) {
        const res = await api.request(method, path, { token, body });
        expect(res.status, `${method} ${path}`).toBe(403);
      }
      expect((await api.request(method, path, { body })).status, `${method} ${path}`).toBe(401);
    }
  });

  it('staff record cash gifts and envelope batches, refund, filter, summarise and export CSV', async () => {
    const cash = await api.request('POST', '/giving/gifts/', {
      token: admin,
      body: { fund: 'Offering', amount: '120.50', method: 'cash', date: '2025-03-02', name: '=HYPERLINK("x")' },
    });
    expect(cash.status).toBe(201);
    expect(cash.body).toMatchObject({ status: 'paid', method: 'cash', amount: 120.5, recordedBy: 'admin' });
    expect(cash.body.paidAt.slice(0, 10)).toBe('2025-03-02');
    // Recent Activity tells an administrator of the gift, and a pastor nothing of it.
    const said = (body: { action: string }[]) => body.some((a) => a.action.startsWith('recorded a gift of'));
    expect(said((await api.request('GET', '/auth/activity/?limit=50', { token: admin })).body)).toBe(true);
    const pastorSees = await api.request('GET', '/auth/activity/?limit=50', { token: pastor });
    expect(pastorSees.status).toBe(200);
    expect(said(pastorSees.body)).toBe(false);
    const badBatch = await api.request('POST', '/giving/batches/', {
      token: admin,
      body: {
        date: '2025-03-02',
        method: 'cash',
        total: 31,
        gifts: [
          { fund: 'Tithe', amount: 10 },
          { fund: 'Missions', amount: 20 },
        ],
      },
    });
    expect(badBatch.status).toBe(400);
    expect(badBatch.body.errors.total).toEqual(['The total must equal the sum of the gifts.']);
    const batch = await api.request('POST', '/giving/batches/', {
      token: admin,
      body: {
        date: '2025-03-02',
        method: 'cash',
        total: '30.10',
        gifts: [
          { fund: 'Tithe', amount: 10.1 },
          { fund: 'Missions', amount: 20, name: 'Esi' },
        ],
      },
    });
    expect(batch.status).toBe(201);
    expect(batch.body).toMatchObject({ total: 30.1, count: 2 });
    expect(batch.body.gifts.map((g: any) => g.batchId)).toEqual([batch.body.id, batch.body.id]);

    const byMethod = (
      await api.request('GET', '/giving/gifts/?method=cash&from=2025-03-02&to=2025-03-02', { token: admin })
    ).body;
    expect(byMethod).toHaveLength(3);
    const search = (await api.request('GET', '/giving/gifts/?q=esi', { token: admin })).body;
    expect(search.map((g: any) => g.name)).toEqual(['Esi']);
    // A phone as staff write it finds the gifts whose phone is stored whole.
    const byPhone = (
      await api.request('GET', `/giving/gifts/?q=${encodeURIComponent('024 555 0123')}`, { token: admin })
    ).body as any[];
    expect(byPhone.length).toBeGreaterThan(0);
    expect(new Set(byPhone.map((g) => g.phone))).toEqual(new Set(['+233245550123']));
    expect((await api.request('GET', '/giving/gifts/?status=bogus', { token: admin })).status).toBe(400);

    const csv = await api.request('GET', '/giving/gifts/?format=csv&method=cash', { token: admin });
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.body.split('\r\n')[0]).toBe(
      '"id","reference","fund","amount","currency","status","method","name","email","paidAt","createdAt"',
    );
    expect(csv.body).toContain(`"'=HYPERLINK(""x"")"`);

    const refund = await api.request('POST', `/giving/gifts/${cash.body.id}/refund/`, {
      token: admin,
      body: { amount: 20.5, reason: 'Given twice' },
    });
    expect(refund.status).toBe(200);
    expect(refund.body).toMatchObject({
      status: 'refunded',
      refund: { amount: 20.5, reason: 'Given twice', by: 'admin' },
    });
    const twice = await api.request('POST', `/giving/gifts/${cash.body.id}/refund/`, {
      token: admin,
      body: { reason: 'again' },
    });
    expect(twice.status).toBe(409);
    const tooMuch = await api.request('POST', `/giving/gifts/${batch.body.gifts[0].id}/refund/`, {
      token: admin,
      body: { amount: 11, reason: 'x' },
    });
    expect(tooMuch.status).toBe(400);

    // A gift paid today counts in this range's summary.
    const today = new Date(api.clock.now).toISOString().slice(0, 10);
    await api.request('POST', '/giving/gifts/', {
      token: admin,
      body: { fund: 'Welfare', amount: 7, method: 'mobile_money', date: today },
    });
    const summary = await api.request('GET', '/giving/summary/?range=7d', { token: admin });
    expect(summary.status).toBe(200);
    const welfare = summary.body.funds.find((f: any) => f.fund === 'Welfare');
    expect(welfare.current.total).toBeGreaterThanOrEqual(7);
    expect((await api.request('GET', '/giving/summary/?range=2y', { token: admin })).status).toBe(400);
  });

  it('manages funds: add, rename, deactivate (no longer on /give), refuse deleting one with gifts', async () => {
    const made = await api.request('POST', '/giving/funds/', {
      token: admin,
      body: { name: 'Youth Camp', description: 'August camp', sort: 9 },
    });
    expect(made.status).toBe(201);
    expect((await api.request('POST', '/giving/funds/', { token: admin, body: { name: 'youth camp' } })).status).toBe(
      409,
    );
    expect((await give({ ...GIFT, fund: 'Youth Camp' })).status).toBe(201);
    const off = await api.request('PATCH', `/giving/funds/${made.body.id}/`, { token: admin, body: { active: false } });
    expect(off.body.active).toBe(false);
    const open = (await api.request('GET', '/giving/funds/')).body.map((f: any) => f.name);
    expect(open).not.toContain('Youth Camp');
    expect((await give({ ...GIFT, fund: made.body.id })).status).toBe(400);
    expect((await api.request('DELETE', `/giving/funds/${made.body.id}/`, { token: admin })).status).toBe(409);
    const empty = await api.request('POST', '/giving/funds/', { token: admin, body: { name: 'Empty' } });
    expect((await api.request('DELETE', `/giving/funds/${empty.body.id}/`, { token: admin })).status).toBe(204);
    expect((await api.request('DELETE', `/giving/funds/${empty.body.id}/`, { token: admin })).status).toBe(404);
  });

  it('keeps the giving settings (ADMIN and above)', async () => {
    const empty = await api.request('GET', '/settings/giving/', { token: admin });
    expect(empty.body.mobileMoney).toEqual({ number: '', network: '', name: '' });
    const saved = await api.request('PATCH', '/settings/giving/', {
      token: admin,
      body: { mobileMoney: { number: '024 555 0100', network: 'MTN MoMo', name: 'Grace Chapel' } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.mobileMoney.network).toBe('MTN MoMo');
    const bad = await api.request('PATCH', '/settings/giving/', {
      token: admin,
      body: { mobileMoney: { number: 'nope', network: '', name: '' } },
    });
    expect(bad.status).toBe(400);
    expect((await api.request('GET', '/settings/giving/', { token: admin })).body.mobileMoney.number).toBe(
      '024 555 0100',
    );
  });

  it("links a signed-in member's gift to them: their gifts and yearly statement, nobody else's", async () => {
    const memberId = Number(
      (await api.database.db.selectFrom('users').select('id').where('username', '=', 'giver').executeTakeFirstOrThrow())
        .id,
    );
    const started = await startGift(deps, 'test-key', memberId, {
      fund: 'Missions',
      amount: 4000,
      name: 'Member',
      email: 'member@example.org',
      phone: null,
      note: null,
    });
    await give(); // someone else's
    await paystack.pay(started.reference);
    const own = await giftsOfUser(api.database.db, memberId);
    expect(own.map((g) => g.reference)).toEqual([started.reference]);
    expect(own[0]).toMatchObject({ fund: 'Missions', amount: 40, status: 'paid' });
    // Over HTTP: a member signed in to /my (the cookie) who gives is linked to the gift; /members/me/ lists it.
    const email = 'giver@test.example.org';
    api.mails.length = 0;
    expect((await api.request('POST', '/members/code/', { body: { email } })).status).toBe(202);
    const code = /\b(\d{6})\b/.exec(api.mails.find((m) => m.to === email)!.text)![1];
    const session = await api.request('POST', '/members/session/', { body: { email, code } });
    expect(session.status).toBe(200);
    const cookie = session.headers.get('set-cookie')!.split(';')[0];
    // From another site's page the cookie counts for nothing: a gift started there is nobody's.
    const crossed = await api.request('POST', '/giving/', {
      body: GIFT,
      headers: { cookie, 'Sec-Fetch-Site': 'same-site', ...client() },
    });
    expect(crossed.status).toBe(201);
    const stored = await api.database.db
      .selectFrom('gifts')
      .select('user_id')
      .where('reference', '=', crossed.body.reference)
      .executeTakeFirstOrThrow();
    expect(stored.user_id).toBeNull();
    const viaCookie = await api.request('POST', '/giving/', {
      body: GIFT,
      headers: { cookie, 'Sec-Fetch-Site': 'same-origin', ...client() },
    });
    expect(viaCookie.status).toBe(201);
    await paystack.pay(viaCookie.body.reference);
    const me = await api.request('GET', '/members/me/', { headers: { cookie } });
    expect(me.body.gifts.map((g: any) => g.reference)).toEqual([viaCookie.body.reference, started.reference]);
    expect(me.body.gifts[0]).toMatchObject({ fund: 'Tithe', amount: 50.5, status: 'paid' });
    // The statement page's read: this member's; no cookie, no statement.
    const reader = givingReaderOf(deps);
    expect((await reader.statement(cookie, new Date(api.clock.now).getUTCFullYear()))!.gifts).toHaveLength(2);
    expect(await reader.statement(null, 2025)).toBeNull();
    const year = new Date().getUTCFullYear();
    const statement = await statementOf(api.database.db, memberId, year);
    expect(statement).toMatchObject({ year, total: 'GH₵ 90.50' });
    expect(statement!.gifts.map((g) => g.reference)).toEqual([started.reference, viaCookie.body.reference]);
    expect((await statementOf(api.database.db, memberId, year - 1))!.gifts).toEqual([]);
    // The year's gifts and the years given in are read by date in SQL; both years' links name only this one.
    expect(statement!.years).toEqual([year]);
  });

  it('links a staff-recorded envelope to the member, who sees it in My gifts and the statement; mobile money keeps its transaction ID', async () => {
    const memberId = await api.createUser({
      username: 'envelope_esi',
      role: 'MEMBER',
      email: 'esi.envelope@example.org',
    });
    const year = 2024;
    const cash = await api.request('POST', '/giving/gifts/', {
      token: admin,
      body: { fund: 'Tithe', amount: '75.00', method: 'cash', date: `${year}-06-02`, user_id: memberId },
    });
    expect(cash.status).toBe(201);
    // Named by the account when staff gave no name.
    expect(cash.body).toMatchObject({ userId: memberId, name: expect.stringMatching(/\S/), transactionId: null });
    const batch = await api.request('POST', '/giving/batches/', {
      token: admin,
      body: {
        date: `${year}-06-09`,
        method: 'mobile_money',
        total: 30,
        gifts: [
          { fund: 'Tithe', amount: 20, user_id: memberId, transaction_id: 'MP240609.1234.A5678' },
          { fund: 'Offering', amount: 10, name: 'Visitor Kojo' },
        ],
      },
    });
    expect(batch.status).toBe(201);
    expect(batch.body.gifts.map((g: any) => [g.userId, g.name, g.transactionId])).toEqual([
      [memberId, cash.body.name, 'MP240609.1234.A5678'],
      [null, 'Visitor Kojo', null],
    ]);
    // Staff find a mobile money gift by its transaction ID.
    const found = await api.request('GET', '/giving/gifts/?q=mp240609.1234', { token: admin });
    expect(found.body.map((g: any) => g.id)).toEqual([batch.body.gifts[0].id]);

    const own = await giftsOfUser(api.database.db, memberId);
    expect(own.map((g) => [g.method, g.amount])).toEqual([
      ['mobile_money', 20],
      ['cash', 75],
    ]);
    const statement = await statementOf(api.database.db, memberId, year);
    expect(statement).toMatchObject({ year, total: 'GH₵ 95.00' });
    expect(statement!.gifts.map((g) => g.method)).toEqual(['Cash', 'Mobile money']);
    // Over HTTP, through the members' door: GET /members/me/ lists both.
    const email = 'esi.envelope@example.org';
    api.mails.length = 0;
    expect((await api.request('POST', '/members/code/', { body: { email } })).status).toBe(202);
    const code = /\b(\d{6})\b/.exec(api.mails.find((m) => m.to === email)!.text)![1];
    const session = await api.request('POST', '/members/session/', { body: { email, code } });
    const cookie = session.headers.get('set-cookie')!.split(';')[0];
    const me = await api.request('GET', '/members/me/', { headers: { cookie } });
    expect(me.body.gifts.map((g: any) => g.reference)).toEqual([batch.body.gifts[0].reference, cash.body.reference]);

    // Bad links are refused with the field named, nothing recorded.
    const before = (await api.request('GET', '/giving/gifts/', { token: admin })).body.length;
    const nobody = await api.request('POST', '/giving/gifts/', {
      token: admin,
      body: { fund: 'Tithe', amount: 5, method: 'cash', date: `${year}-06-02`, user_id: 999999 },
    });
    expect(nobody.status).toBe(400);
    expect(nobody.body.errors.user_id).toEqual(['That account does not exist.']);
    const cashWithId = await api.request('POST', '/giving/gifts/', {
      token: admin,
      body: { fund: 'Tithe', amount: 5, method: 'cash', date: `${year}-06-02`, transaction_id: 'X1' },
    });
    expect(cashWithId.status).toBe(400);
    expect(cashWithId.body.errors.transaction_id).toEqual(['A transaction ID goes with a mobile money gift only.']);
    const badBatch = await api.request('POST', '/giving/batches/', {
      token: admin,
      body: {
        date: `${year}-06-09`,
        method: 'cash',
        total: 10,
        gifts: [{ fund: 'Tithe', amount: 10, user_id: 999999 }],
      },
    });
    expect(badBatch.status).toBe(400);
    expect(badBatch.body.errors['gifts.0.user_id']).toEqual(['That account does not exist.']);
    expect((await api.request('GET', '/giving/gifts/', { token: admin })).body.length).toBe(before);
  });
});

describe('giving without Paystack configured', () => {
  it('answers 503 with a clear detail and stores nothing', async () => {
    const api = await startApi('sqlite', { members: 0 });
    try {
      const res = await api.request('POST', '/giving/', { body: GIFT });
      expect(res.status).toBe(503);
      expect(res.body.detail).toBe(
        'Online giving is not set up. Please give by mobile money, bank transfer or at church.',
      );
      const rows = await api.database.db.selectFrom('gifts').select('id').execute();
      expect(rows).toEqual([]);
      const hook = await api.request('POST', '/giving/webhooks/paystack/', { body: { event: 'charge.success' } });
      expect(hook.status).toBe(401);
    } finally {
      await api.close();
    }
  });
});
