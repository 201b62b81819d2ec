// The public pages rendered on demand from the database (sermons, events, the prayer wall, their feeds): what they
// read, and the headers by which such a page says it may be kept.
//
// They read through the server's own read functions, which the host passes with each request in Astro.locals
// (src/host/main.ts). A page that may be kept says so with two standard headers, as it would to a CDN:
// `CDN-Cache-Control: max-age=N` (RFC 9213) and `Cache-Tag: sermons` (the collections it shows). The host's
// response cache (src/host/response-cache.ts) keeps a copy for that long, drops it when one of those collections
// changes, and takes both headers off before anything is sent.
import type { ContentReader } from '../shared/live/registry';
import type { LiveTag } from '../shared/live/types';
import { pageMaxAge } from '../shared/live/page-lifetime';

/**
 * Lets the host keep this page, tagged with the collections it shows, until one of them changes or its lifetime
 * (../shared/live/page-lifetime.ts) ends. No stale-while-revalidate window: a stale page served after midnight
 * would hide a scheduled sermon that is now due. `headers`: Astro.response.headers, or an endpoint's Response's.
 */
export function cacheLivePage(headers: Headers, collections: readonly LiveTag[], nowMs = Date.now()) {
  headers.set('CDN-Cache-Control', `max-age=${pageMaxAge(nowMs)}`);
  headers.set('Cache-Tag', collections.join(','));
}

/** The server's read functions the host passed with this request; a clear error when a page runs without them. */
export function contentReader(locals: App.Locals): ContentReader {
  if (!locals.content) {
    throw new Error('No content reader in Astro.locals: the pages are served by the server (src/host/main.ts).');
  }
  return locals.content;
}
