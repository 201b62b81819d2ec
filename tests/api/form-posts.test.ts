/* eslint-disable @typescript-eslint/no-explicit-any -- the OpenAPI document is read as plain JSON */
// The one form-post layer (src/server/kernel/form-posts.ts): every route that documents a form's answer (303) takes
// an HTML form post and answers it as a form (a 303 on this site, or the refusal page), never as JSON; a form post
// is the same call as its JSON twin (a public form and a /my form: the same refusals, the same change); and no
// server file rewrites the request's body, reaches into Hono's private fields or casts a Context to get there.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The helpers first: they load @hono/zod-openapi, which must extend zod before the shared schemas are made.
import { backends, startApi, type TestApi } from './helpers';
import { MEMBER_COOKIE } from '../../src/lib/shared/constants';
import { MY_PAGES } from '../../src/lib/shared/members/api';
import { startMemberSession } from '../../src/server/members/session';

const MESSAGE = {
  name: 'Efua Mensah',
  email: 'efua@example.org',
  preferredContact: 'email',
  subject: 'Visiting on Sunday',
  inquiryType: 'services',
  message: 'We would like to visit this Sunday with our two children.',
};

describe.each(backends())('form posts on %s', (backend) => {
  let api: TestApi;
  let cookie: string;
  beforeAll(async () => {
    api = await startApi(backend, { members: 0 });
    const id = await api.createUser({ username: 'kojo', role: 'MEMBER', email: 'kojo@example.org' });
    const token = await startMemberSession(api.database.db, id, { device: 'test', address: undefined }, Date.now());
    cookie = `${MEMBER_COOKIE}=${token}`;
  });
  afterAll(() => api?.close());

  const post = async (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) => {
    const res = await fetch(`${api.url}/api/v1${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields),
    });
    return {
      status: res.status,
      location: res.headers.get('location'),
      type: res.headers.get('content-type'),
      text: await res.text(),
    };
  };
  /** The messages a refusal page lists. */
  const listed = (html: string) => [...html.matchAll(/<li>([^<]*)<\/li>/g)].map((m) => m[1].replace(/&#39;/g, "'"));

  it('answers a form post to every route that documents a form as a form: a 303 here or the refusal page', async () => {
    const doc = (await api.request('GET', '/openapi.json')).body;
    const forms = Object.entries(doc.paths as Record<string, any>).flatMap(([path, item]) =>
      Object.entries(item as Record<string, any>)
        .filter(([method, op]) => method === 'post' && op.responses?.['303'])
        .map(([, op]) => ({ path: path.replace('/api/v1', '').replace(/\{\w+\}/g, '999999'), op })),
    );
    expect(forms.some((f) => f.path.startsWith('/members/me/'))).toBe(true);
    expect(forms.some((f) => !f.path.startsWith('/members/'))).toBe(true);
    expect(forms.length).toBeGreaterThanOrEqual(20);
    for (const { path } of forms) {
      const res = await post(path, {});
      if (res.status === 303) expect(res.location, path).toMatch(/^\/[^/]/);
      else {
        expect(res.type, `${path} ${res.status}`).toContain('text/html');
        expect(listed(res.text).length, path).toBeGreaterThan(0);
      }
    }
    // Without a session, a /my form goes to /my to sign in.
    expect((await post('/members/me/consent/', {})).location).toBe(`${MY_PAGES.home}?error=signed-out`);
  });

  it('runs a public form post as its JSON call: the same refusal, then the same message stored', async () => {
    const bad = { ...MESSAGE, name: 'A', email: 'nope' };
    const json = await api.request('POST', '/contact/', { body: bad });
    const form = await post('/contact/', bad);
    expect(form.status).toBe(json.status);
    expect(listed(form.text)).toEqual(Object.values(json.body.errors).flat());

    const sent = await post('/contact/', MESSAGE);
    expect(sent.status).toBe(303);
    expect(sent.location).toBe('/contact#message-sent');
    const pastor = await api.tokenFor('pastor');
    const [newest] = (await api.request('GET', '/messages/', { token: pastor })).body;
    expect(newest).toMatchObject(MESSAGE);
  });

  it('runs a /my form post as its JSON call: the same refusal, then the change and ?done=', async () => {
    const bad = { first_name: 'Kojo', last_name: 'Asante', date_of_birth: '2999-01-01' };
    const json = await api.request('POST', '/members/me/', { body: bad, headers: { cookie } });
    const form = await post('/members/me/', bad, { cookie });
    expect(json.status).toBe(400);
    expect(form.status).toBe(400);
    expect(listed(form.text)).toEqual(Object.values(json.body.errors).flat());

    const saved = await post('/members/me/consent/', { email_notifications: 'on', directory_listed: 'on' }, { cookie });
    expect(saved).toMatchObject({ status: 303, location: `${MY_PAGES.consent}?done=saved` });
    const me = (await api.request('GET', '/members/me/', { headers: { cookie } })).body.user;
    expect(me).toMatchObject({ email_notifications: true, directory_listed: true, sms_notifications: false });
  });
});

describe('the form-post layer is the only one', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
    );
  const server = files(new URL('../../src/server', import.meta.url).pathname);

  it('no server file rewrites the request, clears Hono’s body cache or casts a Context or a middleware', () => {
    const offending = server.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      const found = [];
      // The kernel's JSON reader alone presents a JSON body of any declared type as JSON (kernel/body.ts).
      if (/\.req\.raw\s*=[^=]/.test(text) && !file.endsWith('kernel/body.ts')) found.push('c.req.raw =');
      if (/bodyCache/.test(text)) found.push('bodyCache');
      // A middleware cast to another environment is a door its route's contract does not declare.
      for (const cast of text.match(/as unknown as (Context|MiddlewareHandler)\b/g) ?? []) found.push(cast);
      return found.map((what) => `${file.replace(/.*src\/server\//, '')}: ${what}`);
    });
    expect(offending).toEqual([]);
  });

  it('declares routes with route() of the kernel, but for the few whose shape is their own', () => {
    // Paystack's webhook reads its raw body; the users screen's actions judge the body before the account they act
    // on; the document's own route; and route() itself.
    const own = ['giving/routes.ts', 'users/routes.ts', 'http/app.ts', 'kernel/routes.ts'];
    const direct = server
      .filter((file) => /\bcreateRoute\(/.test(readFileSync(file, 'utf8')))
      .map((file) => file.replace(/.*src\/server\//, ''));
    expect(direct.sort()).toEqual(own.sort());
  });
});
