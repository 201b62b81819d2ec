// The page side of the host: Astro's handler, given the server runtime's read functions with every request (they
// become Astro.locals.content, src/env.d.ts), and the copies of the pages that may be kept (./response-cache.ts),
// dropped on every change the runtime's content hook hears (this instance's writes and, on PostgreSQL, the other
// instances'). The runtime knows nothing of pages or caches; the host wires them here.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Runtime } from '../server/runtime';
import { createResponseCache, type ResponseCache } from './response-cache';
import type { NodeHandler } from './shell';

/** @astrojs/node's handler: `locals` becomes Astro.locals of the page it renders. */
export type AstroHandler = (req: IncomingMessage, res: ServerResponse, next: undefined, locals: App.Locals) => void;

export interface Pages {
  /** Renders a page with Astro's handler; a request that comes before the handler is loaded waits for it. */
  render: NodeHandler;
  /** Hands over Astro's handler once it is loaded. */
  loaded(handler: AstroHandler): void;
  /** What a page gets as Astro.locals. */
  locals(): App.Locals;
  pageResponses: ResponseCache;
}

export function servePages(
  runtime: Pick<Runtime, 'content' | 'reader'>,
  pageResponses: ResponseCache = createResponseCache(),
): Pages {
  runtime.content.subscribe((collections) => pageResponses.invalidate(collections));
  // A fresh object each time: a page or Astro's middleware may add to its locals.
  const locals = (): App.Locals => ({ content: runtime.reader });
  let handler: AstroHandler | undefined;
  const loading = Promise.withResolvers<AstroHandler>();
  return {
    render(req, res) {
      if (handler) return handler(req, res, undefined, locals());
      void loading.promise.then((ready) => ready(req, res, undefined, locals()));
    },
    loaded(ready) {
      loading.resolve((handler = ready));
    },
    locals,
    pageResponses,
  };
}
