// The page side of the host: Astro's handler, given the server runtime's read functions with every request (they
// become Astro.locals.content, src/env.d.ts), and the copies of the pages that may be kept (./response-cache.ts),
// dropped on every change the runtime's content hook hears (this instance's writes and, on PostgreSQL, the other
// instances'). The runtime knows nothing of pages or caches; the host wires them here.
//
// Astro's handler is @astrojs/node's in middleware mode (astro.config.mjs), the one that takes `locals`; what its
// standalone mode did around it is done here: a path that cannot be decoded is a 400, and the build's files the
// memory copies leave (byte ranges, large files) are streamed from disk (./disk-files.ts) before Astro renders.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Runtime } from '../server/runtime';
import { createDiskFiles } from './disk-files';
import { createResponseCache, type ResponseCache } from './response-cache';
import type { NodeHandler } from './shell';

/** @astrojs/node's handler in middleware mode: `locals` becomes Astro.locals of the page it renders. */
export type AstroHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next: undefined,
  locals: App.Locals,
) => void | Promise<void>;

export interface Pages {
  /** Renders a page with Astro's handler, loading it first if it is not yet (the request waits for it). */
  render: NodeHandler;
  /** Loads Astro's handler now, if it is not loaded or loading yet; settles once it is. */
  load(): Promise<unknown>;
  /** What a page gets as Astro.locals. */
  locals(): App.Locals;
  pageResponses: ResponseCache;
}

export interface PagesOptions {
  /** Loads Astro's handler: the build's entry.mjs (scripts/start.mjs), a tenth of a second of code to run. */
  loadHandler(): Promise<AstroHandler>;
  /** The build's files (dist/client), for what the memory copies leave to the disk. */
  clientDir?: string;
  pageResponses?: ResponseCache;
}

export function servePages(
  runtime: Pick<Runtime, 'content' | 'reader'> & Partial<Pick<Runtime, 'giving' | 'members'>>,
  { loadHandler, clientDir, pageResponses = createResponseCache() }: PagesOptions,
): Pages {
  runtime.content.subscribe((collections) => pageResponses.invalidate(collections));
  // A fresh object each time: a page or Astro's middleware may add to its locals.
  const locals = (): App.Locals => ({ content: runtime.reader, giving: runtime.giving, members: runtime.members });
  const disk = clientDir === undefined ? undefined : createDiskFiles(clientDir);
  let handler: AstroHandler | undefined;
  let loading: Promise<AstroHandler> | undefined;
  const load = () =>
    (loading ??= loadHandler().then((ready) => {
      if (typeof ready !== 'function') throw new Error("the build's entry exports no handler");
      return (handler = ready);
    }));
  const astro = (req: IncomingMessage, res: ServerResponse) => {
    if (handler) return void handler(req, res, undefined, locals());
    void load().then(
      (ready) => ready(req, res, undefined, locals()),
      // The host stops the process with the reason (./main.ts); until then a page request is refused, not held.
      () => {
        if (!res.headersSent) res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('The site could not be loaded.');
      },
    );
  };
  return {
    render(req, res) {
      try {
        decodeURI(req.url ?? '/');
      } catch {
        res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
        return void res.end('Bad request.');
      }
      if (disk) disk(req, res, () => astro(req, res));
      else astro(req, res);
    },
    load,
    locals,
    pageResponses,
  };
}
