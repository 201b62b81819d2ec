// The JSON API: a Hono app under /api/v1, served by the HTTP shell (shell.ts) in `npm start` and in the API
// tests, and by astro.config.mjs's integration on the dev server. Each feature is a sub-app of route contracts (its routes.ts); this file adds what every
// answer shares and mounts them.
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { cors } from 'hono/cors';
import { compress } from 'hono/compress';
import { TrieRouter } from 'hono/router/trie-router';
import type { RouterRoute } from 'hono/types';
import { z } from 'zod';
import { PLATFORM_HEADER } from '../../lib/shared/constants';
import type { AppDeps, AppEnv } from '../kernel/context';
import { ApiError, DETAIL, answerInvalid } from '../kernel/errors';
import { acceptsGzip } from '../kernel/accept-encoding';
import { GZIP_FROM_BYTES, jsonAnswer, markLargeJson } from '../kernel/contract';
import { DOOR_SCHEMES } from '../kernel/doors';
import { isFormPost } from '../kernel/form-posts';
import { healthRoutes } from '../health/routes';
import { authRoutes } from '../auth/routes';
import { signInPort } from '../auth/sign-in-port';
import { paymentsOf } from '../giving/paystack';
import { profileRoutes } from '../profile/routes';
import { userRoutes } from '../users/routes';
import { activityRoutes } from '../activity/routes';
import { mediaRoutes } from '../media/routes';
import { sermonRoutes } from '../sermons/routes';
import { eventRoutes } from '../events/routes';
import { prayerRoutes } from '../prayers/routes';
import { contactRoutes, messageRoutes } from '../messages/routes';
import { outboxRoutes } from '../outbox/routes';
import { settingsRoutes } from '../settings/routes';
import { analyticsRoutes } from '../analytics/routes';
import { dashboardRoutes } from '../dashboard/routes';
import { broadcastRoutes } from '../broadcasts/routes';
import { searchRoutes } from '../search/routes';
import { registrationCancelRoutes, registrationRoutes } from '../registrations/routes';
import { memberRoutes } from '../members/routes';
import { householdRoutes } from '../households/routes';
import { ministryRoutes } from '../ministries/routes';
import { branchRoutes } from '../branches/routes';
import { serviceRoutes } from '../services/routes';
import { firstTimerRoutes } from '../first-timers/routes';
import { checkinRoutes, stationRoutes } from '../checkin/routes';
import { attendanceRoutes } from '../attendance/routes';
import { givingRoutes, givingSettingsRoutes } from '../giving/routes';

/**
 * c.json with the answer's Content-Length, marking an answer of GZIP_FROM_BYTES or more for the gzip below. One
 * function for every request, not a closure made per request: with a closure holding the request's Context set on
 * that Context, the requests' objects outlived young collections under load, and V8's collector threads spent about
 * 90 µs a staff request on them against 5 without (the µs/req column of scripts/bench/api.mjs, the second figure).
 */
function jsonWithLength(
  this: Context<AppEnv>,
  object: unknown,
  status?: ContentfulStatusCode,
  headers?: Record<string, string>,
) {
  const text = JSON.stringify(object);
  const bytes = markLargeJson(this, text);
  return this.body(text, status, { 'Content-Type': 'application/json', ...headers, 'Content-Length': String(bytes) });
}

const nothingMore = async () => {};

export function createApp(given: AppDeps): OpenAPIHono<AppEnv> {
  const deps: AppDeps = {
    ...given,
    signIn: given.signIn ?? signInPort(given),
    payments: given.payments !== undefined ? given.payments : paymentsOf(given.config),
  };
  const app = new OpenAPIHono<AppEnv>({ strict: true, defaultHook: answerInvalid }).basePath('/api/v1');
  // The answers' shared headers are set on the Node response before the app runs (setApiDefaults, ./headers.ts).
  // What follows touches an answer only when the request asks for it: reading or changing an answer's headers
  // after the route makes @hono/node-server build a full web Response, and touching the request's body a full
  // web Request: together almost half of a small call's cost.

  // CORS only matters to requests that carry an Origin (browsers leave it out of same-origin reads).
  const corsHeaders = cors({
    origin: (origin) => (deps.config.allowedOrigins.includes(origin) ? origin : null),
    allowMethods: ['GET', 'POST', 'PATCH', 'DELETE', 'OPTIONS'],
    allowHeaders: ['Authorization', 'Content-Type', PLATFORM_HEADER],
    credentials: true,
    maxAge: 600,
  });
  app.use('*', (c, next) => (c.req.header('origin') === undefined ? next() : corsHeaders(c, next)));

  // Staff read the user list on mobile data too: gzip JSON answers (the 1,000-user list shrinks ~15x) for
  // clients that accept it. Only those of c.json from GZIP_FROM_BYTES: a small answer through a gzip stream of its own
  // cost about a millisecond (the largest single cost of a children's check-in under load: scripts/bench/checkin.mjs),
  // and asking compress() to judge any other answer makes a web Headers of its headers to read them (the kept
  // answers, users/routes.ts, come gzipped already).
  const gzipJson = compress({ encoding: 'gzip', contentTypeFilter: /^application\/json/, threshold: GZIP_FROM_BYTES });
  app.use('*', async (c, next) => {
    if (!acceptsGzip(c.req.header('accept-encoding'))) return next();
    c.json = jsonWithLength as unknown as typeof c.json;
    await next();
    if (c.get('gzipAnswer')) await gzipJson(c, nothingMore);
  });

  // An HTML form post is run as its JSON call by the app itself (kernel/form-posts.ts): the layer gets the app here,
  // with the form post's own bindings (its socket: the caller's address) and what the call tells it.
  app.use('*', (c, next) => {
    if (isFormPost(c)) c.set('runAsJson', async (request, formCall) => app.fetch(request, { ...c.env, formCall }));
    return next();
  });

  // Each route limits the body it reads (kernel/body.ts limitBody); a route that reads none never touches it.

  // Mount points end in a slash: the API's paths do (docs/API.md), and a sub-app's '/' adds none.
  app.route('/health/', healthRoutes(deps));
  app.route('/auth/', authRoutes(deps));
  app.route('/auth/profile/', profileRoutes(deps));
  app.route('/auth/users/', userRoutes(deps));
  app.route('/auth/activity/', activityRoutes(deps));
  app.route('/media/', mediaRoutes(deps));
  app.route('/sermons/', sermonRoutes(deps));
  app.route('/events/', eventRoutes(deps));
  app.route('/events/', registrationRoutes(deps));
  app.route('/registrations/', registrationCancelRoutes(deps));
  app.route('/prayers/', prayerRoutes(deps));
  app.route('/contact/', contactRoutes(deps));
  app.route('/messages/', messageRoutes(deps));
  app.route('/settings/', settingsRoutes(deps));
  app.route('/analytics/', analyticsRoutes(deps));
  app.route('/dashboard/', dashboardRoutes(deps));
  app.route('/broadcasts/', broadcastRoutes(deps));
  app.route('/outbox/', outboxRoutes(deps));
  app.route('/search/', searchRoutes(deps));
  app.route('/members/', memberRoutes(deps));
  app.route('/households/', householdRoutes(deps));
  app.route('/ministries/', ministryRoutes(deps));
  app.route('/branches/', branchRoutes(deps));
  app.route('/services/', serviceRoutes(deps));
  app.route('/first-timers/', firstTimerRoutes(deps));
  app.route('/stations/', stationRoutes(deps));
  app.route('/checkin/', checkinRoutes(deps));
  app.route('/attendance/', attendanceRoutes(deps));
  app.route('/giving/', givingRoutes(deps));
  app.route('/settings/giving/', givingSettingsRoutes(deps));
  serveOpenApiDocument(app);

  const methodsOf = methodTable(app.routes);
  app.notFound((c) => {
    const methods = methodsOf(new URL(c.req.url).pathname);
    if (!methods.length) return c.json({ detail: DETAIL.notFound }, 404);
    return c.json({ detail: `Method "${c.req.method}" not allowed.` }, 405, { Allow: methods.join(', ') });
  });

  app.onError((err, c) => {
    if (err instanceof ApiError) {
      return c.json(err.body(), err.status, err.headers);
    }
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

/** GET /api/v1/openapi.json: every route contract as an OpenAPI 3.1 document (public, built once). */
function serveOpenApiDocument(app: OpenAPIHono<AppEnv>) {
  // Each door a route opens, as a security scheme (kernel/doors.ts): known once every route is registered.
  const opened = new Set<string>();
  for (const definition of app.openAPIRegistry.definitions)
    if (definition.type === 'route')
      for (const requirement of definition.route.security ?? [])
        for (const door of Object.keys(requirement)) opened.add(door);
  for (const [door, scheme] of Object.entries(DOOR_SCHEMES))
    if (opened.has(door)) app.openAPIRegistry.registerComponent('securitySchemes', door, scheme);
  let document: ReturnType<typeof app.getOpenAPI31Document> | undefined;
  app.openapi(
    createRoute({
      method: 'get',
      path: '/openapi.json',
      summary: 'This document',
      responses: { 200: jsonAnswer(z.looseObject({ openapi: z.string() }), 'OpenAPI 3.1') },
    }),
    (c) => {
      document ??= app.getOpenAPI31Document({
        openapi: '3.1.0',
        info: { title: 'Grace Chapel API', version: '1' },
      });
      return c.json(document, 200);
    },
  );
}

/**
 * For the 405 answer: the methods each path has, from a router over the app's routes built once (middleware,
 * registered for ALL methods, left out). A GET route answers HEAD too. `routes` is the app's own list, complete
 * by the time a request comes.
 */
function methodTable(routes: RouterRoute[]): (path: string) => string[] {
  // Built on the first unknown path, not at start: a router over every route is 5-10 ms of the server's start.
  let router: TrieRouter<string> | undefined;
  const built = () => {
    router = new TrieRouter<string>();
    for (const { method, path } of routes) if (method !== 'ALL') router.add('ALL', path, method);
    return router;
  };
  return (path) => {
    const methods = [...new Set((router ?? built()).match('ALL', path)[0].map(([method]) => method))];
    return methods.includes('GET') ? [...methods, 'HEAD'] : methods;
  };
}
