// Sermons (docs/API.md): anyone reads the published ones, staff read all; PASTOR and above create and edit, ADMIN
// and above delete (CONTENT_RULES in permissions.ts). A contract's middleware refuses by rank before the input
// is read, as the users routes do.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { sermonAnswerSchema, sermonCreateSchema, sermonUpdateSchema } from '../../lib/shared/live/api';
import type { AppDeps, AppEnv } from '../kernel/context';
import { audioUpload, jsonAnswer } from '../kernel/contract';
import { DELETED, deleteById, route } from '../kernel/routes';
import { optionalAuth, requireAuth } from '../auth/middleware';
import { contentId, mayManage, viewerOf } from '../content/access';
import type { ContentAction } from '../../lib/shared/permissions';
import { limitUploadBody, receiveUpload } from '../media/upload';
import * as sermons from './service';

const SermonAnswer = sermonAnswerSchema.openapi('Sermon');
const SermonId = contentId(sermons.SERMON_NOT_FOUND);

export function sermonRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  const auth = requireAuth(deps);
  const may = mayManage('sermons');
  /** Staff whose role may do the action, on the sermon the {id} names. */
  const byId = (action: ContentAction) => ({ signedIn: [auth, may(action)], params: SermonId });

  app.openapi(
    route(
      'get',
      '/',
      'Sermons, newest first: published ones (and scheduled ones whose date has come) unless staff ask',
      { signedInOrNot: optionalAuth(deps), 200: jsonAnswer(z.array(SermonAnswer), 'Newest first') },
    ),
    async (c) => c.json(await sermons.listSermons(deps, viewerOf(c)), 200),
  );

  app.openapi(
    route('get', '/{id}/', 'One sermon (404 for one the caller may not see)', {
      signedInOrNot: optionalAuth(deps),
      params: SermonId,
      200: jsonAnswer(SermonAnswer, 'The sermon'),
    }),
    async (c) => c.json(await sermons.getSermon(deps, viewerOf(c), c.req.valid('param').id), 200),
  );

  app.openapi(
    route('post', '/', 'Create a sermon (its id is a slug of the title)', {
      signedIn: [auth, may('create')],
      json: sermonCreateSchema,
      201: jsonAnswer(SermonAnswer, 'The new sermon'),
    }),
    async (c) => c.json(await sermons.createSermon(deps, c.get('user'), c.req.valid('json')), 201),
  );

  app.openapi(
    route('patch', '/{id}/', 'Change the fields sent (the id stays)', {
      ...byId('edit'),
      json: sermonUpdateSchema,
      200: jsonAnswer(SermonAnswer, 'The sermon as now stored'),
    }),
    async (c) =>
      c.json(await sermons.updateSermon(deps, c.get('user'), c.req.valid('param').id, c.req.valid('json')), 200),
  );

  app.openapi(
    route(
      'post',
      '/{id}/audio/',
      "Upload the sermon's audio (multipart field `audio`, MP3 or M4A by content, at most 200 MB)",
      {
        // Streamed to the storage, which counts the file's bytes against its limit itself.
        before: limitUploadBody('audio'),
        ...byId('edit'),
        upload: audioUpload,
        200: jsonAnswer(SermonAnswer, 'The sermon with its audioUrl'),
      },
    ),
    async (c) => {
      const { id } = c.req.valid('param');
      await sermons.getSermon(deps, c.get('user'), id); // 404 before a large upload is read
      const name = await receiveUpload(deps.media, c.req.raw, 'audio', 'audio');
      return c.json(await sermons.setSermonAudio(deps, c.get('user'), id, name), 200);
    },
  );

  app.openapi(
    route('delete', '/{id}/', 'Delete a sermon', { ...byId('delete'), ...DELETED }),
    deleteById(deps, sermons.deleteSermon),
  );

  return app;
}
