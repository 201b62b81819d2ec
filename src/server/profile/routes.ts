// The signed-in user's own profile: read, update (fields and notification flags), avatar upload.
import type { Hono } from 'hono';
import { profileUpdateSchema } from '../../lib/shared/schemas';
import type { AppDeps, AppEnv } from '../context';
import { ApiError } from '../http/errors';
import { isMultipart, parseBody } from '../http/body';
import { findUserById, serializeOne } from '../users/service';
import { assertEmailFree, replaceAvatar } from '../users/write';
import { requireAuth } from '../auth/middleware';

export function profileRoutes(app: Hono<AppEnv>, deps: AppDeps) {
  const db = () => deps.database.db;
  const auth = requireAuth(deps);
  const answer = async (id: number) => {
    const row = await findUserById(db(), id);
    if (!row) throw new ApiError(404, 'User not found.');
    return serializeOne(db(), row, deps.now(), deps.config.onlineWindowMs);
  };

  app.get('/auth/profile/', auth, async (c) =>
    c.json(await serializeOne(db(), c.get('user'), deps.now(), deps.config.onlineWindowMs)),
  );

  app.patch('/auth/profile/', auth, async (c) => {
    const user = c.get('user');
    const changes = await parseBody(c, profileUpdateSchema);
    if (changes.email !== undefined) {
      changes.email = changes.email.toLowerCase();
      await assertEmailFree(db(), changes.email, user.id);
    }
    if (Object.keys(changes).length) await db().updateTable('users').set(changes).where('id', '=', user.id).execute();
    return c.json(await answer(user.id));
  });

  app.post('/auth/profile/', auth, async (c) => {
    if (!isMultipart(c))
      throw new ApiError(400, 'Send the avatar as multipart/form-data in a field named avatar.', {
        avatar: ['Please choose an image file.'],
      });
    const user = c.get('user');
    await replaceAvatar(c, deps, user);
    return c.json(await answer(user.id));
  });
}
