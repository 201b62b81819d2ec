// The events screen's calls (docs/API.md), one function an endpoint. Staff get private events too.
import { api } from '../../../../lib/client/api-client';
import type { EventAnswer, EventCreate, EventUpdate } from '../../../../lib/shared/live/api';
import type { RegistrationAnswer } from '../../../../lib/shared/registrations/api';

export const EVENTS_PATH = '/events/';
const one = (id: string) => `${EVENTS_PATH}${encodeURIComponent(id)}/`;

/** GET /events/ */
export const listEvents = () => api<EventAnswer[]>(EVENTS_PATH);

/** POST /events/ */
export const createEvent = (input: EventCreate) => api<EventAnswer>(EVENTS_PATH, { method: 'POST', body: input });

/** PATCH /events/{id}/ */
export const updateEvent = (id: string, changes: EventUpdate) =>
  api<EventAnswer>(one(id), { method: 'PATCH', body: changes });

/** DELETE /events/{id}/ */
export const deleteEvent = (id: string) => api<void>(one(id), { method: 'DELETE' });

/** POST /events/{id}/duplicate/ */
export const duplicateEvent = (id: string) => api<EventAnswer>(`${one(id)}duplicate/`, { method: 'POST' });

/** GET /events/{id}/registrations/ (staff) */
export const listRegistrations = (id: string) => api<RegistrationAnswer[]>(`${one(id)}registrations/`);

/** PATCH /events/{id}/registrations/{rid}/: check in or cancel */
export const changeRegistration = (id: string, rid: number, status: 'cancelled' | 'checked_in') =>
  api<RegistrationAnswer>(`${one(id)}registrations/${rid}/`, { method: 'PATCH', body: { status } });

/** GET /events/{id}/: one event with its figures now */
export const getEvent = (id: string) => api<EventAnswer>(one(id));
