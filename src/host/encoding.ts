// Compressed answers for the pages (the API gzips its own JSON, src/server/http/app.ts): which encoding a request accepts,
// the best compression of a body made once (the build's files, ./precompress.ts; the shell's copies of the cached
// live pages, ./response-cache.ts), and a quicker compression on the fly of a page Astro renders on demand.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { pickEncoding } from '../server/kernel/accept-encoding';
import { COMPRESS_MIN_BYTES, isCompressible } from './content-types';

export { pickEncoding, type Encoding } from '../server/kernel/accept-encoding';

/** The encodings a body is kept in besides its own bytes (the same names as Content-Encoding). */
export interface Encoded {
  br?: Buffer;
  gzip?: Buffer;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * A body as brotli (quality 11) and gzip (level 9), each kept only when smaller than the body. Slow (tens of
 * milliseconds for a page, on libuv's thread pool, not the event loop): for bodies compressed once and sent often.
 */
export async function compressBest(body: Buffer): Promise<Encoded> {
  if (body.length < COMPRESS_MIN_BYTES) return {};
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  return { br: br.length < body.length ? br : undefined, gzip: gz.length < body.length ? gz : undefined };
}

/** Adds Accept-Encoding to a Vary header value (answers that depend on it must say so, for caches). */
export function varyOnEncoding(vary: unknown): string {
  const current = Array.isArray(vary) ? vary.join(', ') : typeof vary === 'string' ? vary : '';
  if (!current.trim()) return 'Accept-Encoding';
  if (/(^|,)\s*(\*|accept-encoding)\s*(,|$)/i.test(current)) return current;
  return `${current}, Accept-Encoding`;
}

/**
 * Compresses the answer Astro writes to `res`, when it is worth it: text of a known or unknown length above 1 KB,
 * not already encoded, not `no-transform`, to a GET that accepts br or gzip. Astro's Node handler answers with
 * writeHead(status, headers) and then the body (as its writeResponse does); an answer written another way (a
 * static file streamed with implicit headers, a redirect) passes untouched. Quicker settings than compressBest
 * (brotli 5, gzip 6): this runs on every answer that is not kept.
 */
export function compressAnswer(req: IncomingMessage, res: ServerResponse): void {
  if (req.method !== 'GET') return;
  const encoding = pickEncoding(req.headers['accept-encoding'], { br: true, gzip: true });
  if (encoding === 'identity') return;
  const { writeHead } = res;
  const write = res.write as (chunk: unknown, ...args: unknown[]) => boolean;
  const end = res.end as (...args: unknown[]) => ServerResponse;
  // Set by writeHead when this answer is compressed; until then, and for good once a byte was written before
  // writeHead (Node then makes the head itself, from inside write), everything passes through. These wrappers
  // stay in place: others (the response cache's copy) wrap them in turn.
  let stream: zlib.BrotliCompress | zlib.Gzip | undefined;
  let implicitHead = false;
  res.write = function (this: ServerResponse, chunk: unknown, ...args: unknown[]) {
    if (!stream) {
      implicitHead = true;
      return write.call(this, chunk, ...args);
    }
    const callback = args.find((a) => typeof a === 'function') as (() => void) | undefined;
    return stream.write(toBuffer(chunk, args[0]), callback);
  } as ServerResponse['write'];
  res.end = function (this: ServerResponse, chunk?: unknown, ...args: unknown[]) {
    if (!stream) {
      implicitHead = true;
      return end.call(this, chunk, ...args);
    }
    const callback = [chunk, ...args].find((a) => typeof a === 'function') as (() => void) | undefined;
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') stream.write(toBuffer(chunk, args[0]));
    if (callback) res.once('finish', callback);
    stream.end();
    return this;
  } as ServerResponse['end'];
  res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    res.writeHead = writeHead;
    const given = rest.find((arg): arg is OutgoingHttpHeaders => typeof arg === 'object' && arg !== null);
    if (!implicitHead && !Array.isArray(given) && worthCompressing(status, res, given)) {
      const vary = varyOnEncoding(headerIn(given, 'vary') ?? res.getHeader('vary'));
      for (const name of Object.keys(given ?? {})) if (/^(content-length|vary)$/i.test(name)) delete given![name];
      res.removeHeader('content-length');
      res.setHeader('vary', vary);
      res.setHeader('content-encoding', encoding);
      stream = compressor(encoding);
      const compressed = stream;
      compressed.on('data', (chunk: Buffer) => {
        if (!write.call(res, chunk)) compressed.pause();
      });
      res.on('drain', () => compressed.resume());
      compressed.on('end', () => end.call(res));
      // A client that went away: nothing more will be read, free the compressor.
      res.once('close', () => compressed.destroy());
    }
    return (writeHead as (...a: unknown[]) => ServerResponse).call(this, status, ...rest);
  } as ServerResponse['writeHead'];
}

function compressor(encoding: 'br' | 'gzip') {
  return encoding === 'br'
    ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
    : zlib.createGzip({ level: 6 });
}

function toBuffer(chunk: unknown, encoding: unknown): Buffer | Uint8Array {
  if (typeof chunk === 'string')
    return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  return chunk as Uint8Array;
}

function headerIn(headers: OutgoingHttpHeaders | undefined, name: string) {
  if (!headers) return undefined;
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  return key === undefined ? undefined : headers[key];
}

function worthCompressing(status: number, res: ServerResponse, given: OutgoingHttpHeaders | undefined): boolean {
  const header = (name: string) => headerIn(given, name) ?? res.getHeader(name);
  if (status < 200 || status === 204 || status === 206 || status === 304) return false;
  if (header('content-encoding') !== undefined) return false;
  if (/no-transform/i.test(String(header('cache-control') ?? ''))) return false;
  const length = header('content-length');
  if (length !== undefined && Number(length) < COMPRESS_MIN_BYTES) return false;
  return isCompressible(String(header('content-type') ?? ''));
}
