// GET /search/?q= (docs/API.md, Search): the portal top bar's search, for signed-in staff.
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { searchAnswerSchema, searchQuerySchema } from '../../lib/shared/search/api';
import type { AppDeps, AppEnv } from '../kernel/context';
import { requireAuth } from '../auth/middleware';
import { BEARER, jsonAnswer, refusals } from '../kernel/contract';
import { search } from './service';

export function searchRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  app.openapi(
    createRoute({
      method: 'get',
      path: '/',
      summary: 'People, sermons, events and prayer requests whose words contain q (staff; a few of each)',
      middleware: [requireAuth(deps)],
      security: BEARER,
      request: { query: searchQuerySchema },
      responses: { 200: jsonAnswer(searchAnswerSchema, 'The matches, grouped by kind'), ...refusals(400, 401, 403) },
    }),
    async (c) => c.json({ results: await search(deps, c.get('user'), c.req.valid('query').q) }, 200),
  );
  return app;
}
