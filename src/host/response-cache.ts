// The host's copies of the public pages rendered on demand (docs/ARCHITECTURE.md, How a request flows): the one
// page cache. A page that may be kept says so itself, as it would to a CDN, with two standard headers
// (src/lib/content/live-content.ts): `CDN-Cache-Control: max-age=N` (RFC 9213) and `Cache-Tag: a,b` (the
// collections it shows). This keeps the bytes and headers that went out, so the next GET or HEAD of that address
// is answered from memory without Astro, and takes both headers off every answer before it is sent (as a CDN
// does). The host purges the copies by tag on every change to what they show (./pages.ts, from the runtime's
// content hook, which hears other instances too). The rules:
// - kept at most the page's max-age from its request's arrival, never more than five minutes and never past
//   the next UTC midnight (src/lib/shared/live/page-lifetime.ts: a scheduled sermon appears by itself then);
// - a page whose rendering overlapped a purge is not kept; only a 200 without Set-Cookie or Vary is;
// - an address with a query string is not kept (its parameters may change the page; the plain address is).
// A copy is compressed once when it is kept (brotli 11 and gzip 9, off the event loop, ./encoding.ts; a request
// for it meanwhile waits for it) and each hit gets the smallest its Accept-Encoding allows, with Vary:
// Accept-Encoding. A hit says `X-Astro-Cache: HIT`,
// the name Astro's route cache, which this replaced, gave it (the tests and benches read it).
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
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
  /**
   * Answers `req` from a kept copy; false when there is none (then Astro's handler must answer). A promise when
   * the copy of that address is being compressed: it answers once that is done, or settles false.
   */
  answer(req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean>;
  /**
   * Watches Astro's answer to `req`: takes CDN-Cache-Control and Cache-Tag off, and keeps a copy once the answer
   * is sent when they allow it.
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
  /** The copies on their way, by address: settles once the copy is kept (or not, after a purge). */
  const compressing = new Map<string, Promise<void>>();
  /** Counts purges, so a render knows whether one happened while it ran. */
  let purges = 0;
  const keyOf = (req: IncomingMessage) =>
    req.url && !req.url.includes('?') ? `${req.headers.host ?? ''}${req.url}` : undefined;

  return {
    answer(req, res) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      const key = keyOf(req);
      if (key === undefined) return false;
      const send = () => {
        const copy = copies.get(key);
        if (!copy) return false;
        if (now() >= copy.expiresAt) {
          copies.delete(key);
          return false;
        }
        const { headers, body } = copy[pickEncoding(req.headers['accept-encoding'], copy)] ?? copy.identity;
        res.writeHead(200, headers);
        res.end(req.method === 'HEAD' ? undefined : body);
        return true;
      };
      // A copy being compressed is a few tens of milliseconds away: waiting for it costs less than a render.
      const coming = copies.has(key) ? undefined : compressing.get(key);
      return coming ? coming.then(send, send) : send();
    },

    record(req, res) {
      const key = req.method === 'GET' ? keyOf(req) : undefined;
      const arrived = now();
      const purgesBefore = purges;
      const { writeHead } = res;
      // Every head goes through writeHead (Node makes an implicit one through it too); Astro's Node adapter passes
      // every header of its answer there.
      res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
        res.writeHead = writeHead;
        const given = rest.find((arg): arg is OutgoingHttpHeaders => typeof arg === 'object' && !Array.isArray(arg));
        const all = Object.entries({ ...res.getHeaders(), ...given }).map(
          ([name, value]) => [name.toLowerCase(), value] as const,
        );
        const keep = keepFor(Object.fromEntries(all));
        for (const name of KEEP_HEADERS) res.removeHeader(name);
        for (const name of Object.keys(given ?? {})) if (KEEP_HEADERS.has(name.toLowerCase())) delete given![name];
        const headers: OutgoingHttpHeaders = Object.fromEntries(
          all.filter(([name]) => !PER_ANSWER.has(name) && !KEEP_HEADERS.has(name)),
        );
        const keepable = status === 200 && !('set-cookie' in headers) && !('vary' in headers);
        if (key !== undefined && keep && keepable) {
          const kept = async (body: Buffer) => {
            const encoded = isCompressible(String(headers['content-type'] ?? '')) ? await compressBest(body) : {};
            // A write landed while this page was rendered, sent or compressed: the copy may show what it changed.
            if (purges !== purgesBefore) return;
            const maxAge = Math.min(keep.maxAge, pageMaxAge(arrived));
            if (copies.size >= max) copies.delete(copies.keys().next().value!);
            copies.set(key, {
              ...representations({ ...headers, 'x-astro-cache': 'HIT' }, body, encoded),
              tags: keep.tags,
              expiresAt: arrived + maxAge * 1000,
            });
          };
          collectBody(res, (body) => {
            const keeping = kept(body);
            compressing.set(key, keeping);
            return keeping.finally(() => compressing.get(key) === keeping && compressing.delete(key));
          });
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

/** The headers by which a page says it may be kept: read here, never sent. */
const KEEP_HEADERS = new Set(['cdn-cache-control', 'cache-tag']);

/**
 * How long and under which tags a page may be kept, from its CDN-Cache-Control (`max-age=N`; RFC 9213, whose
 * `no-store` and `private` forbid it) and Cache-Tag (comma-separated); undefined when it may not be.
 */
function keepFor(headers: OutgoingHttpHeaders): { maxAge: number; tags: string[] } | undefined {
  const control = String(headers['cdn-cache-control'] ?? '').toLowerCase();
  const maxAge = Number(/(?:^|,)\s*max-age=(\d+)\s*(?:,|$)/.exec(control)?.[1] ?? 0);
  if (!(maxAge > 0) || /(?:^|,)\s*(no-store|private)\s*(?:,|$)/.test(control)) return undefined;
  const tags = String(headers['cache-tag'] ?? '')
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
  return { maxAge, tags };
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
