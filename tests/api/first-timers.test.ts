/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are checked field by field */
// First-timers (docs/API.md, First-timers), on both databases: the visitor card (JSON and the zero-JS form post of
// /welcome), its honeypot and rate limit, a phone or an email, the one phone rule; the welcome by SMS (to
// SMS_VISITOR_COUNTRIES only) reaching the local fake SMS provider, else by email, through the outbox, its words
// from the settings; the board (PASTOR and above, scoped): list by status, move, assign a staff member, notes with
// who and when; an account from a card (ADMIN and above); the reminder job after three untouched days.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { backends, startApi, TEST_ENV, type TestApi } from './helpers';
import { loadConfig } from '../../src/server/config';
import { createSmsSender } from '../../src/server/sms';
import { firstTimerRemindersJob } from '../../src/server/jobs/first-timer-reminders';
import { signAccess } from '../../src/server/credentials/tokens';
import { ARKESEL_KEY, startFakeArkesel, type FakeSmsProvider } from './sms-providers';

const DAY = 86_400_000;
let address = 0;
const client = () => ({ 'X-Forwarded-For': `198.51.100.${++address % 250}` });

describe.each(backends())('first-timers on %s', (backend) => {
  let api: TestApi;
  let sms: FakeSmsProvider;
  let admin: string;
  let pastor: string;
  let member: string;
  let pastorId: number;
  let tema: any;
  let temaPastor: string;
  let services: any[];

  const card = (body: Record<string, unknown>, headers = client()) =>
    api.request('POST', '/first-timers/', { body, headers });
  const board = async (token: string, query = '') =>
    (await api.request('GET', `/first-timers/${query}`, { token })).body as any[];
  const patch = (token: string, id: number, body: Record<string, unknown>) =>
    api.request('PATCH', `/first-timers/${id}/`, { token, body });
  const outboxRows = () => api.database.db.selectFrom('outbox').selectAll().orderBy('id').execute();

  beforeAll(async () => {
    sms = await startFakeArkesel();
    const env = {
      TRUST_PROXY: 'true',
      PUBLIC_RATE_LIMIT: '5',
      SMS_PROVIDER: 'arkesel',
      SMS_API_KEY: ARKESEL_KEY,
      SMS_SENDER_ID: 'GraceChapel',
      SMS_BASE_URL: sms.url,
    };
    api = await startApi(backend, { env, sms: createSmsSender(loadConfig({ ...TEST_ENV, ...env })) });
    [admin, pastor] = await Promise.all(['admin', 'pastor'].map((u) => api.tokenFor(u)));
    pastorId = (await api.login('pastor')).user.id;
    const memberId = await api.createUser({ username: 'plain_member', role: 'MEMBER', can_access_web: true });
    // Members cannot sign in to the portal, but a token of theirs must still open no card.
    member = await signAccess(api.config.jwtSecret, { userId: memberId, version: 0 }, 3600, api.clock.now);
    services = (await api.request('GET', '/services/')).body;
    const branches = (await api.request('GET', '/branches/')).body as any[];
    tema = branches.find((b) => b.slug === 'grace-chapel-tema');
    const id = await api.createUser({ username: 'tema_pastor', role: 'PASTOR' });
    await api.database.db.updateTable('users').set({ branch_id: tema.id }).where('id', '=', id).execute();
    temaPastor = await api.tokenFor('tema_pastor');
  });
  afterAll(async () => {
    await api?.close();
    await sms?.close();
  });
  beforeEach(() => {
    api.mails.length = 0;
    sms.accepted.length = 0;
  });

  it('takes a card with a Ghanaian phone and texts the welcome (words from the settings) to the local SMS provider', async () => {
    const made = await card({
      name: 'Kwame Mensah',
      phone: '024 555 0101',
      serviceId: services[1].id,
      heardFrom: 'friend',
      wantsVisit: true,
      prayer: 'For a job <b>soon</b>',
    });
    expect(made.status).toBe(201);
    expect(made.body).toEqual({ id: expect.any(Number) });
    expect(sms.accepted.map((s) => s.to)).toEqual(['233245550101']);
    expect(sms.accepted[0].text).toMatch(/^Dear Kwame Mensah, thank you for worshipping with /);
    expect(api.mails).toHaveLength(0);
    const [row] = await board(pastor, '?status=new');
    expect(row).toMatchObject({
      id: made.body.id,
      name: 'Kwame Mensah',
      phone: '+233245550101',
      email: null,
      service: { id: services[1].id, name: 'Second Service' },
      heardFrom: 'friend',
      wantsVisit: true,
      prayer: 'For a job <b>soon</b>',
      status: 'new',
      assignedTo: null,
      notes: [],
    });

    // New words in the settings are the next welcome's.
    const general = (await api.request('GET', '/settings/general/', { token: admin })).body;
    expect(general.welcome.sms).toContain('{name}');
    const put = await api.request('PUT', '/settings/general/', {
      token: admin,
      body: { ...general, welcome: { sms: 'Akwaaba {name}! From {church}.', email: general.welcome.email } },
    });
    expect(put.status).toBe(200);
    const tooLong = await api.request('PUT', '/settings/general/', {
      token: admin,
      body: { ...general, welcome: { sms: 'x'.repeat(301), email: '' } },
    });
    expect(tooLong.status).toBe(400);
    expect(Object.keys(tooLong.body.errors).sort()).toEqual(['welcome.email', 'welcome.sms']);
    // Left out of a PUT, the words stay.
    const { welcome: _left, ...withoutWelcome } = general;
    expect((await api.request('PUT', '/settings/general/', { token: admin, body: withoutWelcome })).status).toBe(200);
    await card({ name: 'Efua', phone: '+233 20 555 0102' });
    expect(sms.accepted.at(-1)?.text).toBe(`Akwaaba Efua! From ${general.church.name}.`);
  });

  it('emails the welcome when there is no phone, or the phone is of a country visitors may not make us text', async () => {
    const before = sms.accepted.length;
    expect((await card({ name: 'Ama Owusu', email: 'Ama@Example.org' })).status).toBe(201);
    expect((await card({ name: 'John Doe', phone: '+44 7700 900123', email: 'john@example.org' })).status).toBe(201);
    expect(sms.accepted.length).toBe(before);
    expect(api.mails.map((m) => m.to)).toEqual(['ama@example.org', 'john@example.org']);
    expect(api.mails[0].text).toMatch(/^Dear Ama Owusu,/);
    // A foreign phone with no email: the card stands, nothing is sent.
    const rows = (await outboxRows()).length;
    expect((await card({ name: 'Pierre', phone: '+33 6 12 34 56 78' })).status).toBe(201);
    expect((await outboxRows()).length).toBe(rows);
  });

  it('refuses a card with neither phone nor email with a clear message, a bad phone by the phone rule, and stores nothing', async () => {
    const count = async () => (await board(pastor)).length;
    const before = await count();
    const none = await card({ name: 'Nobody', phone: '', email: '' });
    expect(none.status).toBe(400);
    expect(none.body.detail).toBe('Please give a phone number or an email address so we can welcome you.');
    expect(none.body.errors.phone).toEqual([none.body.detail]);
    const bad = await card({ name: 'Kofi', phone: '12' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['phone']);
    const badService = await card({ name: 'Kofi', email: 'k@example.org', serviceId: 999999 });
    expect(badService.status).toBe(400);
    expect(badService.body.errors).toEqual({ serviceId: ['Choose one of the services.'] });
    expect((await card({ name: '', email: 'k@example.org' })).status).toBe(400);
    expect(await count()).toBe(before);
    expect(api.mails).toHaveLength(0);
  });

  it('takes the plain form post of /welcome (303 to the thank-you), answers a filled honeypot like a success, limits one address', async () => {
    const headers = client();
    const post = (fields: Record<string, string>) =>
      fetch(`${api.url}/api/v1/first-timers/`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams(fields),
      });
    const ok = await post({
      name: 'Yaa Asantewaa',
      phone: '',
      email: 'yaa@example.org',
      serviceId: String(services[0].id),
      heardFrom: 'social-media',
      wantsVisit: 'on',
      prayer: '',
      website: '',
    });
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/welcome#card-sent');
    const [stored] = await board(pastor);
    expect(stored).toMatchObject({ name: 'Yaa Asantewaa', wantsVisit: true, service: { id: services[0].id } });
    const refused = await post({ name: 'Yaa', phone: '', email: '' });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('Please give a phone number or an email address so we can welcome you.');

    const total = (await board(pastor)).length;
    const bait = await card({ name: 'Bot', email: 'bot@example.org', website: 'http://spam' }, headers);
    expect(bait.status).toBe(201);
    expect((await board(pastor)).length).toBe(total);
    for (let i = 0; i < 4; i++)
      expect((await card({ name: 'Again', email: 'a@example.org' }, headers)).status).toBe(201);
    const limited = await card({ name: 'Again', email: 'a@example.org' }, headers);
    expect(limited.status).toBe(429);
    expect((await board(pastor)).length).toBe(total + 4);
  });

  it('lets pastors and above move, assign and note a card (who and when); members and outsiders are refused', async () => {
    const { body } = await card({ name: 'Kojo', email: 'kojo@example.org' });
    const id = body.id;
    api.clock.advance(60_000);
    const moved = await patch(pastor, id, {
      status: 'contacted',
      assignedTo: pastorId,
      note: 'Called, <i>lovely</i> chat',
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      status: 'contacted',
      assignedTo: { id: pastorId, name: expect.any(String) },
      notes: [
        {
          text: 'Called, <i>lovely</i> chat',
          author: { id: pastorId, name: expect.any(String) },
          createdAt: new Date(api.clock.now).toISOString(),
        },
      ],
    });
    expect((await board(pastor, '?status=contacted')).map((c) => c.id)).toContain(id);
    expect((await board(pastor, '?status=new')).map((c) => c.id)).not.toContain(id);

    // Only a staff account may be assigned; bad statuses are 400; nothing changes on a refusal.
    const memberRow = await api.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'plain_member')
      .executeTakeFirstOrThrow();
    const badAssign = await patch(pastor, id, { assignedTo: Number(memberRow.id), status: 'visited' });
    expect(badAssign.status).toBe(400);
    expect(badAssign.body.errors).toEqual({ assignedTo: ['Choose a staff member of this branch.'] });
    expect((await patch(pastor, id, { status: 'gone' })).status).toBe(400);
    expect((await board(pastor)).find((c) => c.id === id).status).toBe('contacted');

    expect((await api.request('GET', '/first-timers/', { token: member })).status).toBe(403);
    expect((await patch(member, id, { status: 'visited' })).status).toBe(403);
    expect((await api.request('GET', '/first-timers/')).status).toBe(401);
    expect((await patch(pastor, 999999, { status: 'visited' })).status).toBe(404);
  });

  it("keeps each branch's cards to its scope: a Tema pastor sees Tema's services' cards only", async () => {
    const temaService = (
      await api.request('POST', '/services/', {
        token: admin,
        body: { name: 'Tema Service', dayOfWeek: 0, startTime: '08:00', branchId: tema.id },
      })
    ).body;
    const atTema = (await card({ name: 'Tema Visitor', email: 'tv@example.org', serviceId: temaService.id })).body.id;
    const atRoot = (await card({ name: 'Root Visitor', email: 'rv@example.org' })).body.id;
    const seen = (await board(temaPastor)).map((c) => c.id);
    expect(seen).toContain(atTema);
    expect(seen).not.toContain(atRoot);
    expect((await patch(temaPastor, atRoot, { status: 'contacted' })).status).toBe(404);
    // The root pastor is outside Tema's scope? No: the root holds everything, but cannot assign Tema's pastor a
    // card... they can: Tema is below the root. A Tema pastor cannot assign a root pastor.
    expect((await patch(temaPastor, atTema, { assignedTo: pastorId })).status).toBe(400);
    expect((await board(pastor)).map((c) => c.id)).toEqual(expect.arrayContaining([atTema, atRoot]));
  });

  it('makes a MEMBER account of the card (ADMIN and above) in its branch; the card becomes joined and keeps it', async () => {
    const { body } = await card({ name: 'Adwoa Boateng', phone: '0245550199', email: 'adwoa@example.org' });
    expect((await api.request('POST', `/first-timers/${body.id}/account/`, { token: pastor })).status).toBe(403);
    const made = await api.request('POST', `/first-timers/${body.id}/account/`, { token: admin });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      role: 'MEMBER',
      email: 'adwoa@example.org',
      first_name: 'Adwoa',
      last_name: 'Boateng',
      phone_number: '+233245550199',
    });
    const cardNow = (await board(pastor)).find((c) => c.id === body.id);
    expect(cardNow).toMatchObject({ status: 'joined', accountId: made.body.id });
    expect((await api.request('POST', `/first-timers/${body.id}/account/`, { token: admin })).status).toBe(409);
    const audit = await api.database.db
      .selectFrom('audit_log')
      .select('details')
      .where('target_id', '=', made.body.id)
      .executeTakeFirstOrThrow();
    expect(audit.details).toBe(`MEMBER, from first-timer card ${body.id}`);

    // A phone-only card still becomes an account (an address under .invalid no mail reaches).
    const phoneOnly = (await card({ name: 'Yaw', phone: '0245550177' })).body.id;
    const second = await api.request('POST', `/first-timers/${phoneOnly}/account/`, { token: admin });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ email: '233245550177@phone.invalid', phone_number: '+233245550177' });
  });

  it("reminds the assignee by email when an open card is untouched for three days, once, and not a joined card's", async () => {
    const open = (await card({ name: 'Esi Remind', email: 'esi@example.org' })).body.id;
    const joined = (await card({ name: 'Joined Remind', email: 'jr@example.org' })).body.id;
    await patch(pastor, open, { assignedTo: pastorId });
    await patch(pastor, joined, { assignedTo: pastorId, status: 'joined' });
    const deps = { database: api.database, config: api.config, now: () => api.clock.now, outbox: api.outbox } as any;
    const reminders = () => api.mails.filter((m) => m.subject?.startsWith('Reminder: follow up'));
    const run = async () => {
      await firstTimerRemindersJob.run(deps);
      await api.outbox.settle();
    };
    api.clock.advance(2 * DAY);
    await run();
    expect(reminders().filter((m) => / Remind$/.test(m.subject ?? ''))).toEqual([]);
    api.clock.advance(DAY + 60_000);
    await run();
    await run();
    const sent = reminders().filter((m) => / Remind$/.test(m.subject ?? ''));
    expect(sent.map((m) => m.subject)).toEqual(['Reminder: follow up Esi Remind']);
    const pastorEmail = (await api.login('pastor')).user.email;
    expect(sent[0].to).toBe(pastorEmail);
    // Touched again, then untouched for three more days: one more reminder.
    // (the clock moved past the first token's life)
    expect((await patch(await api.tokenFor('pastor'), open, { note: 'Left a message' })).status).toBe(200);
    api.clock.advance(3 * DAY + 60_000);
    await run();
    expect(reminders().filter((m) => m.subject === 'Reminder: follow up Esi Remind')).toHaveLength(2);
  });
});
