// The dashboard's calls (docs/API.md, Dashboard): its six figures, what awaits a staff member, the system status.
// Three calls, so a slow or failing one leaves the others' cards standing.
import { OpenAPIHono } from '@hono/zod-openapi';
import {
  dashboardFiguresSchema,
  noticesSchema,
  noticesSeenSchema,
  systemStatusSchema,
} from '../../lib/shared/dashboard/api';
import type { AppDeps, AppEnv } from '../kernel/context';
import { requireAuth } from '../kernel/sign-in';

import { jsonAnswer } from '../kernel/contract';
import { route } from '../kernel/routes';
import { dashboardFigures, systemStatus } from './service';
import { scopeOf } from '../kernel/scope';
import { markNoticesSeen, notices } from './notices';

export function dashboardRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  const auth = requireAuth(deps);
  app.openapi(
    route(
      'get',
      '/figures/',
      'The six stat cards: each figure now, and what was added this month and last month (staff); giving this month and last (ADMIN and above only)',
      {
        signedIn: auth,
        200: jsonAnswer(dashboardFiguresSchema, 'The figures'),
      },
    ),
    async (c) => c.json(await dashboardFigures(deps, c.get('user'), await scopeOf(c, deps)), 200),
  );
  app.openapi(
    route(
      'get',
      '/notifications/',
      'What awaits a staff member, and the badge: what is new to them since they last opened the list',
      { signedIn: auth, 200: jsonAnswer(noticesSchema, 'The badge, the counts and the latest of each kind') },
    ),
    async (c) => c.json(await notices(deps, c.get('user')), 200),
  );
  app.openapi(
    route(
      'post',
      '/notifications/seen/',
      'Marks the list made at asOf seen by this staff member: their badge counts only what came after',
      { signedIn: auth, json: noticesSeenSchema, 204: { description: 'Recorded' } },
    ),
    async (c) => {
      await markNoticesSeen(deps, c.get('user'), c.req.valid('json').asOf);
      return c.body(null, 204);
    },
  );
  app.openapi(
    route('get', '/status/', 'The System Status checks, run now: database, API, file storage, email (staff)', {
      signedIn: auth,
      200: jsonAnswer(systemStatusSchema, 'The checks'),
    }),
    async (c) => c.json({ checks: await systemStatus(deps) }, 200),
  );
  return app;
}
