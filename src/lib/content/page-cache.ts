// The route cache of the on-demand public pages (astro.config.mjs `cache.provider`): Astro's memory cache, with a
// handle the server can reach from outside a request. Astro only offers `Astro.cache.invalidate()` inside a
// request, and creates the provider itself, so this provider puts its invalidation in the content registry
// (src/lib/shared/live/registry.ts) where the server runtime calls it after every sermon or event write.
//
// Never a stale page after a write (docs/PRODUCT.md (States): a draft is never public):
// - an invalidation that fails drops the whole cache (a fresh memory cache);
// - a page whose rendering overlapped a write may hold what was read before it: it is dropped once stored.
//
// A page this cache has just kept is marked for the HTTP shell (src/lib/shared/live/kept-page.ts), which keeps a copy of
// its bytes and answers the next requests itself (src/host/response-cache.ts): this cache decides what may be
// kept, for how long and under which tags; the shell's copy follows it and is purged by the same writes.
import type { CacheProvider } from 'astro';
import memoryProvider, { type MemoryCacheProviderOptions } from 'astro/cache/memory';
import { contentRegistry } from '../shared/live/registry';
import { LIVE_TAGS } from '../shared/live/types';
import { formatKeptPage, KEPT_PAGE_HEADER } from '../shared/live/kept-page';

export default function pageCache(config: MemoryCacheProviderOptions | undefined): CacheProvider {
  let memory = memoryProvider(config);
  /** Counts the writes announced, so a render knows whether one happened while it ran. */
  let writes = 0;
  const dropAll = () => {
    memory = memoryProvider(config);
  };

  contentRegistry().pageCache = {
    async invalidate(collections) {
      writes++;
      try {
        await memory.invalidate({ tags: [...collections] });
      } catch {
        dropAll();
      }
    },
  };

  return {
    name: 'church-page-cache',
    async onRequest(context, next) {
      const before = writes;
      const cache = memory;
      const response = await cache.onRequest!(context, next);
      if (writes !== before) await cache.invalidate({ tags: [...LIVE_TAGS] }).catch(dropAll);
      else if (response.headers.get('X-Astro-Cache') === 'MISS') markKept(response);
      return response;
    },
    invalidate: (options) => memory.invalidate(options),
  };
}

/** Tells the shell this fresh page was kept: its max-age and tags, as the page set them (Astro.cache.set). */
function markKept(response: Response) {
  const maxAge = Number(/max-age=(\d+)/.exec(response.headers.get('CDN-Cache-Control') ?? '')?.[1] ?? 0);
  const tags = (response.headers.get('Cache-Tag') ?? '').split(',').map((tag) => tag.trim());
  if (maxAge > 0) response.headers.set(KEPT_PAGE_HEADER, formatKeptPage({ maxAge, tags: tags.filter(Boolean) }));
}
