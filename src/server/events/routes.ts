// Events (docs/API.md): anyone reads the public ones, staff read all, each with its registered and waitlist
// figures; PASTOR and above create, edit and duplicate, ADMIN and above delete (CONTENT_RULES in permissions.ts).
// A contract's middleware refuses by rank before the input is read, as the users routes do.
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { eventAnswerSchema, eventCreateSchema, eventUpdateSchema } from '../../lib/shared/live/api';
import type { AppDeps, AppEnv } from '../kernel/context';
import { readJsonBody } from '../kernel/body';
import { BEARER, jsonAnswer, jsonBody, refusals } from '../kernel/contract';
import { optionalAuth, requireAuth } from '../auth/middleware';
import { contentId, mayManage, viewerOf } from '../content/access';
import * as events from './service';

const EventAnswer = eventAnswerSchema.openapi('Event');
const EventId = contentId(events.EVENT_NOT_FOUND);
const OPTIONAL_BEARER = [{}, ...BEARER];

export function eventRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  const auth = requireAuth(deps);
  const may = mayManage('events');

  app.openapi(
    createRoute({
      method: 'get',
      path: '/',
      summary: 'Events by start: the public ones unless staff ask',
      middleware: optionalAuth(deps),
      security: OPTIONAL_BEARER,
      responses: { 200: jsonAnswer(z.array(EventAnswer), 'By start date and time'), ...refusals(401, 403) },
    }),
    async (c) => c.json(await events.listEvents(deps, viewerOf(c)), 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/{id}/',
      summary: 'One event (404 for a private one when anonymous)',
      middleware: optionalAuth(deps),
      security: OPTIONAL_BEARER,
      request: { params: EventId },
      responses: { 200: jsonAnswer(EventAnswer, 'The event'), ...refusals(401, 403, 404) },
    }),
    async (c) => c.json(await events.getEvent(deps, viewerOf(c), c.req.valid('param').id), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/',
      summary: 'Create an event (its id is a slug of the title)',
      middleware: [auth, may('create'), readJsonBody],
      security: BEARER,
      request: { body: jsonBody(eventCreateSchema) },
      responses: { 201: jsonAnswer(EventAnswer, 'The new event'), ...refusals(400, 401, 403) },
    }),
    async (c) => c.json(await events.createEvent(deps, c.get('user'), c.req.valid('json')), 201),
  );

  app.openapi(
    createRoute({
      method: 'patch',
      path: '/{id}/',
      summary: 'Change the fields sent (the id stays)',
      middleware: [auth, may('edit'), readJsonBody],
      security: BEARER,
      request: { params: EventId, body: jsonBody(eventUpdateSchema) },
      responses: { 200: jsonAnswer(EventAnswer, 'The event as now stored'), ...refusals(400, 401, 403, 404) },
    }),
    async (c) =>
      c.json(await events.updateEvent(deps, c.get('user'), c.req.valid('param').id, c.req.valid('json')), 200),
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/{id}/',
      summary: 'Delete an event and its registrations',
      middleware: [auth, may('delete')],
      security: BEARER,
      request: { params: EventId },
      responses: { 204: { description: 'Deleted' }, ...refusals(401, 403, 404) },
    }),
    async (c) => {
      await events.deleteEvent(deps, c.get('user'), c.req.valid('param').id);
      return c.body(null, 204);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/{id}/duplicate/',
      summary: 'Copy an event (title "… (copy)", no registrations)',
      middleware: [auth, may('create')],
      security: BEARER,
      request: { params: EventId },
      responses: { 201: jsonAnswer(EventAnswer, 'The copy'), ...refusals(401, 403, 404) },
    }),
    async (c) => c.json(await events.duplicateEvent(deps, c.get('user'), c.req.valid('param').id), 201),
  );

  return app;
}
