// A request as sent, with its answer's bytes as received: no decompression, no path normalisation (fetch would
// resolve `..` and decode the body), for the tests of what the HTTP shell puts on the wire.
import { request } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes received (compressed when Content-Encoding says so). */
  body: Buffer;
  /** The body decoded by its Content-Encoding. */
  text: string;
}

export function rawRequest(
  origin: string,
  path: string,
  { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(origin);
    // Options, not a URL: the path is sent as written (a URL would resolve dot segments).
    const req = request({ hostname, port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        // A HEAD or a 304 says how the body would be encoded, but has none.
        const encoding = body.length ? res.headers['content-encoding'] : undefined;
        const decoded = encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;
        resolve({ status: res.statusCode!, headers: res.headers, body, text: decoded.toString() });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
