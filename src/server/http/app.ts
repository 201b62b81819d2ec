// The JSON API: a Hono app under /api/v1, mounted by src/pages/api/[...path].ts and also startable
// alone (src/server/standalone.ts) for the API tests.
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { MAX_FILE_SIZE_BYTES, PLATFORM_HEADER } from '../../lib/shared/constants';
import type { AppDeps, AppEnv } from '../context';
import { ApiError, DETAIL } from './errors';
import { API_HEADERS } from './headers';
import { authRoutes } from '../auth/routes';
import { profileRoutes } from '../profile/routes';
import { userRoutes } from '../users/routes';
import { avatarTooLarge, readUpload } from '../media/storage';
import { dummyHash } from '../auth/passwords';
import { sql } from 'kysely';

const JSON_LIMIT = 64 * 1024;
/** Room for the multipart envelope around a maximal file, so a file just over 10 MB gets a clear 400. */
const MULTIPART_LIMIT = MAX_FILE_SIZE_BYTES + 64 * 1024;

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ strict: true }).basePath('/api/v1');
  // Computed now, so the first unknown-username login costs the same as any other (no timing tell).
  void dummyHash(deps.config.scrypt);

  app.use('*', async (c, next) => {
    await next();
    for (const [k, v] of Object.entries(API_HEADERS)) if (!c.res.headers.has(k)) c.res.headers.set(k, v);
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });

  app.use(
    '*',
    cors({
      origin: (origin) => (deps.config.allowedOrigins.includes(origin) ? origin : null),
      allowMethods: ['GET', 'POST', 'PATCH', 'DELETE', 'OPTIONS'],
      allowHeaders: ['Authorization', 'Content-Type', PLATFORM_HEADER],
      credentials: true,
      maxAge: 600,
    }),
  );

  // Staff read the user list on mobile data too: gzip JSON answers (the 1,000-user list shrinks ~15x).
  app.use('*', compress({ encoding: 'gzip', contentTypeFilter: /^application\/json/ }));

  app.use('*', async (c, next) => {
    const multipart = (c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data');
    return bodyLimit({
      maxSize: multipart ? MULTIPART_LIMIT : JSON_LIMIT,
      // Multipart is only for avatars, whose contract answer to "too large" is a 400.
      onError: (ctx) => {
        if (!multipart) return ctx.json({ detail: DETAIL.tooLarge }, 413);
        return ctx.json(avatarTooLarge().body(), 400);
      },
    })(c, next);
  });

  app.get('/health/', async (c) => {
    try {
      await sql`select 1`.execute(deps.database.db);
      return c.json({ status: 'ok' });
    } catch {
      return c.json({ status: 'unavailable', detail: 'The database is not reachable.' }, 503);
    }
  });

  authRoutes(app, deps);
  profileRoutes(app, deps);
  userRoutes(app, deps);

  app.get('/media/:name', async (c) => {
    const file = await readUpload(deps.config.uploadsDir, c.req.param('name'));
    if (!file) throw new ApiError(404, DETAIL.notFound);
    // Names are random and never reused, so a file can be cached forever.
    return c.body(new Uint8Array(file.data), 200, {
      'Content-Type': file.type,
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; sandbox",
    });
  });

  // Unknown path: 404; known path with another method: 405 with Allow.
  const patterns = () =>
    app.routes
      .filter((r) => r.method !== 'ALL')
      .map((r) => ({ method: r.method, re: new RegExp(`^${r.path.replace(/:[^/]+/g, '[^/]+')}$`) }));
  app.notFound((c) => {
    const path = new URL(c.req.url).pathname;
    const methods = [
      ...new Set(
        patterns()
          .filter((p) => p.re.test(path))
          .map((p) => p.method),
      ),
    ];
    if (methods.length) {
      if (methods.includes('GET')) methods.push('HEAD');
      return c.json({ detail: `Method "${c.req.method}" not allowed.` }, 405, { Allow: methods.join(', ') });
    }
    return c.json({ detail: DETAIL.notFound }, 404);
  });

  app.onError((err, c) => {
    if (err instanceof ApiError) return c.json(err.body(), err.status);
    const status = (err as { status?: number }).status;
    if (status === 413) return c.json({ detail: DETAIL.tooLarge }, 413);
    console.error(
      JSON.stringify({
        level: 'error',
        msg: 'unhandled',
        path: new URL(c.req.url).pathname,
        error: String(err?.stack ?? err),
      }),
    );
    return c.json({ detail: 'Something went wrong on our side. Please try again.' }, 500);
  });

  return app;
}
