// The pages' route cache (src/lib/content/page-cache.ts): Astro's memory cache that the server purges through the
// content registry, and never keeps a page whose rendering overlapped a write.
import { beforeEach, describe, expect, it } from 'vitest';
import pageCache from '../../src/lib/content/page-cache';
import { contentRegistry } from '../../src/lib/shared/live/registry';
import { KEPT_PAGE_HEADER, parseKeptPage } from '../../src/lib/shared/live/kept-page';

const logger = { info() {}, warn() {}, error() {} };
const request = (path: string) => {
  const req = new Request(`http://x${path}`);
  return { request: req, url: new URL(req.url), logger };
};
/** A page render: counts renders and tags its answer like Astro.cache.set does. */
function renderer(tag: string) {
  const state = { renders: 0 };
  const next = async () => {
    state.renders++;
    return new Response(`render ${state.renders}`, {
      headers: { 'CDN-Cache-Control': 'max-age=300', 'Cache-Tag': tag },
    });
  };
  return { state, next };
}

describe('page cache', () => {
  let provider: ReturnType<typeof pageCache>;
  beforeEach(() => {
    provider = pageCache(undefined);
  });

  it('keeps a page until its collection changes, and only that collection', async () => {
    const sermons = renderer('sermons');
    const events = renderer('events');
    await provider.onRequest!(request('/sermons'), sermons.next);
    await provider.onRequest!(request('/events'), events.next);
    expect((await provider.onRequest!(request('/sermons'), sermons.next)).headers.get('X-Astro-Cache')).toBe('HIT');
    await contentRegistry().pageCache!.invalidate(['sermons']);
    expect(await (await provider.onRequest!(request('/sermons'), sermons.next)).text()).toBe('render 2');
    expect((await provider.onRequest!(request('/events'), events.next)).headers.get('X-Astro-Cache')).toBe('HIT');
  });

  it('does not keep a page whose rendering overlapped a write', async () => {
    const stale = async () => {
      // The write lands while this page is being rendered from what was read before it.
      await contentRegistry().pageCache!.invalidate(['sermons']);
      return new Response('stale', { headers: { 'CDN-Cache-Control': 'max-age=300', 'Cache-Tag': 'sermons' } });
    };
    await provider.onRequest!(request('/sermons'), stale);
    const fresh = renderer('sermons');
    expect(await (await provider.onRequest!(request('/sermons'), fresh.next)).text()).toBe('render 1');
  });

  it("marks a page it has just kept for the shell's response cache, and only that one", async () => {
    const sermons = renderer('sermons');
    const fresh = await provider.onRequest!(request('/sermons'), sermons.next);
    expect(parseKeptPage(fresh.headers.get(KEPT_PAGE_HEADER))).toEqual({ maxAge: 300, tags: ['sermons'] });
    const hit = await provider.onRequest!(request('/sermons'), sermons.next);
    expect(hit.headers.get(KEPT_PAGE_HEADER)).toBeNull();
    const uncached = await provider.onRequest!(request('/contact'), async () => new Response('plain'));
    expect(uncached.headers.get(KEPT_PAGE_HEADER)).toBeNull();
    const overlapped = await provider.onRequest!(request('/events'), async () => {
      await contentRegistry().pageCache!.invalidate(['sermons']);
      return new Response('stale', { headers: { 'CDN-Cache-Control': 'max-age=300', 'Cache-Tag': 'events' } });
    });
    expect(overlapped.headers.get(KEPT_PAGE_HEADER)).toBeNull();
  });
});
