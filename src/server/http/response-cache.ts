// The HTTP shell's copy of the cached live pages (docs/ARCHITECTURE.md, How a request flows). A page Astro's
// route cache keeps (src/lib/content/page-cache.ts) still costs a pass through Astro's handler on every hit: a
// look for a static file on disk, a Request, the render pipeline, a Response. This keeps the bytes and headers
// that went out, so the next GET or HEAD of that address is answered from memory. Astro's route cache stays
// the source of truth: only a page it has just kept (a fresh render it marked, src/lib/shared/kept-page.ts)
// is copied, for the lifetime and under the tags the page set, and the server runtime purges both caches with
// the same call (src/server/runtime.ts). The same rules as the route cache:
// - kept at most the page's max-age from its request's arrival, never more than five minutes and never past
//   the next UTC midnight (src/lib/shared/page-lifetime.ts: a scheduled sermon appears by itself then);
// - a page whose rendering overlapped a purge is not kept; only a 200 without Set-Cookie or Vary is;
// - addresses with a query string are left to Astro's cache (which knows which parameters matter).
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { KEPT_PAGE_HEADER, parseKeptPage } from '../../lib/shared/kept-page';
import { pageMaxAge } from '../../lib/shared/page-lifetime';

interface CachedResponse {
  headers: OutgoingHttpHeaders;
  body: Buffer;
  tags: readonly string[];
  expiresAt: number;
}

export interface ResponseCache {
  /** Answers `req` from a kept copy; false when there is none (then Astro's handler must answer). */
  answer(req: IncomingMessage, res: ServerResponse): boolean;
  /** Watches Astro's answer to `req` and keeps a copy once it is sent, when the route cache kept that page. */
  record(req: IncomingMessage, res: ServerResponse): void;
  /** Drops every copy tagged with one of these (a write changed what they show). */
  invalidate(tags: readonly string[]): void;
  /** How many copies are kept (for tests). */
  readonly size: number;
}

/** Headers Node writes for each answer itself. */
const PER_ANSWER = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

export function createResponseCache({ now = Date.now, max = 500 } = {}): ResponseCache {
  const copies = new Map<string, CachedResponse>();
  /** Counts purges, so a render knows whether one happened while it ran. */
  let purges = 0;
  const keyOf = (req: IncomingMessage) =>
    req.url && !req.url.includes('?') ? `${req.headers.host ?? ''}${req.url}` : undefined;

  return {
    answer(req, res) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      const key = keyOf(req);
      const copy = key === undefined ? undefined : copies.get(key);
      if (!copy) return false;
      if (now() >= copy.expiresAt) {
        copies.delete(key!);
        return false;
      }
      res.writeHead(200, { ...copy.headers, 'content-length': copy.body.length });
      res.end(req.method === 'HEAD' ? undefined : copy.body);
      return true;
    },

    record(req, res) {
      const key = keyOf(req);
      if (req.method !== 'GET' || key === undefined) return;
      const arrived = now();
      const purgesBefore = purges;
      const kept = captureAnswer(res);
      res.once('finish', () => {
        const answer = kept();
        if (!answer || purges !== purgesBefore) return;
        const maxAge = Math.min(answer.kept.maxAge, pageMaxAge(arrived));
        if (copies.size >= max) copies.delete(copies.keys().next().value!);
        copies.set(key, {
          headers: { ...answer.headers, 'x-astro-cache': 'HIT' },
          body: answer.body,
          tags: answer.kept.tags,
          expiresAt: arrived + maxAge * 1000,
        });
      });
    },

    invalidate(tags) {
      purges++;
      for (const [key, copy] of copies) if (copy.tags.some((tag) => tags.includes(tag))) copies.delete(key);
    },

    get size() {
      return copies.size;
    },
  };
}

/**
 * Follows what is written to `res`: the kept-page mark is taken off the headers before they are sent, and when
 * there was one, the body is collected. Answers a function that, once the answer is sent, gives the copy to
 * keep, or undefined when this answer may not be kept.
 */
function captureAnswer(res: ServerResponse) {
  const { writeHead, write, end } = res;
  let kept: ReturnType<typeof parseKeptPage>;
  let headers: OutgoingHttpHeaders = {};
  const chunks: Buffer[] = [];
  const collect = (chunk: unknown, encoding: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    chunks.push(
      typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
        : Buffer.from(chunk as Uint8Array),
    );
  };

  res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    // writeHead(status, [message], [headers]): apply them here, so res.getHeaders() shows what is sent.
    const given = rest.find((arg) => typeof arg === 'object' && arg !== null);
    if (given && !Array.isArray(given)) for (const [name, value] of Object.entries(given)) res.setHeader(name, value!);
    kept = parseKeptPage(res.getHeader(KEPT_PAGE_HEADER));
    res.removeHeader(KEPT_PAGE_HEADER);
    res.writeHead = writeHead;
    if (!kept || status !== 200 || res.hasHeader('set-cookie') || res.hasHeader('vary')) {
      // Not one to keep: stop following this answer.
      kept = undefined;
      res.write = write;
      res.end = end;
    } else {
      headers = Object.fromEntries(Object.entries(res.getHeaders()).filter(([name]) => !PER_ANSWER.has(name)));
    }
    const message = rest.find((arg): arg is string => typeof arg === 'string');
    if (message !== undefined) this.statusMessage = message;
    return writeHead.call(this, status);
  } as ServerResponse['writeHead'];
  res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    collect(chunk, rest[0]);
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as ServerResponse['write'];
  res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
    collect(chunk, rest[0]);
    return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
  } as ServerResponse['end'];

  return () => (kept ? { kept, headers, body: Buffer.concat(chunks) } : undefined);
}
