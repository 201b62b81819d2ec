/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are checked field by field */
// The members' door (docs/API.md, Members' own door): sign-in by a code read from a real SMTP server (and by SMS
// from the fake Arkesel), the cookie session, the member's own details, consent, email change, household,
// registrations, export, directory and removal requests, on both databases.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { smtpMailer } from '../../src/server/mail/smtp';
import { loadConfig } from '../../src/server/config';
import { createSmsSender } from '../../src/server/sms';
// helpers first: it loads the app, whose @hono/zod-openapi extends zod before any schema is made.
import { backends, startApi, TEST_ENV, type TestApi } from './helpers';
import { CODES_PER_CALLER, CODES_PER_DESTINATION } from '../../src/server/members/service';
import { ARKESEL_KEY, startFakeArkesel, type FakeSmsProvider } from './sms-providers';

interface Smtp {
  server: SMTPServer;
  port: number;
  delivered: { to: string[]; data: string; at: number }[];
}

async function startSmtp(): Promise<Smtp> {
  const delivered: Smtp['delivered'] = [];
  const server = new SMTPServer({
    logger: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (data += chunk));
      stream.on('end', () => {
        delivered.push({ to: session.envelope.rcptTo.map((r) => r.address), data, at: performance.now() });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.server.address() as AddressInfo).port, delivered };
}

/** The newest code mailed to the address, from the SMTP server's deliveries. */
function codeFor(smtp: Smtp, email: string): string {
  const mail = smtp.delivered.filter((d) => d.to.includes(email)).at(-1);
  const code = mail && /code[^\d]*(\d{6})/i.exec(mail.data.replace(/=\r?\n/g, ''))?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

export { startSmtp, codeFor };

const EXPIRED_LATER = 10 * 60_000 + 1000;

for (const backend of backends()) {
  describe(`members' door (${backend})`, () => {
    let api: TestApi;
    let smtp: Smtp;
    let sms: FakeSmsProvider;
    beforeAll(async () => {
      smtp = await startSmtp();
      sms = await startFakeArkesel();
      const env = {
        SMS_PROVIDER: 'arkesel',
        SMS_API_KEY: ARKESEL_KEY,
        SMS_SENDER_ID: 'GraceChapel',
        SMS_BASE_URL: sms.url,
      };
      const config = loadConfig({ ...TEST_ENV, ...env });
      api = await startApi(backend, {
        env,
        mailer: smtpMailer(`smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`, 'office@gracechapel.example.org'),
        sms: createSmsSender(config),
      });
    });
    afterAll(async () => {
      await api?.close();
      await sms?.close();
      await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
    });
    // Each test starts with the limits' window passed.
    beforeEach(() => api.clock.advance(EXPIRED_LATER));

    const codeOf = (email: string) => codeFor(smtp, email);
    /** An HTML form post as a browser makes it, its 303 not followed. */
    async function formPost(path: string, raw: string, headers: Record<string, string> = {}) {
      const res = await fetch(`${api.url}/api/v1${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
        body: raw,
      });
      const text = await res.text();
      await api.outbox.settle();
      return { status: res.status, headers: res.headers, text };
    }
    async function askCode(email: string) {
      const sent = await api.request('POST', '/members/code/', { body: { email } });
      expect(sent.status).toBe(202);
      return codeOf(email);
    }
    async function signIn(email: string) {
      const code = await askCode(email);
      const res = await api.request('POST', '/members/session/', { body: { email, code } });
      expect(res.status).toBe(200);
      return res.headers.get('set-cookie')!.split(';')[0];
    }
    const member = (username: string, email: string) => api.createUser({ username, role: 'MEMBER', email });

    it('signs a member in with a mailed code: an httpOnly, SameSite=Lax cookie that opens /members/me/', async () => {
      const id = await member('ama', 'ama@example.org');
      const code = await askCode('ama@example.org');
      const res = await api.request('POST', '/members/session/', { body: { email: 'AMA@example.org', code } });
      expect(res.status).toBe(200);
      const setCookie = res.headers.get('set-cookie')!;
      expect(setCookie).toMatch(/HttpOnly/);
      expect(setCookie).toMatch(/SameSite=Lax/);
      expect(setCookie).toMatch(/Path=\//);
      expect(setCookie).not.toMatch(/Secure/); // the test site is http
      const cookie = setCookie.split(';')[0];
      const me = await api.request('GET', '/members/me/', { headers: { cookie } });
      expect(me.status).toBe(200);
      expect(me.body.user.id).toBe(id);
      expect(Object.keys(me.body).sort()).toEqual(
        ['gifts', 'household', 'ministries', 'prayerRequests', 'registrations', 'user'].sort(),
      );
      // Staff sessions do not list it.
      const mine = await api.request('GET', '/members/me/export/', { headers: { cookie } });
      expect(mine.body.sessions).toHaveLength(1);
    });

    it('answers the same whether or not an account exists, and mails only an account', async () => {
      await member('kofi', 'kofi@example.org');
      await api.createUser({ username: 'shut', role: 'MEMBER', email: 'shut@example.org', is_suspended: true });
      const before = smtp.delivered.length;
      const known = await api.request('POST', '/members/code/', { body: { email: 'kofi@example.org' } });
      const unknown = await api.request('POST', '/members/code/', { body: { email: 'nobody@example.org' } });
      const suspended = await api.request('POST', '/members/code/', { body: { email: 'shut@example.org' } });
      expect([known.status, unknown.status, suspended.status]).toEqual([202, 202, 202]);
      expect(unknown.body).toEqual(known.body);
      expect(suspended.body).toEqual(known.body);
      expect(smtp.delivered.slice(before).map((d) => d.to)).toEqual([['kofi@example.org']]);
      // Any role may use the door: a staff account gets a code too.
      await askCode('admin@gracechapel.example.org').catch(() => undefined);
    });

    it('refuses a wrong, used or expired code (400) and dies after five tries', async () => {
      await member('efua', 'efua@example.org');
      const code = await askCode('efua@example.org');
      const wrong = code === '000000' ? '111111' : '000000';
      const bad = await api.request('POST', '/members/session/', { body: { email: 'efua@example.org', code: wrong } });
      expect(bad.status).toBe(400);
      expect(bad.body.errors.code).toBeDefined();
      expect(bad.headers.get('set-cookie')).toBeNull();
      const ok = await api.request('POST', '/members/session/', { body: { email: 'efua@example.org', code } });
      expect(ok.status).toBe(200);
      const again = await api.request('POST', '/members/session/', { body: { email: 'efua@example.org', code } });
      expect(again.status).toBe(400); // single use

      const late = await askCode('efua@example.org');
      api.clock.advance(EXPIRED_LATER);
      const expired = await api.request('POST', '/members/session/', {
        body: { email: 'efua@example.org', code: late },
      });
      expect(expired.status).toBe(400);

      api.clock.advance(EXPIRED_LATER);
      const fifth = await askCode('efua@example.org');
      const other = fifth === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++)
        expect(
          (await api.request('POST', '/members/session/', { body: { email: 'efua@example.org', code: other } })).status,
        ).toBe(400);
      const right = await api.request('POST', '/members/session/', {
        body: { email: 'efua@example.org', code: fifth },
      });
      expect(right.status).toBe(400);
    });

    it('limits the codes per address and per caller (429 with Retry-After), counted the same for no account', async () => {
      for (const email of ['limit@example.org', 'ghost@example.org']) {
        if (email.startsWith('limit')) await member('limit', email);
        for (let i = 0; i < CODES_PER_DESTINATION; i++)
          expect((await api.request('POST', '/members/code/', { body: { email } })).status).toBe(202);
        const over = await api.request('POST', '/members/code/', { body: { email } });
        expect(over.status).toBe(429);
        expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      api.clock.advance(EXPIRED_LATER);
      let status = 0;
      for (let i = 0; i <= CODES_PER_CALLER && status !== 429; i++)
        status = (await api.request('POST', '/members/code/', { body: { email: `caller${i}@example.org` } })).status;
      expect(status).toBe(429);
    });

    it('sends a code by SMS to the phone when SMS is configured', async () => {
      const id = await member('yaw', 'yaw@example.org');
      await api.database.db.updateTable('users').set({ phone_number: '024 555 0123' }).where('id', '=', id).execute();
      const sent = await api.request('POST', '/members/code/', { body: { phone: '+233 24 555 0123' } });
      expect(sent.status).toBe(202);
      const text = sms.accepted.filter((m) => m.to === '233245550123').at(-1)!.text;
      const code = /(\d{6})/.exec(text)![1];
      const res = await api.request('POST', '/members/session/', { body: { phone: '0245550123', code } });
      expect(res.status).toBe(200);
      const neither = await api.request('POST', '/members/code/', { body: {} });
      expect(neither.status).toBe(400);
    });

    it('takes form posts: 303 to the code page, then /my; a wrong code back with ?error=code', async () => {
      await member('abena', 'abena@example.org');
      const sent = await formPost('/members/code/', 'email=abena%40example.org');
      expect(sent.status).toBe(303);
      expect(sent.headers.get('location')).toBe('/my/code?email=abena%40example.org');
      const wrong = await formPost('/members/session/', 'email=abena%40example.org&code=999999');
      const code = codeOf('abena@example.org');
      if (code !== '999999') {
        expect(wrong.status).toBe(303);
        expect(wrong.headers.get('location')).toBe('/my/code?email=abena%40example.org&error=code');
      }
      const ok = await formPost('/members/session/', `email=abena%40example.org&code=${code}`);
      expect(ok.status).toBe(303);
      expect(ok.headers.get('location')).toBe('/my');
      const cookie = ok.headers.get('set-cookie')!.split(';')[0];
      const saved = await formPost(
        '/members/me/',
        'first_name=Abena&last_name=%3Cb%3EMensah%3C%2Fb%3E&phone_number=024+555+0199',
        { cookie },
      );
      expect(saved.status, saved.text).toBe(303);
      expect(saved.headers.get('location')).toBe('/my/details?done=saved');
      const me = await api.request('GET', '/members/me/', { headers: { cookie } });
      expect(me.body.user.last_name).toBe('<b>Mensah</b>'); // kept as text; the pages escape it
      expect(me.body.user.phone_number).toBe('+233245550199');
      const refused = await formPost('/members/me/', 'date_of_birth=2999-01-01', { cookie });
      expect(refused.status).toBe(400);
      expect(refused.headers.get('content-type')).toContain('text/html');
      const out = await formPost('/members/session/end/', '', { cookie });
      expect(out.status).toBe(303);
      expect(out.headers.get('location')).toBe('/my?done=signed-out');
      expect((await api.request('GET', '/members/me/', { headers: { cookie } })).status).toBe(401);
      const later = await formPost('/members/me/', 'first_name=X', { cookie });
      expect(later.headers.get('location')).toBe('/my?error=signed-out');
    });

    it('a sign-in from a /my link comes back to it (next); any other next is ignored', async () => {
      await member('adjoa', 'adjoa@example.org');
      const back = encodeURIComponent('/my/checkin?service=2&code=AB12CD34');
      const sent = await formPost('/members/code/', `email=adjoa%40example.org&next=${back}`);
      expect(sent.status).toBe(303);
      expect(sent.headers.get('location')).toBe(`/my/code?email=adjoa%40example.org&next=${back}`);
      const wrong = await formPost('/members/session/', `email=adjoa%40example.org&code=999999&next=${back}`);
      const code = codeOf('adjoa@example.org');
      if (code !== '999999')
        expect(wrong.headers.get('location')).toBe(`/my/code?email=adjoa%40example.org&next=${back}&error=code`);
      const ok = await formPost('/members/session/', `email=adjoa%40example.org&code=${code}&next=${back}`);
      expect(ok.status).toBe(303);
      expect(ok.headers.get('location')).toBe('/my/checkin?service=2&code=AB12CD34');
      // Another site, a protocol-relative address or a page outside /my is no return path: the overview instead.
      for (const next of ['https://evil.example/my', '//evil.example/my', '/my//evil.example', '/admin', '/my\\x']) {
        api.clock.advance(EXPIRED_LATER); // past the codes' limit per address
        const off = await formPost('/members/code/', `email=adjoa%40example.org&next=${encodeURIComponent(next)}`);
        expect(off.headers.get('location')).toBe('/my/code?email=adjoa%40example.org');
        const again = await formPost(
          '/members/session/',
          `email=adjoa%40example.org&code=${codeOf('adjoa@example.org')}&next=${encodeURIComponent(next)}`,
        );
        expect(again.status).toBe(303);
        expect(again.headers.get('location')).toBe('/my');
      }
    });

    it('refuses a state-changing call from another site (403), and ends the session on DELETE', async () => {
      await member('esi', 'esi@example.org');
      const cookie = await signIn('esi@example.org');
      const evil = await api.request('PATCH', '/members/me/', {
        body: { first_name: 'Evil' },
        headers: { cookie, Origin: 'https://evil.example' },
      });
      expect(evil.status).toBe(403);
      const crossSite = await api.request('PATCH', '/members/me/', {
        body: { first_name: 'Evil' },
        headers: { cookie, 'Sec-Fetch-Site': 'cross-site' },
      });
      expect(crossSite.status).toBe(403);
      const me = await api.request('GET', '/members/me/', { headers: { cookie } });
      expect(me.body.user.first_name).not.toBe('Evil');
      expect((await api.request('DELETE', '/members/session/', { headers: { cookie } })).status).toBe(204);
      expect((await api.request('GET', '/members/me/', { headers: { cookie } })).status).toBe(401);
    });

    it('a cookie never opens a bearer route, a bearer token never opens /members/me/', async () => {
      const cookie = await signIn('admin@gracechapel.example.org').catch(async () => {
        const email = (
          await api.database.db
            .selectFrom('users')
            .select('email')
            .where('username', '=', 'admin')
            .executeTakeFirstOrThrow()
        ).email;
        return signIn(email);
      });
      expect((await api.request('GET', '/auth/profile/', { headers: { cookie } })).status).toBe(401);
      const token = await api.tokenFor('admin');
      expect((await api.request('GET', '/members/me/', { token })).status).toBe(401);
      expect((await api.request('GET', '/members/directory/', { token })).status).toBe(401);
    });

    it('consent: each flag with the date it changed; the directory lists only those who consented', async () => {
      await member('kwame', 'kwame@example.org');
      await member('adwoa', 'adwoa@example.org');
      const kwame = await signIn('kwame@example.org');
      const adwoa = await signIn('adwoa@example.org');
      const res = await formPost('/members/me/consent/', 'directory_listed=on&email_notifications=on', {
        cookie: kwame,
      });
      expect(res.status).toBe(303);
      const me = (await api.request('GET', '/members/me/', { headers: { cookie: kwame } })).body.user;
      expect(me.directory_listed).toBe(true);
      expect(me.sms_notifications).toBe(false);
      expect(me.consent_dates.directory_listed).toBe(new Date(api.clock.now).toISOString());
      const listed = (await api.request('GET', '/members/directory/', { headers: { cookie: adwoa } })).body;
      const names = listed.map((e: any) => e.name);
      expect(names).toContain(me.full_name);
      expect(names).not.toContain('adwoa');
      const entry = listed.find((e: any) => e.id === me.id);
      expect(entry.phone).toBeNull();
      expect(entry.address).toBeNull();
      expect(Object.keys(entry).sort()).toEqual(['address', 'household', 'id', 'ministries', 'name', 'phone']);
      expect((await api.request('GET', '/members/directory/')).status).toBe(401);
      const audit = await api.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'update_own_consent')
        .execute();
      expect(audit.length).toBeGreaterThan(0);
    });

    it('changes the email through a code sent to the new address', async () => {
      await member('nana', 'nana@example.org');
      const cookie = await signIn('nana@example.org');
      const asked = await api.request('POST', '/members/me/email/', {
        body: { email: 'nana.new@example.org' },
        headers: { cookie },
      });
      expect(asked.status).toBe(202);
      expect(asked.body.pending_email).toBe('nana.new@example.org');
      const wrong = await api.request('POST', '/members/me/email/confirm/', {
        body: { code: '12345' },
        headers: { cookie },
      });
      expect(wrong.status).toBe(400);
      const ok = await api.request('POST', '/members/me/email/confirm/', {
        body: { code: codeOf('nana.new@example.org') },
        headers: { cookie },
      });
      expect(ok.status).toBe(200);
      expect(ok.body.email).toBe('nana.new@example.org');
      expect(smtp.delivered.at(-1)!.to).toEqual(['nana@example.org']); // the old address hears of it
    });

    it('exports only the member’s own data as a download, and records a removal request staff can act on', async () => {
      const id = await member('akua', 'akua@example.org');
      const cookie = await signIn('akua@example.org');
      await api.request('POST', '/members/me/household/people/', {
        body: { name: 'Kojo', relationship: 'Child', date_of_birth: '2015-04-02' },
        headers: { cookie },
      });
      const exp = await api.request('GET', '/members/me/export/', { headers: { cookie } });
      expect(exp.status).toBe(200);
      expect(exp.headers.get('content-disposition')).toMatch(/^attachment; filename="my-data-/);
      expect(exp.body.profile.id).toBe(id);
      expect(exp.body.household.people.map((p: any) => p.name)).toContain('Kojo');
      const text = JSON.stringify(exp.body);
      expect(text).not.toContain('password');
      for (const other of await api.database.db.selectFrom('users').select('email').where('id', '!=', id).execute())
        expect(text).not.toContain(other.email);

      const asked = await api.request('POST', '/members/me/removal-request/', {
        body: { reason: 'Moving away' },
        headers: { cookie },
      });
      expect(asked.status).toBe(201);
      expect(
        (await api.request('POST', '/members/me/removal-request/', { body: {}, headers: { cookie } })).status,
      ).toBe(409);
      const pastor = await api.createUser({ username: 'pastor-r', role: 'PASTOR', can_access_web: true });
      void pastor;
      expect(
        (await api.request('GET', '/members/removal-requests/', { token: await api.tokenFor('pastor-r') })).status,
      ).toBe(403);
      const admin = await api.tokenFor('admin');
      const list = await api.request('GET', '/members/removal-requests/', { token: admin });
      const mine = list.body.find((r: any) => r.user?.id === id);
      expect(mine).toMatchObject({ status: 'open', reason: 'Moving away', name: mine.user.name });
      expect(mine.name).not.toBe('');
      const handled = await api.request('POST', `/members/removal-requests/${mine.id}/done/`, { token: admin });
      expect(handled.status).toBe(200);
      expect(handled.body.status).toBe('done');
      const actions = (await api.database.db.selectFrom('audit_log').select('action').execute()).map((a) => a.action);
      expect(actions).toContain('request_removal');
      expect(actions).toContain('complete_removal_request');
    });
  });
}
