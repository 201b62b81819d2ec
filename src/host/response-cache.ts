// The HTTP shell's copy of the cached live pages (docs/ARCHITECTURE.md, How a request flows). A page Astro's
// route cache keeps (src/lib/content/page-cache.ts) still costs a pass through Astro's handler on every hit: a
// look for a static file on disk, a Request, the render pipeline, a Response. This keeps the bytes and headers
// that went out, so the next GET or HEAD of that address is answered from memory. Astro's route cache stays
// the source of truth: only a page it has just kept (a fresh render it marked, src/lib/shared/live/kept-page.ts)
// is copied, for the lifetime and under the tags the page set, and the server runtime purges both caches with
// the same call (src/server/runtime.ts). The same rules as the route cache:
// - kept at most the page's max-age from its request's arrival, never more than five minutes and never past
//   the next UTC midnight (src/lib/shared/live/page-lifetime.ts: a scheduled sermon appears by itself then);
// - a page whose rendering overlapped a purge is not kept; only a 200 without Set-Cookie or Vary is;
// - addresses with a query string are left to Astro's cache (which knows which parameters matter).
// A copy is compressed once when it is kept (brotli 11 and gzip 9, off the event loop, ./encoding.ts) and each
// hit gets the smallest its Accept-Encoding allows, with Vary: Accept-Encoding.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { KEPT_PAGE_HEADER, parseKeptPage } from '../lib/shared/live/kept-page';
import { pageMaxAge } from '../lib/shared/live/page-lifetime';
import { compressBest, pickEncoding, type Encoded } from './encoding';
import { isCompressible } from './content-types';

interface Representation {
  /** Every header of the answer, made once. */
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

interface CachedResponse {
  identity: Representation;
  /** The body compressed, when that made it smaller. */
  br?: Representation;
  gzip?: Representation;
  tags: readonly string[];
  expiresAt: number;
}

export interface ResponseCache {
  /** Answers `req` from a kept copy; false when there is none (then Astro's handler must answer). */
  answer(req: IncomingMessage, res: ServerResponse): boolean;
  /**
   * Watches Astro's answer to `req`: takes the route cache's mark off, and keeps a copy once the answer is sent
   * when the route cache kept that page.
   */
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
      const { headers, body } = copy[pickEncoding(req.headers['accept-encoding'], copy)] ?? copy.identity;
      res.writeHead(200, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
      return true;
    },

    record(req, res) {
      // Every answer loses the mark (an address with a query string is marked too), only some are copied.
      const key = req.method === 'GET' ? keyOf(req) : undefined;
      const arrived = now();
      const purgesBefore = purges;
      const { writeHead } = res;
      // Astro's Node adapter answers with writeHead(status, headers) before any byte of the body: the mark is in
      // those headers. Anything else (a static file, an answer without the mark) passes untouched.
      res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
        res.writeHead = writeHead;
        const given = rest.find((arg): arg is OutgoingHttpHeaders => typeof arg === 'object' && !Array.isArray(arg));
        if (given?.[KEPT_PAGE_HEADER] !== undefined) {
          const kept = parseKeptPage(given[KEPT_PAGE_HEADER]);
          delete given[KEPT_PAGE_HEADER];
          const headers = Object.fromEntries(
            Object.entries({ ...res.getHeaders(), ...given }).filter(([name]) => !PER_ANSWER.has(name.toLowerCase())),
          );
          const keepable = status === 200 && !('set-cookie' in headers) && !('vary' in headers);
          if (key !== undefined && kept && keepable) {
            collectBody(res, async (body) => {
              const encoded = isCompressible(String(headers['content-type'] ?? '')) ? await compressBest(body) : {};
              // A write landed while this page was rendered, sent or compressed: the copy may show what it changed.
              if (purges !== purgesBefore) return;
              const maxAge = Math.min(kept.maxAge, pageMaxAge(arrived));
              if (copies.size >= max) copies.delete(copies.keys().next().value!);
              copies.set(key, {
                ...representations({ ...headers, 'x-astro-cache': 'HIT' }, body, encoded),
                tags: kept.tags,
                expiresAt: arrived + maxAge * 1000,
              });
            });
          }
        }
        return (writeHead as (...args: unknown[]) => ServerResponse).call(this, status, ...rest);
      } as ServerResponse['writeHead'];
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

/** The kept answer as each encoding sends it, with Vary when there is more than one. */
function representations(headers: OutgoingHttpHeaders, body: Buffer, encoded: Encoded) {
  const vary = encoded.br || encoded.gzip ? { vary: 'Accept-Encoding' } : {};
  const represent = (bytes: Buffer, encoding?: 'br' | 'gzip'): Representation => ({
    headers: {
      ...headers,
      ...vary,
      ...(encoding ? { 'content-encoding': encoding } : {}),
      'content-length': bytes.length,
    },
    body: bytes,
  });
  return {
    identity: represent(body),
    br: encoded.br && represent(encoded.br, 'br'),
    gzip: encoded.gzip && represent(encoded.gzip, 'gzip'),
  };
}

/** Collects the body written to `res` after its head; `done` gets it once the whole answer is sent. */
function collectBody(res: ServerResponse, done: (body: Buffer) => Promise<void>) {
  const { write, end } = res;
  const chunks: Buffer[] = [];
  const collect = (chunk: unknown, encoding: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    chunks.push(
      typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
        : Buffer.from(chunk as Uint8Array),
    );
  };
  res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    collect(chunk, rest[0]);
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as ServerResponse['write'];
  res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
    collect(chunk, rest[0]);
    return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
  } as ServerResponse['end'];
  // 'finish' only once every byte is handed over: an aborted or failed answer is never kept.
  res.once('finish', () =>
    done(Buffer.concat(chunks)).catch((err: Error) =>
      console.error(JSON.stringify({ level: 'error', msg: 'page copy not kept', error: err.message })),
    ),
  );
}
