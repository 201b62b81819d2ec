// Uploaded media (docs/API.md): public, served from the media storage with the type their bytes proved, cached
// forever, and in byte ranges so podcast apps and <audio> can seek. The body is streamed, never read whole.
import { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../kernel/context';
import { ApiError, DETAIL } from '../kernel/errors';
import { route } from '../kernel/routes';
import { MEDIA_NAME } from './avatars';
import { parseRangeHeader } from './keys';
import { isVisit } from '../analytics/views';

const headersOf = (request: Request) => Object.fromEntries(request.headers);

const MediaName = z.object({ name: z.string().regex(MEDIA_NAME, DETAIL.notFound) });
const binary = { schema: { type: 'string' as const, format: 'binary' } };
const media = {
  'image/png': binary,
  'image/jpeg': binary,
  'image/gif': binary,
  'image/webp': binary,
  'audio/mpeg': binary,
  'audio/mp4': binary,
};

export function mediaRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();

  app.openapi(
    route('get', '/{name}', 'An uploaded file (photo or audio); HEAD and byte ranges (Range: bytes=…) work too', {
      params: MediaName,
      200: { description: 'The whole file', content: media },
      206: { description: 'The byte range asked for (Content-Range says which)', content: media },
      416: { description: 'The range lies outside the file (Content-Range: bytes */size)' },
    }),
    async (c) => {
      const name = c.req.valid('param').name;
      const headers: Record<string, string> = {
        'Accept-Ranges': 'bytes',
        // Names are random and never reused, so a file can be cached forever.
        'Cache-Control': 'public, max-age=31536000, immutable',
        'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; sandbox",
      };
      const range = parseRangeHeader(c.req.header('range'));
      if (c.req.method === 'HEAD' && !range) {
        // Size and type only: no body is opened just to be dropped.
        const info = await deps.media.head(name);
        if (!info) throw new ApiError(404, DETAIL.notFound);
        return c.body(null, 200, { ...headers, 'Content-Type': info.type, 'Content-Length': String(info.size) });
      }
      const file = await deps.media.get(name, range);
      if (!file) throw new ApiError(404, DETAIL.notFound);
      if ('unsatisfiable' in file) {
        return c.body(null, 416, { ...headers, 'Content-Range': `bytes */${file.size}` });
      }
      const span = file.range;
      // A player starting (not one seeking, not HEAD) counts as a play of the sermon (analytics/views.ts).
      if (
        c.req.method === 'GET' &&
        file.type.startsWith('audio/') &&
        (span?.start ?? 0) === 0 &&
        isVisit(headersOf(c.req.raw))
      ) {
        deps.views?.audioPlay(name);
      }
      headers['Content-Type'] = file.type;
      headers['Content-Length'] = String(span ? span.end - span.start + 1 : file.size);
      if (span) headers['Content-Range'] = `bytes ${span.start}-${span.end}/${file.size}`;
      if (c.req.method === 'HEAD') {
        await file.body.cancel();
        return c.body(null, span ? 206 : 200, headers);
      }
      return c.body(file.body, span ? 206 : 200, headers);
    },
  );

  return app;
}
