// GET /search/?q= (docs/API.md, Search): the portal top bar's search, for signed-in staff.
import { OpenAPIHono } from '@hono/zod-openapi';
import { searchAnswerSchema, searchQuerySchema } from '../../lib/shared/search/api';
import type { AppDeps, AppEnv } from '../kernel/context';
import { requireAuth } from '../kernel/sign-in';
import { jsonAnswer } from '../kernel/contract';
import { route } from '../kernel/routes';
import { scopeOf } from '../kernel/scope';
import { search } from './service';

export function searchRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  app.openapi(
    route('get', '/', 'People, sermons, events and prayer requests whose words contain q (staff; a few of each)', {
      signedIn: requireAuth(deps),
      query: searchQuerySchema,
      200: jsonAnswer(searchAnswerSchema, 'The matches, grouped by kind'),
    }),
    async (c) =>
      c.json({ results: await search(deps, c.get('user'), await scopeOf(c, deps), c.req.valid('query').q) }, 200),
  );
  return app;
}
