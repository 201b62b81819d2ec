// Events (docs/API.md): the content collection's routes (../content/routes.ts), each event with its registered
// and waitlist figures, and a copy of one (PASTOR and above, as creating one).
import { eventAnswerSchema, eventCreateSchema, eventUpdateSchema } from '../../lib/shared/live/api';
import type { AppDeps } from '../kernel/context';
import { jsonAnswer } from '../kernel/contract';
import { route } from '../kernel/routes';
import { contentRoutes } from '../content/routes';
import * as events from './service';

const EventAnswer = eventAnswerSchema.openapi('Event');

export function eventRoutes(deps: AppDeps) {
  const { app, byId } = contentRoutes(deps, {
    name: 'events',
    noun: 'event',
    aNoun: 'an event',
    answer: EventAnswer,
    create: eventCreateSchema,
    update: eventUpdateSchema,
    scoped: 'events',
    summaries: {
      list: 'Events by start: the public ones unless staff ask',
      listAnswer: 'By start date and time',
      get: 'One event (404 for a private one when anonymous)',
      delete: 'Delete an event and its registrations',
    },
    service: {
      list: events.listEvents,
      get: events.getEvent,
      create: events.createEvent,
      update: events.updateEvent,
      remove: events.deleteEvent,
    },
  });

  app.openapi(
    route('post', '/{id}/duplicate/', 'Copy an event (title "… (copy)", no registrations)', {
      ...byId('create'),
      201: jsonAnswer(EventAnswer, 'The copy'),
    }),
    async (c) => c.json(await events.duplicateEvent(deps, c.get('user'), c.req.valid('param').id), 201),
  );

  return app;
}
