// The inbox's calls (docs/API.md, Messages), one function an endpoint.
import { api } from '../../../../lib/client/api-client';
import type { ContactMessage, MessageChange } from '../../../../lib/shared/messages/api';

const one = (id: number) => `/messages/${id}/`;

/** GET /messages/ (newest first) */
export const listMessages = () => api<ContactMessage[]>('/messages/');

/** PATCH /messages/{id}/ */
export const updateMessage = (id: number, change: MessageChange) =>
  api<ContactMessage>(one(id), { method: 'PATCH', body: change });

/** DELETE /messages/{id}/ */
export const deleteMessage = (id: number) => api<void>(one(id), { method: 'DELETE' });
