// Recent Activity of the dashboard (docs/API.md): the newest audit-log entries as sentences.
import { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { activityItemSchema } from '../../lib/shared/dashboard/activity-schema';
import type { AppDeps, AppEnv } from '../kernel/context';
import { jsonAnswer } from '../kernel/contract';
import { route } from '../kernel/routes';
import { requireAuth } from '../kernel/sign-in';
import { scopeOf } from '../kernel/scope';
import { recentActivity } from './service';

const MAX_ITEMS = 50;
const LIMIT_ERROR = `limit must be a whole number from 1 to ${MAX_ITEMS}.`;
/** More than the maximum is not an error: the answer simply stops there. */
const ActivityQuery = z.object({
  limit: z.coerce.number({ error: LIMIT_ERROR }).int(LIMIT_ERROR).min(1, LIMIT_ERROR).default(10),
});

export function activityRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();

  app.openapi(
    route('get', '/', 'The newest audit-log entries, newest first', {
      signedIn: requireAuth(deps),
      query: ActivityQuery,
      200: jsonAnswer(z.array(activityItemSchema), 'Newest first'),
    }),
    async (c) => {
      const { limit } = c.req.valid('query');
      const scope = await scopeOf(c, deps);
      return c.json(await recentActivity(deps.database.db, scope, Math.min(limit, MAX_ITEMS), c.get('user')), 200);
    },
  );

  return app;
}
