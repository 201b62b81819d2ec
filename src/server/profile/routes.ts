// The signed-in user's own profile (docs/API.md): read it, change the details and notification flags, upload
// a photo. No audit entry: people changing their own details is not staff activity.
import { OpenAPIHono } from '@hono/zod-openapi';
import type { z } from 'zod';
import { profileUpdateSchema } from '../../lib/shared/schemas';
import type { AppDeps, AppEnv } from '../kernel/context';
import { readAvatarField } from '../kernel/body';
import { UserAnswer, avatarUpload, jsonAnswer, markLargeJson, sentAsIs } from '../kernel/contract';
import { route } from '../kernel/routes';
import { requireAuth } from '../kernel/sign-in';
import { presentUserById } from '../users/read';
import { replaceAvatar } from '../users/avatar';
import { limitAvatarBody } from '../media/avatars';
import { profileJson } from '../users/signed-in';
import { profileSchema } from '../../lib/shared/api-schemas';
import { profileTwoFactor } from '../twofactor/service';
import { updateProfile } from './service';

const me = jsonAnswer(UserAnswer, 'The signed-in user');

export function profileRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  const auth = requireAuth(deps);

  app.openapi(
    route('get', '/', 'The signed-in user and their two-factor state', {
      signedIn: auth,
      200: jsonAnswer(profileSchema.openapi('Profile'), 'The signed-in user'),
    }),
    // Kept between requests while nothing about the user changes (../users/signed-in.ts).
    async (c) => {
      const json = await profileJson(deps, c.get('user'), async (row) => ({
        two_factor: await profileTwoFactor(deps, row),
      }));
      // Gzipped by the app from GZIP_FROM_BYTES, as c.json's answers are.
      markLargeJson(c, json);
      return sentAsIs<z.infer<typeof profileSchema>>(json, 200, { 'Content-Type': 'application/json' });
    },
  );

  app.openapi(
    route('patch', '/', 'Change the own details and notification flags', {
      signedIn: auth,
      json: profileUpdateSchema,
      200: me,
    }),
    async (c) => c.json(await updateProfile(deps, c.get('user'), c.req.valid('json')), 200),
  );

  app.openapi(
    route('post', '/', 'Upload the own photo', {
      before: limitAvatarBody,
      signedIn: auth,
      upload: avatarUpload,
      200: me,
    }),
    async (c) => {
      const user = c.get('user');
      await replaceAvatar(deps, user, await readAvatarField(c));
      return c.json(await presentUserById(deps, user.id), 200);
    },
  );

  return app;
}
