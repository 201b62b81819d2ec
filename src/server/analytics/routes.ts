// GET /analytics/?range=7d|30d|90d|1y (docs/API.md, Analytics): the analytics report for staff.
import { OpenAPIHono } from '@hono/zod-openapi';
import { analyticsQuerySchema, analyticsReportSchema } from '../../lib/shared/analytics/api';
import type { AppDeps, AppEnv } from '../kernel/context';
import { requireAuth } from '../kernel/sign-in';
import { jsonAnswer } from '../kernel/contract';
import { route } from '../kernel/routes';
import { analyticsReport } from './service';
import { listScope } from '../kernel/scope';

export function analyticsRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  app.openapi(
    route(
      'get',
      '/',
      'The figures of a time range against the one before it (staff); giving only for ADMIN and above',
      {
        signedIn: requireAuth(deps),
        query: analyticsQuerySchema,
        200: jsonAnswer(analyticsReportSchema, 'The report'),
      },
    ),
    async (c) => {
      const { range, branch } = c.req.valid('query');
      return c.json(await analyticsReport(deps, range, c.get('user'), await listScope(c, deps, branch)), 200);
    },
  );
  return app;
}
