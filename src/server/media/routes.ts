// Uploaded photos (docs/API.md): public, served with the type their bytes proved, cached forever.
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../context';
import { ApiError, DETAIL } from '../http/errors';
import { refusals } from '../http/contract';
import { MEDIA_NAME, readUpload } from './storage';

const MediaName = z.object({ name: z.string().regex(MEDIA_NAME, DETAIL.notFound) });
const image = { schema: { type: 'string' as const, format: 'binary' } };

export function mediaRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();

  app.openapi(
    createRoute({
      method: 'get',
      path: '/{name}',
      summary: 'An uploaded photo',
      request: { params: MediaName },
      responses: {
        200: {
          description: 'The image',
          content: { 'image/png': image, 'image/jpeg': image, 'image/gif': image, 'image/webp': image },
        },
        ...refusals(404),
      },
    }),
    async (c) => {
      const file = await readUpload(deps.config.uploadsDir, c.req.valid('param').name);
      if (!file) throw new ApiError(404, DETAIL.notFound);
      // Names are random and never reused, so a file can be cached forever.
      return c.body(new Uint8Array(file.data), 200, {
        'Content-Type': file.type,
        'Cache-Control': 'public, max-age=31536000, immutable',
        'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; sandbox",
      });
    },
  );

  return app;
}
