// The sermons screen's calls (docs/API.md), one function an endpoint. Staff get every status from the list.
import { api } from '../../../../lib/client/api-client';
import type { SermonAnswer, SermonCreate, SermonUpdate } from '../../../../lib/shared/content-api';

export const SERMONS_PATH = '/sermons/';
const one = (id: string) => `${SERMONS_PATH}${encodeURIComponent(id)}/`;

/** GET /sermons/ */
export const listSermons = () => api<SermonAnswer[]>(SERMONS_PATH);

/** POST /sermons/ */
export const createSermon = (input: SermonCreate) => api<SermonAnswer>(SERMONS_PATH, { method: 'POST', body: input });

/** PATCH /sermons/{id}/ */
export const updateSermon = (id: string, changes: SermonUpdate) =>
  api<SermonAnswer>(one(id), { method: 'PATCH', body: changes });

/** DELETE /sermons/{id}/ */
export const deleteSermon = (id: string) => api<void>(one(id), { method: 'DELETE' });
