// The one HTTP server (docs/ARCHITECTURE.md): /api/... goes straight to the Hono app through
// @hono/node-server; everything else gets the pages' security headers and is answered, first that can, by the
// build's files held in memory (./static-files.ts), the copies of the cached live pages (./response-cache.ts),
// then Astro's Node handler, whose answers are compressed on the way out (./encoding.ts). One JSON log line per
// request, and a graceful stop. `npm start` (./main.ts) serves both; the API tests serve the API alone through
// the same code.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { getRequestListener, RequestError } from '@hono/node-server';
import { compressAnswer } from './encoding';
import { PAGE_HEADERS, setApiDefaults } from '../server/http/headers';
import type { ResponseCache } from './response-cache';
import type { StaticFiles } from './static-files';

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;

export interface ShellOptions {
  /** `env` carries the Node request (`incoming`), from which the API reads the caller's address. */
  api: { fetch(request: Request, env?: unknown): Response | Promise<Response> };
  /** Astro's handler; without it (the API tests) every request goes to the API. */
  pages?: NodeHandler;
  /** The build's files (dist/client), answered before Astro. */
  staticFiles?: StaticFiles;
  /** The copies of the pages that may be kept, answered before Astro; the host purges it (./main.ts). */
  pageResponses?: ResponseCache;
  /** Sees every page request before it is answered (the sermon view counter, src/server/analytics/views.ts). */
  onPage?: NodeHandler;
  /**
   * Makes ready what the answers need beyond the health check and the build's files (`npm start` loads the API's
   * features and seeds an empty database after listening, ./main.ts): called by the first request that needs it,
   * which waits, as do the others, until it settles. Called once; the host may have started it already.
   */
  ready?: () => Promise<unknown>;
  logRequests: boolean;
}

export interface Shell {
  server: Server;
  /** Stops taking connections; resolves once the requests in flight have been answered. */
  stop(): Promise<void>;
}

/** The API owns /api (its unknown paths answer the API's JSON 404, not the site's page). */
export const isApiPath = (url = '/') => /^\/api(\/|\?|$)/.test(url);

/**
 * A health check as load balancers and the deploy check send it: answered before the rest is ready. Exactly the
 * path (the adapter resolves `..`, so a prefix would let `/api/v1/health/../auth/login/` through), GET or HEAD, and
 * without an Origin: a browser's (CORS) and other methods wait for the whole API's answer.
 */
const isHealthCheck = (req: IncomingMessage) =>
  (req.method === 'GET' || req.method === 'HEAD') &&
  req.headers.origin === undefined &&
  /^\/api\/v1\/health\/(\?|$)/.test(req.url ?? '');

export function createShell({
  api,
  pages,
  staticFiles,
  pageResponses,
  onPage,
  ready,
  logRequests,
}: ShellOptions): Shell {
  const toApi = getRequestListener((request, env) => api.fetch(request, env), {
    // A request the adapter cannot turn into a Request (e.g. a malformed URL) is the client's fault.
    errorHandler: (err) => {
      if (err instanceof RequestError) return Response.json({ detail: 'Bad request.' }, { status: 400 });
      console.error(JSON.stringify({ level: 'error', msg: 'unhandled', error: String((err as Error)?.stack ?? err) }));
      return Response.json({ detail: 'Something went wrong on our side. Please try again.' }, { status: 500 });
    },
  });
  // Held requests are answered once it settles, either way (a failed start stops the process, ../main.ts).
  let isReady = !ready;
  let waiting: Promise<void> | undefined;
  const settled = () => void (isReady = true);
  const whenReady = (req: IncomingMessage, answer: () => void) => {
    if (isReady || isHealthCheck(req)) return answer();
    void (waiting ??= ready!().then(settled, settled)).then(answer);
  };
  const render = (req: IncomingMessage, res: ServerResponse) => {
    // Before record: the copy is made of the bytes Astro wrote, not of their compressed form.
    compressAnswer(req, res);
    pageResponses?.record(req, res);
    // On-demand pages replace this Content-Security-Policy with Astro's own plus ours (src/middleware.ts).
    pages!(req, res);
  };
  const toPages = (req: IncomingMessage, res: ServerResponse) => {
    onPage?.(req, res);
    const answered = pageResponses?.answer(req, res) ?? false;
    if (answered === false) return render(req, res);
    if (answered !== true) void answered.then((done) => done || render(req, res));
  };
  let stopping = false;
  const server = createServer((req, res) => {
    if (logRequests) logWhenAnswered(req, res);
    // While stopping, a kept-alive connection is closed after its answer instead of waiting for more.
    if (stopping) res.setHeader('Connection', 'close');
    closeIfBodyUnread(req, res);
    if (!pages || isApiPath(req.url)) {
      setApiDefaults(res);
      return whenReady(req, () => void toApi(req, res));
    }
    for (const [name, value] of Object.entries(PAGE_HEADERS)) res.setHeader(name, value);
    const next = () => whenReady(req, () => toPages(req, res));
    if (staticFiles) staticFiles.serve(req, res, next);
    else next();
  });
  return {
    server,
    stop() {
      stopping = true;
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
    },
  };
}

/**
 * Runs `run` once: when the server's first answer has gone out, or `waitMs` after this call if no request came by
 * then, whichever is first (`npm start` makes the pages' side ready this way, ./main.ts).
 */
export function afterFirstAnswer(server: Server, run: () => void, waitMs: number): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    run();
  };
  const timer = setTimeout(once, waitMs);
  server.once('request', (_req: IncomingMessage, res: ServerResponse) => res.once('close', once));
}

/**
 * An answer that starts before its request's body was read (a body refused as too large, a post refused before
 * it is parsed) closes the connection and says so: what is left of the body is still on its way, and a
 * kept-alive connection that the server drops after its answer (Node and the adapter stop reading a large
 * unread body) would fail the next request the client sends on it.
 */
function closeIfBodyUnread(req: IncomingMessage, res: ServerResponse) {
  if (!req.headers['transfer-encoding'] && !(Number(req.headers['content-length']) > 0)) return;
  const { writeHead } = res;
  // Every head goes through writeHead, also one Node makes itself on the first write.
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    res.writeHead = writeHead;
    if (!req.complete) res.setHeader('Connection', 'close');
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse['writeHead'];
}

/** One JSON line per request: method, path without the query string (it may carry tokens), status, time. */
function logWhenAnswered(req: IncomingMessage, res: ServerResponse) {
  const started = performance.now();
  res.once('finish', () => {
    console.log(
      JSON.stringify({
        time: new Date().toISOString(),
        level: 'info',
        msg: 'request',
        method: req.method,
        path: (req.url ?? '/').split('?')[0],
        status: res.statusCode,
        ms: Math.round((performance.now() - started) * 10) / 10,
      }),
    );
  });
}

/**
 * `npm start`'s stop on SIGTERM/SIGINT: answer the requests in flight, then run `cleanup` (close the
 * database) and exit; if that takes more than 10 seconds, exit anyway.
 */
export function stopOnSignals(shell: Shell, cleanup: () => Promise<void>) {
  const stop = async (signal: NodeJS.Signals) => {
    console.log(JSON.stringify({ level: 'info', msg: 'shutting down', signal }));
    setTimeout(() => process.exit(1), 10_000).unref();
    await shell.stop();
    await cleanup().catch((err) =>
      console.error(JSON.stringify({ level: 'error', msg: 'cleanup', error: String(err) })),
    );
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
