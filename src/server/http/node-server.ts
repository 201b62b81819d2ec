// A minimal node:http adapter for any fetch-style handler: the API tests and the crash test run the
// Hono app alone over real HTTP with it (the full site uses Astro's Node adapter instead).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

export type FetchHandler = (request: Request) => Promise<Response> | Response;

function toRequest(req: IncomingMessage, base: string): Request {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined) continue;
    for (const value of Array.isArray(v) ? v : [v]) headers.append(k, value);
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(new URL(req.url ?? '/', base), {
    method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
    duplex: hasBody ? 'half' : undefined,
  } as RequestInit);
}

async function writeResponse(res: ServerResponse, response: Response) {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, key) => {
    if (key === 'set-cookie') return;
    headers[key] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  res.writeHead(response.status, headers);
  if (!response.body) return void res.end();
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) res.write(chunk);
  res.end();
}

export function createNodeServer(handler: FetchHandler, opts: { log?: boolean } = {}): Server {
  return createServer(async (req, res) => {
    const started = performance.now();
    try {
      const request = toRequest(req, `http://${req.headers.host ?? 'localhost'}`);
      await writeResponse(res, await handler(request));
    } catch (err) {
      if (!res.headersSent) {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ detail: 'Bad request.' }));
      } else res.destroy(err as Error);
    } finally {
      if (opts.log) logRequest(req.method, req.url, res.statusCode, performance.now() - started);
    }
  });
}

/** One JSON line per request: method, path without the query string (it may carry tokens), status, time. */
export function logRequest(method: string | undefined, url: string | undefined, status: number, ms: number) {
  const path = (url ?? '/').split('?')[0];
  console.log(
    JSON.stringify({
      time: new Date().toISOString(),
      level: 'info',
      msg: 'request',
      method,
      path,
      status,
      ms: Math.round(ms * 10) / 10,
    }),
  );
}
