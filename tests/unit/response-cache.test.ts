// The host's response cache (src/host/response-cache.ts), through a real shell and server: a page that says it
// may be kept (CDN-Cache-Control: max-age, Cache-Tag) is answered from memory, purged by tag, kept no longer
// than its lifetime (never past UTC midnight), not kept when a purge overlapped its rendering, and only a plain
// 200 of an address without a query string is kept; those two headers never leave the server. A copy is compressed once when kept and each hit gets the encoding it accepts; Astro's
// answers that are not kept are compressed on the way out (src/host/encoding.ts).
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createResponseCache, type ResponseCache } from '../../src/host/response-cache';
import { createShell, type NodeHandler, type Shell } from '../../src/host/shell';
import { rawRequest } from './http-raw';

interface Page {
  status?: number;
  tags?: string[];
  maxAge?: number;
  /** No CDN-Cache-Control or Cache-Tag: the page does not say it may be kept. */
  unmarked?: boolean;
  /** The CDN-Cache-Control it sends instead of `max-age=<maxAge>`. */
  control?: string;
  headers?: Record<string, string>;
  /** Runs while the page renders (e.g. a write lands meanwhile). */
  during?: () => void;
  /** Text added to the page (a real page is tens of kilobytes: worth compressing). */
  filler?: string;
  /** Written as a static file is (headers set one by one, then the body, no writeHead): Node makes the head. */
  implicit?: boolean;
}

describe('response cache in the shell', () => {
  let clock: { now: number };
  let cache: ResponseCache;
  let shell: Shell;
  let origin: string;
  let renders: Record<string, number>;
  let pages: Record<string, Page>;

  /** Writes its answer the way Astro's Node handler does: writeHead with every header, then the body in chunks. */
  const astro: NodeHandler = (req, res) => {
    const path = req.url!.split('?')[0];
    const page = pages[path] ?? { status: 404, unmarked: true };
    renders[req.url!] = (renders[req.url!] ?? 0) + 1;
    setTimeout(() => {
      page.during?.();
      const headers: Record<string, string> = { 'content-type': 'text/html', ...page.headers };
      if (page.implicit) {
        res.statusCode = 200;
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
        res.write(`<p>${path} ${page.filler ?? ''}`);
        res.end('</p>');
        return;
      }
      if (!page.unmarked) {
        headers['CDN-Cache-Control'] = page.control ?? `max-age=${page.maxAge ?? 300}`;
        headers['Cache-Tag'] = (page.tags ?? ['sermons']).join(',');
      }
      res.writeHead(page.status ?? 200, headers);
      res.write(`<p>${path} `);
      if (page.filler) res.write(page.filler);
      res.end(`render ${renders[req.url!]}</p>`);
    }, 5);
  };

  const get = async (path: string, method = 'GET') => {
    const res = await fetch(origin + path, { method });
    return { status: res.status, body: await res.text(), headers: res.headers };
  };

  const raw = (path: string, accept?: string, method = 'GET') =>
    rawRequest(origin, path, { method, headers: accept === undefined ? {} : { 'accept-encoding': accept } });
  const filler = '<article><h2>Walking in Faith</h2><p>Rev. Samuel Boateng, Sunday service</p></article>'.repeat(50);

  beforeEach(async () => {
    clock = { now: Date.parse('2026-11-23T12:00:00Z') };
    cache = createResponseCache({ now: () => clock.now });
    renders = {};
    pages = {
      '/sermons': { tags: ['sermons'] },
      '/events': { tags: ['events'] },
    };
    shell = createShell({
      api: { fetch: () => new Response('api') },
      pages: astro,
      pageResponses: cache,
      logRequests: false,
    });
    await new Promise<void>((resolve) => shell.server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(shell.server.address() as AddressInfo).port}`;
  });
  afterEach(() => shell.stop());

  /** The headers by which a page says it may be kept, as an answer carries them: none ever should. */
  const keepHeaders = (headers: Headers) => [headers.get('cdn-cache-control'), headers.get('cache-tag')];

  it('answers a kept page from memory, with the same body and headers, and never shows the keep headers', async () => {
    const first = await get('/sermons');
    expect(first.body).toBe('<p>/sermons render 1</p>');
    expect(keepHeaders(first.headers)).toEqual([null, null]);
    const second = await get('/sermons');
    expect(second.body).toBe(first.body);
    expect(renders['/sermons']).toBe(1);
    expect(second.headers.get('x-astro-cache')).toBe('HIT');
    expect(keepHeaders(second.headers)).toEqual([null, null]);
    expect(second.headers.get('content-type')).toBe('text/html');
    expect(second.headers.get('x-frame-options')).toBe('DENY');
    const head = await get('/sermons', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(renders['/sermons']).toBe(1);
  });

  it('drops only the pages tagged with what a write changed', async () => {
    await get('/sermons');
    await get('/events');
    cache.invalidate(['sermons']);
    expect((await get('/sermons')).body).toBe('<p>/sermons render 2</p>');
    expect((await get('/events')).body).toBe('<p>/events render 1</p>');
  });

  it("keeps a page for its max-age from its request's arrival, never past the next UTC midnight", async () => {
    pages['/sermons'].maxAge = 120;
    await get('/sermons');
    clock.now += 119_000;
    expect((await get('/sermons')).body).toBe('<p>/sermons render 1</p>');
    clock.now += 1_000;
    expect((await get('/sermons')).body).toBe('<p>/sermons render 2</p>');

    // At 23:59:00 a page claiming an hour is kept one minute: a scheduled sermon is due at midnight.
    pages['/events'].maxAge = 3600;
    clock.now = Date.parse('2026-11-23T23:59:00Z');
    await get('/events');
    clock.now = Date.parse('2026-11-23T23:59:59Z');
    expect((await get('/events')).body).toBe('<p>/events render 1</p>');
    clock.now = Date.parse('2026-11-24T00:00:00Z');
    expect((await get('/events')).body).toBe('<p>/events render 2</p>');
  });

  it('does not keep a page whose rendering overlapped a purge', async () => {
    pages['/sermons'].during = () => cache.invalidate(['events']);
    await get('/sermons');
    pages['/sermons'].during = undefined;
    expect((await get('/sermons')).body).toBe('<p>/sermons render 2</p>');
    expect((await get('/sermons')).body).toBe('<p>/sermons render 2</p>');
  });

  it('drops a page tagged with several collections when any of them changes', async () => {
    pages['/'] = { tags: ['sermons', 'events'] };
    await get('/');
    cache.invalidate(['prayers']);
    expect((await get('/')).body).toBe('<p>/ render 1</p>');
    cache.invalidate(['events']);
    expect((await get('/')).body).toBe('<p>/ render 2</p>');
  });

  it('keeps only a 200 with a max-age and without Set-Cookie or Vary, of an address without a query string', async () => {
    pages['/plain'] = { unmarked: true };
    pages['/missing'] = { status: 404 };
    pages['/cookie'] = { headers: { 'set-cookie': 'a=1' } };
    pages['/vary'] = { headers: { vary: 'Accept-Language' } };
    pages['/no-store'] = { control: 'max-age=300, no-store' };
    pages['/private'] = { control: 'private, max-age=300' };
    pages['/zero'] = { control: 'max-age=0' };
    for (const path of [
      '/plain',
      '/missing',
      '/cookie',
      '/vary',
      '/no-store',
      '/private',
      '/zero',
      '/sermons?page=2',
    ]) {
      expect(keepHeaders((await get(path)).headers), path).toEqual([null, null]);
      await get(path);
      expect(renders[path], path).toBe(2);
    }
    expect(cache.size).toBe(0);
  });

  it('keeps a page compressed once; each hit gets brotli, gzip or the page itself, as it accepts', async () => {
    pages['/sermons'].filler = filler;
    const page = `<p>/sermons ${filler}render 1</p>`;
    // The first answer (Astro's) is compressed on the way out; the copy is made of the bytes Astro wrote.
    const first = await raw('/sermons', 'gzip, deflate, br, zstd');
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toBe('Accept-Encoding');
    expect(first.text).toBe(page);
    await expect.poll(() => cache.size).toBe(1); // compressed off the event loop, then kept
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=0', undefined],
      [undefined, undefined],
    ] as const) {
      const hit = await raw('/sermons', accept);
      expect(hit.headers['x-astro-cache'], accept).toBe('HIT');
      expect(hit.headers['content-encoding'], accept).toBe(encoding);
      expect(hit.headers.vary, accept).toBe('Accept-Encoding');
      expect(Number(hit.headers['content-length']), accept).toBe(hit.body.length);
      expect(hit.text, accept).toBe(page);
      if (encoding) expect(hit.body.length, accept).toBeLessThan(page.length / 10);
    }
    const head = await raw('/sermons', 'br', 'HEAD');
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.body.length).toBe(0);
    expect(renders['/sermons']).toBe(1);
  });

  it('answers a request that comes while the copy is being compressed from that copy, once it is kept', async () => {
    pages['/sermons'].filler = filler;
    await raw('/sermons', 'br');
    const next = await raw('/sermons', 'br');
    expect(next.headers['x-astro-cache']).toBe('HIT');
    expect(next.headers['content-encoding']).toBe('br');
    expect(renders['/sermons']).toBe(1);
    // A purge meanwhile: the copy is not kept, and the waiting request is rendered afresh.
    pages['/events'].filler = filler;
    await raw('/events', 'br');
    const waiting = raw('/events', 'br');
    cache.invalidate(['events']);
    expect((await waiting).headers['x-astro-cache']).toBeUndefined();
    expect(renders['/events']).toBe(2);
  });

  it("compresses Astro's answers that are not kept, except small ones and those it encoded itself", async () => {
    pages['/login'] = { unmarked: true, filler };
    // A length known before the body (an endpoint's answer), under 1 KB.
    pages['/small'] = { unmarked: true, headers: { 'content-length': '22' } };
    pages['/encoded'] = { unmarked: true, filler, headers: { 'content-encoding': 'identity' } };
    pages['/missing'] = { status: 404, unmarked: true, filler };
    const login = await raw('/login', 'gzip');
    expect(login.headers['content-encoding']).toBe('gzip');
    expect(login.text).toBe(`<p>/login ${filler}render 1</p>`);
    expect(login.headers['x-frame-options']).toBe('DENY');
    expect((await raw('/missing', 'br')).headers['content-encoding']).toBe('br');
    expect((await raw('/login', 'identity')).headers['content-encoding']).toBeUndefined();
    const small = await raw('/small', 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.text).toBe('<p>/small render 1</p>');
    expect((await raw('/encoded', 'br')).headers['content-encoding']).toBe('identity');
    pages['/varied'] = { unmarked: true, filler, headers: { vary: 'Accept-Language' } };
    expect((await raw('/varied', 'br')).headers.vary).toBe('Accept-Language, Accept-Encoding');
    pages['/file.html'] = { implicit: true, filler };
    const file = await raw('/file.html', 'br');
    expect(file.headers['content-encoding']).toBeUndefined();
    expect(file.text).toBe(`<p>/file.html ${filler}</p>`);
  });
});
