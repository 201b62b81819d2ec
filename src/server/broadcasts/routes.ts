// Send Notifications (docs/API.md, Broadcasts): the groups with how many members each would reach, and the send
// (SUPERADMIN and ADMIN: canSendBroadcast in permissions.ts).
import { OpenAPIHono } from '@hono/zod-openapi';
import { canSendBroadcast } from '../../lib/shared/permissions';
import { audiencesSchema, broadcastResultSchema, broadcastSchema } from '../../lib/shared/broadcasts/api';
import type { AppDeps, AppEnv } from '../kernel/context';
import { requireAuth } from '../kernel/sign-in';
import { jsonAnswer } from '../kernel/contract';
import { allowed, route } from '../kernel/routes';
import { scopeOf } from '../kernel/scope';
import { audiences, sendBroadcast } from './service';

const maySend = allowed(canSendBroadcast);

export function broadcastRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  const auth = requireAuth(deps);
  app.openapi(
    route(
      'get',
      '/audiences/',
      'Every group an email can go to, with the members it would reach (SUPERADMIN and ADMIN)',
      {
        signedIn: [auth, maySend],
        200: jsonAnswer(audiencesSchema, 'The groups'),
      },
    ),
    async (c) => c.json(await audiences(deps, await scopeOf(c, deps)), 200),
  );
  app.openapi(
    route('post', '/', 'Email a group of members; the same requestKey again sends nothing (SUPERADMIN and ADMIN)', {
      signedIn: [auth, maySend],
      json: broadcastSchema,
      200: jsonAnswer(broadcastResultSchema, 'Already sent under this requestKey: nothing sent again'),
      201: jsonAnswer(broadcastResultSchema, 'Sent'),
    }),
    async (c) => {
      const result = await sendBroadcast(deps, c.get('user'), await scopeOf(c, deps), c.req.valid('json'));
      return c.json(result, result.repeated ? 200 : 201);
    },
  );
  return app;
}
