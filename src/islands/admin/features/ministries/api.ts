// The ministries' calls (docs/API.md, Ministries), one function an endpoint.
import { api } from '../../../../lib/client/api-client';
import type {
  JoinAccept,
  JoinRequest,
  JoinRequestStatus,
  Ministry,
  MinistryDetail,
  MinistryMemberAdd,
  MinistryUpdate,
} from '../../../../lib/shared/ministries/api';

/** GET /ministries/all/: every ministry with its leader and counts (staff). */
export const listMinistries = (branch?: number) =>
  api<Ministry[]>('/ministries/all/', { query: branch ? { branch } : {} });

export const getMinistry = (id: number) => api<MinistryDetail>(`/ministries/${id}/`);

export const createMinistry = (body: Omit<MinistryUpdate, 'name'> & { name: string; branchId?: number }) =>
  api<MinistryDetail>('/ministries/', { method: 'POST', body });

export const updateMinistry = (id: number, body: MinistryUpdate) =>
  api<MinistryDetail>(`/ministries/${id}/`, { method: 'PATCH', body });

export const deleteMinistry = (id: number) => api<void>(`/ministries/${id}/`, { method: 'DELETE' });

/** POST /ministries/{id}/members/: an account joins with a role (Member unless told). */
export const addMember = (id: number, body: MinistryMemberAdd) =>
  api<MinistryDetail>(`/ministries/${id}/members/`, { method: 'POST', body });

export const changeRole = (id: number, userId: number, role: string) =>
  api<MinistryDetail>(`/ministries/${id}/members/${userId}/`, { method: 'PATCH', body: { role } });

export const removeMember = (id: number, userId: number) =>
  api<MinistryDetail>(`/ministries/${id}/members/${userId}/`, { method: 'DELETE' });

/** GET /ministries/join-requests/?status= (pending, oldest first, unless another status is asked for) */
export const listJoinRequests = (status: JoinRequestStatus = 'pending') =>
  api<JoinRequest[]>('/ministries/join-requests/', { query: { status } });

/** POST …/accept/ (with whom it adds: a linked account, a new member account, or the one found) or …/decline/. */
export const decideJoinRequest = (id: number, decision: 'accept' | 'decline', body?: JoinAccept) =>
  api<JoinRequest>(`/ministries/join-requests/${id}/${decision}/`, { method: 'POST', ...(body && { body }) });
