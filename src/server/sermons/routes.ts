// Sermons (docs/API.md): anyone reads the published ones, staff read all; PASTOR and above create and edit, ADMIN
// and above delete (CONTENT_RULES in permissions.ts). A contract's middleware refuses by rank before the input
// is read, as the users routes do.
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { sermonAnswerSchema, sermonCreateSchema, sermonUpdateSchema } from '../../lib/shared/live/api';
import type { AppDeps, AppEnv } from '../kernel/context';
import { readJsonBody } from '../kernel/body';
import { BEARER, audioUpload, jsonAnswer, jsonBody, refusals } from '../kernel/contract';
import { optionalAuth, requireAuth } from '../auth/middleware';
import { contentId, mayManage, viewerOf } from '../content/access';
import { limitUploadBody, receiveUpload } from '../media/upload';
import * as sermons from './service';

const SermonAnswer = sermonAnswerSchema.openapi('Sermon');
const SermonId = contentId(sermons.SERMON_NOT_FOUND);
const OPTIONAL_BEARER = [{}, ...BEARER];

export function sermonRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  const auth = requireAuth(deps);
  const may = mayManage('sermons');

  app.openapi(
    createRoute({
      method: 'get',
      path: '/',
      summary: 'Sermons, newest first: published ones (and scheduled ones whose date has come) unless staff ask',
      middleware: optionalAuth(deps),
      security: OPTIONAL_BEARER,
      responses: { 200: jsonAnswer(z.array(SermonAnswer), 'Newest first'), ...refusals(401, 403) },
    }),
    async (c) => c.json(await sermons.listSermons(deps, viewerOf(c)), 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/{id}/',
      summary: 'One sermon (404 for one the caller may not see)',
      middleware: optionalAuth(deps),
      security: OPTIONAL_BEARER,
      request: { params: SermonId },
      responses: { 200: jsonAnswer(SermonAnswer, 'The sermon'), ...refusals(401, 403, 404) },
    }),
    async (c) => c.json(await sermons.getSermon(deps, viewerOf(c), c.req.valid('param').id), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/',
      summary: 'Create a sermon (its id is a slug of the title)',
      middleware: [auth, may('create'), readJsonBody],
      security: BEARER,
      request: { body: jsonBody(sermonCreateSchema) },
      responses: { 201: jsonAnswer(SermonAnswer, 'The new sermon'), ...refusals(400, 401, 403) },
    }),
    async (c) => c.json(await sermons.createSermon(deps, c.get('user'), c.req.valid('json')), 201),
  );

  app.openapi(
    createRoute({
      method: 'patch',
      path: '/{id}/',
      summary: 'Change the fields sent (the id stays)',
      middleware: [auth, may('edit'), readJsonBody],
      security: BEARER,
      request: { params: SermonId, body: jsonBody(sermonUpdateSchema) },
      responses: { 200: jsonAnswer(SermonAnswer, 'The sermon as now stored'), ...refusals(400, 401, 403, 404) },
    }),
    async (c) =>
      c.json(await sermons.updateSermon(deps, c.get('user'), c.req.valid('param').id, c.req.valid('json')), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/{id}/audio/',
      summary: "Upload the sermon's audio (multipart field `audio`, MP3 or M4A by content, at most 200 MB)",
      // Streamed to the storage, which counts the file's bytes against its limit itself.
      middleware: [limitUploadBody('audio'), auth, may('edit')],
      security: BEARER,
      request: { params: SermonId, body: audioUpload },
      responses: { 200: jsonAnswer(SermonAnswer, 'The sermon with its audioUrl'), ...refusals(400, 401, 403, 404) },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      await sermons.getSermon(deps, c.get('user'), id); // 404 before a large upload is read
      const name = await receiveUpload(deps.media, c.req.raw, 'audio', 'audio');
      return c.json(await sermons.setSermonAudio(deps, c.get('user'), id, name), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/{id}/',
      summary: 'Delete a sermon',
      middleware: [auth, may('delete')],
      security: BEARER,
      request: { params: SermonId },
      responses: { 204: { description: 'Deleted' }, ...refusals(401, 403, 404) },
    }),
    async (c) => {
      await sermons.deleteSermon(deps, c.get('user'), c.req.valid('param').id);
      return c.body(null, 204);
    },
  );

  return app;
}
