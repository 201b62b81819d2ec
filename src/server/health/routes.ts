// GET /health/: whether the API can reach its database (load balancers and the deploy check ask).
import { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../kernel/context';
import { jsonAnswer } from '../kernel/contract';
import { route } from '../kernel/routes';
import { databaseReachable } from './service';

export function healthRoutes(deps: Pick<AppDeps, 'database'>) {
  const app = new OpenAPIHono<AppEnv>();

  app.openapi(
    route('get', '/', 'Whether the API and its database are up', {
      200: jsonAnswer(z.object({ status: z.literal('ok') }), 'Up'),
      503: jsonAnswer(z.object({ status: z.literal('unavailable'), detail: z.string() }), 'No database'),
    }),
    async (c) =>
      (await databaseReachable(deps))
        ? c.json({ status: 'ok' as const }, 200)
        : c.json({ status: 'unavailable' as const, detail: 'The database is not reachable.' }, 503),
  );

  return app;
}

/**
 * The health check alone, under /api/v1: `npm start` answers it with this while the rest of the API loads, right
 * after listening (src/host/main.ts); the whole API (http/app.ts) serves the same route from then on.
 */
export function healthApp(deps: Pick<AppDeps, 'database'>) {
  return new OpenAPIHono<AppEnv>({ strict: true }).basePath('/api/v1').route('/health/', healthRoutes(deps));
}
