// Events (docs/API.md): anyone reads the public ones, staff read all, each with its registered and waitlist
// figures; PASTOR and above create, edit and duplicate, ADMIN and above delete (CONTENT_RULES in permissions.ts).
// A contract's middleware refuses by rank before the input is read, as the users routes do.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { eventAnswerSchema, eventCreateSchema, eventUpdateSchema } from '../../lib/shared/live/api';
import type { AppDeps, AppEnv } from '../kernel/context';
import { jsonAnswer } from '../kernel/contract';
import { DELETED, deleteById, route } from '../kernel/routes';
import { optionalAuth, requireAuth } from '../auth/middleware';
import { contentId, mayManage, viewerOf } from '../content/access';
import type { ContentAction } from '../../lib/shared/permissions';
import * as events from './service';

const EventAnswer = eventAnswerSchema.openapi('Event');
const EventId = contentId(events.EVENT_NOT_FOUND);

export function eventRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  const auth = requireAuth(deps);
  const may = mayManage('events');
  /** Staff whose role may do the action, on the event the {id} names. */
  const byId = (action: ContentAction) => ({ signedIn: [auth, may(action)], params: EventId });

  app.openapi(
    route('get', '/', 'Events by start: the public ones unless staff ask', {
      signedInOrNot: optionalAuth(deps),
      200: jsonAnswer(z.array(EventAnswer), 'By start date and time'),
    }),
    async (c) => c.json(await events.listEvents(deps, viewerOf(c)), 200),
  );

  app.openapi(
    route('get', '/{id}/', 'One event (404 for a private one when anonymous)', {
      signedInOrNot: optionalAuth(deps),
      params: EventId,
      200: jsonAnswer(EventAnswer, 'The event'),
    }),
    async (c) => c.json(await events.getEvent(deps, viewerOf(c), c.req.valid('param').id), 200),
  );

  app.openapi(
    route('post', '/', 'Create an event (its id is a slug of the title)', {
      signedIn: [auth, may('create')],
      json: eventCreateSchema,
      201: jsonAnswer(EventAnswer, 'The new event'),
    }),
    async (c) => c.json(await events.createEvent(deps, c.get('user'), c.req.valid('json')), 201),
  );

  app.openapi(
    route('patch', '/{id}/', 'Change the fields sent (the id stays)', {
      ...byId('edit'),
      json: eventUpdateSchema,
      200: jsonAnswer(EventAnswer, 'The event as now stored'),
    }),
    async (c) =>
      c.json(await events.updateEvent(deps, c.get('user'), c.req.valid('param').id, c.req.valid('json')), 200),
  );

  app.openapi(
    route('delete', '/{id}/', 'Delete an event and its registrations', { ...byId('delete'), ...DELETED }),
    deleteById(deps, events.deleteEvent),
  );

  app.openapi(
    route('post', '/{id}/duplicate/', 'Copy an event (title "… (copy)", no registrations)', {
      ...byId('create'),
      201: jsonAnswer(EventAnswer, 'The copy'),
    }),
    async (c) => c.json(await events.duplicateEvent(deps, c.get('user'), c.req.valid('param').id), 201),
  );

  return app;
}
