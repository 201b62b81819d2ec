// The signed-in user's own profile (docs/API.md): read it, change the details and notification flags, upload
// a photo. No audit entry: people changing their own details is not staff activity.
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { profileUpdateSchema } from '../../lib/shared/schemas';
import type { AppDeps, AppEnv } from '../kernel/context';
import { readAvatarField, readJsonBody } from '../kernel/body';
import { BEARER, UserAnswer, avatarUpload, jsonAnswer, jsonBody, refusals, sentAsIs } from '../kernel/contract';
import { requireAuth } from '../auth/middleware';
import { presentUserById, replaceAvatar } from '../users/service';
import { limitAvatarBody } from '../media/avatars';
import { profileJson } from '../users/signed-in';
import type { User } from '../../lib/shared/users/types';
import { updateProfile } from './service';

const me = jsonAnswer(UserAnswer, 'The signed-in user');

export function profileRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  const auth = requireAuth(deps);

  app.openapi(
    createRoute({
      method: 'get',
      path: '/',
      summary: 'The signed-in user',
      middleware: auth,
      security: BEARER,
      responses: { 200: me, ...refusals(401, 403) },
    }),
    // Kept between requests while nothing about the user changes (../users/signed-in.ts).
    async (c) => sentAsIs<User>(await profileJson(deps, c.get('user')), 200, { 'Content-Type': 'application/json' }),
  );

  app.openapi(
    createRoute({
      method: 'patch',
      path: '/',
      summary: 'Change the own details and notification flags',
      middleware: [auth, readJsonBody] as const,
      security: BEARER,
      request: { body: jsonBody(profileUpdateSchema) },
      responses: { 200: me, ...refusals(400, 401, 403) },
    }),
    async (c) => c.json(await updateProfile(deps, c.get('user'), c.req.valid('json')), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/',
      summary: 'Upload the own photo',
      middleware: [limitAvatarBody, auth],
      security: BEARER,
      request: { body: avatarUpload },
      responses: { 200: me, ...refusals(400, 401, 403) },
    }),
    async (c) => {
      const user = c.get('user');
      await replaceAvatar(deps, user, await readAvatarField(c));
      return c.json(await presentUserById(deps, user.id), 200);
    },
  );

  return app;
}
