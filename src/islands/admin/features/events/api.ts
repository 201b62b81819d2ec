// The events screen's calls (docs/API.md), one function an endpoint. Staff get private events too.
import { api } from '../../../../lib/client/api-client';
import { collectionCalls } from '../../collection-calls';
import type { EventAnswer, EventCreate, EventUpdate } from '../../../../lib/shared/live/api';
import type { RegistrationAnswer } from '../../../../lib/shared/registrations/api';

export const EVENTS_PATH = '/events/';
const events = collectionCalls<EventAnswer, EventCreate, EventUpdate>(EVENTS_PATH);
const one = events.one;

/** GET /events/, POST /events/, PATCH /events/{id}/, DELETE /events/{id}/ */
export const { list: listEvents, create: createEvent, update: updateEvent, remove: deleteEvent } = events;

/** POST /events/{id}/duplicate/ */
export const duplicateEvent = (id: string) => api<EventAnswer>(`${one(id)}duplicate/`, { method: 'POST' });

/** GET /events/{id}/registrations/ (staff) */
export const listRegistrations = (id: string) => api<RegistrationAnswer[]>(`${one(id)}registrations/`);

/** PATCH /events/{id}/registrations/{rid}/: check in or cancel */
export const changeRegistration = (id: string, rid: number, status: 'cancelled' | 'checked_in') =>
  api<RegistrationAnswer>(`${one(id)}registrations/${rid}/`, { method: 'PATCH', body: { status } });

/** GET /events/{id}/: one event with its figures now */
export const getEvent = (id: string) => api<EventAnswer>(one(id));
