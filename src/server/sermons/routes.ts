// Sermons (docs/API.md): the content collection's routes (../content/routes.ts), and the upload of a sermon's
// audio (PASTOR and above, as editing one).
import { sermonAnswerSchema, sermonCreateSchema, sermonUpdateSchema } from '../../lib/shared/live/api';
import type { AppDeps } from '../kernel/context';
import { audioUpload, jsonAnswer } from '../kernel/contract';
import { route } from '../kernel/routes';
import { contentRoutes } from '../content/routes';
import { limitUploadBody, receiveUpload } from '../media/upload';
import * as sermons from './service';

const SermonAnswer = sermonAnswerSchema.openapi('Sermon');

export function sermonRoutes(deps: AppDeps) {
  const { app, byId } = contentRoutes(deps, {
    name: 'sermons',
    noun: 'sermon',
    aNoun: 'a sermon',
    answer: SermonAnswer,
    create: sermonCreateSchema,
    update: sermonUpdateSchema,
    summaries: {
      list: 'Sermons, newest first: published ones (and scheduled ones whose date has come) unless staff ask',
      listAnswer: 'Newest first',
      get: 'One sermon (404 for one the caller may not see)',
      delete: 'Delete a sermon',
    },
    service: {
      list: sermons.listSermons,
      get: sermons.getSermon,
      create: sermons.createSermon,
      update: sermons.updateSermon,
      remove: sermons.deleteSermon,
    },
  });

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

  return app;
}
