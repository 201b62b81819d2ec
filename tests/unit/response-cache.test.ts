// The HTTP shell's response cache (src/server/http/response-cache.ts), through a real shell and server: a page the
// route cache marked as kept is answered from memory, purged by tag, kept no longer than its lifetime (never past
// UTC midnight), not kept when a purge overlapped its rendering, and only a plain 200 of an address without a
// query string is kept.
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatKeptPage, KEPT_PAGE_HEADER } from '../../src/lib/shared/kept-page';
import { createResponseCache, type ResponseCache } from '../../src/server/http/response-cache';
import { createShell, type NodeHandler, type Shell } from '../../src/server/http/shell';

interface Page {
  status?: number;
  tags?: string[];
  maxAge?: number;
  /** No kept-page mark: the route cache did not keep it. */
  unmarked?: boolean;
  headers?: Record<string, string>;
  /** Runs while the page renders (e.g. a write lands meanwhile). */
  during?: () => void;
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
      if (!page.unmarked)
        headers[KEPT_PAGE_HEADER] = formatKeptPage({ maxAge: page.maxAge ?? 300, tags: page.tags ?? ['sermons'] });
      res.writeHead(page.status ?? 200, headers);
      res.write(`<p>${path} `);
      res.end(`render ${renders[req.url!]}</p>`);
    }, 5);
  };

  const get = async (path: string, method = 'GET') => {
    const res = await fetch(origin + path, { method });
    return { status: res.status, body: await res.text(), headers: res.headers };
  };

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

  it('answers a kept page from memory, with the same body and headers, and never shows the mark', async () => {
    const first = await get('/sermons');
    expect(first.body).toBe('<p>/sermons render 1</p>');
    expect(first.headers.get(KEPT_PAGE_HEADER)).toBeNull();
    const second = await get('/sermons');
    expect(second.body).toBe(first.body);
    expect(renders['/sermons']).toBe(1);
    expect(second.headers.get('x-astro-cache')).toBe('HIT');
    expect(second.headers.get(KEPT_PAGE_HEADER)).toBeNull();
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

  it('keeps only a marked 200 without Set-Cookie or Vary, of an address without a query string', async () => {
    pages['/plain'] = { unmarked: true };
    pages['/missing'] = { status: 404 };
    pages['/cookie'] = { headers: { 'set-cookie': 'a=1' } };
    pages['/vary'] = { headers: { vary: 'Accept-Language' } };
    for (const path of ['/plain', '/missing', '/cookie', '/vary', '/sermons?page=2']) {
      expect((await get(path)).headers.get(KEPT_PAGE_HEADER), path).toBeNull();
      await get(path);
      expect(renders[path], path).toBe(2);
    }
    expect(cache.size).toBe(0);
  });
});
