/* eslint-disable @typescript-eslint/no-explicit-any -- the document is read as plain JSON */
// The route contracts: GET /api/v1/openapi.json documents every route the app serves and nothing else, so a
// route added without a contract (createRoute) fails here; and every JSON body is read whatever its declared
// content type, as the API always has (the contract validators alone would answer 415).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directoryStore } from '../../src/server/media/directory-store';
import { createApp } from '../../src/server/http/app';
import { startApi, type TestApi } from './helpers';

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'];

describe('OpenAPI document', () => {
  let api: TestApi;
  let doc: any;
  beforeAll(async () => {
    api = await startApi('sqlite', { members: 0 });
    doc = (await api.request('GET', '/openapi.json')).body;
  });
  afterAll(() => api?.close());

  const operations = () =>
    Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => METHODS.includes(method))
        .map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
    );

  it('is public OpenAPI 3.1 JSON with the bearer scheme', async () => {
    const res = await api.request('GET', '/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.body.openapi).toMatch(/^3\.1/);
    expect(res.body.info.title).toBe('Grace Chapel API');
    expect(res.body.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(res.body.paths['/api/v1/auth/profile/'].get.security).toEqual([{ bearer: [] }]);
  });

  it('lists each door a route opens as a security scheme, and each route asks for its door', () => {
    const schemes = doc.components.securitySchemes;
    expect(Object.keys(schemes).sort()).toEqual(['bearer', 'member', 'station']);
    expect(schemes.member).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'gc_member' });
    expect(schemes.station).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'gc_station' });
    const asked = new Set(operations().flatMap(({ op }) => (op.security ?? []).flatMap((r: object) => Object.keys(r))));
    expect([...asked].sort()).toEqual(['bearer', 'member', 'station']);
    const security = (method: string, path: string) =>
      operations().find((o) => o.method === method && o.path === `/api/v1${path}`)?.op.security;
    for (const [method, path] of [
      ['GET', '/members/me/'],
      ['POST', '/members/me/consent/'],
      ['POST', '/members/me/household/people/{id}/'],
      ['GET', '/members/me/passkeys/'],
      ['DELETE', '/members/session/'],
    ])
      expect(security(method, path), `${method} ${path}`).toEqual([{ member: [] }]);
    // The calls that let a member in ask for no door; the staff's removal requests ask for the bearer token.
    expect(security('POST', '/members/code/')).toBeUndefined();
    expect(security('POST', '/members/session/')).toBeUndefined();
    expect(security('GET', '/members/removal-requests/')).toEqual([{ bearer: [] }]);
    expect(security('GET', '/events/')).toEqual([{}, { bearer: [] }]);
    // Anyone gives or registers; a member with the /my cookie gives as themselves, staff with a token register.
    expect(security('POST', '/giving/')).toEqual([{}, { member: [] }]);
    expect(security('POST', '/events/{id}/registrations/')).toEqual([{}, { bearer: [] }]);
    // The check-in calls open a paired station's door or the staff's; the station asks who it is by its cookie alone.
    for (const [method, path] of [
      ['POST', '/checkin/lookup/'],
      ['POST', '/checkin/'],
      ['POST', '/checkin/{id}/print/'],
      ['GET', '/checkin/labels/{id}/'],
      ['POST', '/checkin/checkout/'],
    ])
      expect(security(method, path), `${method} ${path}`).toEqual([{ station: [] }, { bearer: [] }]);
    expect(security('GET', '/stations/me/')).toEqual([{ station: [] }]);
    expect(security('POST', '/stations/pair/')).toBeUndefined();
    expect(security('GET', '/checkin/present/')).toEqual([{ bearer: [] }]);
  });

  it('documents exactly the routes the app registers', () => {
    const app = createApp({
      database: api.database,
      config: api.config,
      now: Date.now,
      mailer: { send: async () => undefined },
      media: directoryStore(api.config.uploadsDir),
    });
    const registered = new Set(
      app.routes
        .filter((r) => r.method !== 'ALL') // middleware
        .map((r) => `${r.method} ${r.path.replace(/:([^/]+)/g, '{$1}')}`),
    );
    const documented = new Set(operations().map(({ method, path }) => `${method} ${path}`));
    expect([...registered].sort()).toEqual([...documented].sort());
    expect(documented.size).toBeGreaterThanOrEqual(20);
  });

  it('reads every JSON body whatever its declared type, an empty body as {}', async () => {
    const token = await api.tokenFor('superadmin');
    const withJsonBody = operations().filter(({ op }) => op.requestBody?.content?.['application/json']);
    expect(withJsonBody.length).toBeGreaterThanOrEqual(10);
    for (const { method, path } of withJsonBody) {
      const url = path.replace('/api/v1', '').replace('{id}', '999999');
      for (const [raw, type] of [
        ['{}', 'text/plain'],
        ['', ''],
      ]) {
        const res = await api.request(method, url, { token, raw, headers: type ? { 'Content-Type': type } : {} });
        expect(res.status, `${method} ${path} ${type}`).not.toBe(415);
        expect(res.status, `${method} ${path} ${type}`).toBeLessThan(500);
      }
      const malformed = await api.request(method, url, { token, raw: '{', headers: { 'Content-Type': 'text/plain' } });
      expect([400, 404], `${method} ${path}`).toContain(malformed.status);
    }
  });
});
