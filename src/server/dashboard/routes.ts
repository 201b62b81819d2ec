// The dashboard's calls (docs/API.md, Dashboard): its six figures, what awaits a staff member, the system status.
// Three calls, so a slow or failing one leaves the others' cards standing.
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { dashboardFiguresSchema, noticesSchema, systemStatusSchema } from '../../lib/shared/dashboard/api';
import type { AppDeps, AppEnv } from '../kernel/context';
import { requireAuth } from '../auth/middleware';
import { BEARER, jsonAnswer, refusals } from '../kernel/contract';
import { dashboardFigures, notices, systemStatus } from './service';

export function dashboardRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  const auth = requireAuth(deps);
  app.openapi(
    createRoute({
      method: 'get',
      path: '/figures/',
      summary: 'The six stat cards: each figure now, and what was added this month and last month (staff)',
      middleware: [auth],
      security: BEARER,
      responses: { 200: jsonAnswer(dashboardFiguresSchema, 'The figures'), ...refusals(401, 403) },
    }),
    async (c) => c.json(await dashboardFigures(deps), 200),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/notifications/',
      summary: 'What awaits a staff member: prayer requests to review, unread messages, new registrations',
      middleware: [auth],
      security: BEARER,
      responses: { 200: jsonAnswer(noticesSchema, 'The count and the latest of each kind'), ...refusals(401, 403) },
    }),
    async (c) => c.json(await notices(deps), 200),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/status/',
      summary: 'The System Status checks, run now: database, API, file storage, email (staff)',
      middleware: [auth],
      security: BEARER,
      responses: { 200: jsonAnswer(systemStatusSchema, 'The checks'), ...refusals(401, 403) },
    }),
    async (c) => c.json({ checks: await systemStatus(deps) }, 200),
  );
  return app;
}
