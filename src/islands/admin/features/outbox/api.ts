// The outbox's calls (docs/API.md, Outbox), one function an endpoint.
import { api } from '../../../../lib/client/api-client';
import type { OutboxItem, OutboxQuery } from '../../../../lib/shared/outbox/api';

/** GET /outbox/?status=&channel=&q= (newest first, at most 500) */
export const listOutbox = (query: OutboxQuery) => api<OutboxItem[]>('/outbox/', { query });

/** POST /outbox/{id}/retry/: a failed message queued again (409 for one that is not failed). */
export const retryOutbox = (id: number) => api<OutboxItem>(`/outbox/${id}/retry/`, { method: 'POST' });
