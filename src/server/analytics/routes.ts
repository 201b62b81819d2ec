// GET /analytics/?range=7d|30d|90d|1y (docs/API.md, Analytics): the analytics report for staff.
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { analyticsQuerySchema, analyticsReportSchema } from '../../lib/shared/analytics/api';
import type { AppDeps, AppEnv } from '../kernel/context';
import { requireAuth } from '../auth/middleware';
import { BEARER, jsonAnswer, refusals } from '../kernel/contract';
import { analyticsReport } from './service';

export function analyticsRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  app.openapi(
    createRoute({
      method: 'get',
      path: '/',
      summary: 'The figures of a time range against the one before it (staff)',
      middleware: [requireAuth(deps)],
      security: BEARER,
      request: { query: analyticsQuerySchema },
      responses: { 200: jsonAnswer(analyticsReportSchema, 'The report'), ...refusals(400, 401, 403) },
    }),
    async (c) => c.json(await analyticsReport(deps, c.req.valid('query').range), 200),
  );
  return app;
}
