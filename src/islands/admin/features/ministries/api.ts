// The ministries' calls (docs/API.md, Ministries), one function an endpoint.
import { api } from '../../../../lib/client/api-client';
import type { JoinRequest, Ministry, MinistryDetail } from '../../../../lib/shared/ministries/api';

/** GET /ministries/all/: every ministry with its leader and counts (staff). */
export const listMinistries = () => api<Ministry[]>('/ministries/all/');

export const getMinistry = (id: number) => api<MinistryDetail>(`/ministries/${id}/`);

export interface MinistryBody {
  name?: string;
  description?: string;
  meeting_day?: string | null;
  meeting_time?: string | null;
  meeting_place?: string | null;
  is_public?: boolean;
}

export const createMinistry = (body: MinistryBody & { name: string }) =>
  api<MinistryDetail>('/ministries/', { method: 'POST', body });

export const updateMinistry = (id: number, body: MinistryBody) =>
  api<MinistryDetail>(`/ministries/${id}/`, { method: 'PATCH', body });

export const deleteMinistry = (id: number) => api<void>(`/ministries/${id}/`, { method: 'DELETE' });

export const changeRole = (id: number, userId: number, role: string) =>
  api<MinistryDetail>(`/ministries/${id}/members/${userId}/`, { method: 'PATCH', body: { role } });

export const removeMember = (id: number, userId: number) =>
  api<MinistryDetail>(`/ministries/${id}/members/${userId}/`, { method: 'DELETE' });

/** GET /ministries/join-requests/ (pending, oldest first) */
export const listJoinRequests = () => api<JoinRequest[]>('/ministries/join-requests/');

export const decideJoinRequest = (id: number, decision: 'accept' | 'decline') =>
  api<JoinRequest>(`/ministries/join-requests/${id}/${decision}/`, { method: 'POST' });
