// The route cache of the on-demand public pages (astro.config.mjs `cache.provider`): Astro's memory cache, with a
// handle the server can reach from outside a request. Astro only offers `Astro.cache.invalidate()` inside a
// request, and creates the provider itself, so this provider puts its invalidation in the content registry
// (src/lib/shared/content-registry.ts) where the server runtime calls it after every sermon or event write.
//
// Never a stale page after a write (docs/PRODUCT.md (States): a draft is never public):
// - an invalidation that fails drops the whole cache (a fresh memory cache);
// - a page whose rendering overlapped a write may hold what was read before it: it is dropped once stored.
import type { CacheProvider } from 'astro';
import memoryProvider, { type MemoryCacheProviderOptions } from 'astro/cache/memory';
import { contentRegistry } from '../shared/content-registry';
import { LIVE_TAGS } from '../shared/content-types';

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
      return response;
    },
    invalidate: (options) => memory.invalidate(options),
  };
}
