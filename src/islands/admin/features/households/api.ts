// The households' calls (docs/API.md, Households), one function an endpoint.
import { api } from '../../../../lib/client/api-client';
import type { Household, HouseholdPage, HouseholdPersonCreate } from '../../../../lib/shared/households/api';

/** GET /households/?search=&limit=&offset= */
export const listHouseholds = (query: { search?: string; limit: number; offset: number }) =>
  api<HouseholdPage>('/households/', { query });

export const createHousehold = (body: { name: string; address?: string | null }) =>
  api<Household>('/households/', { method: 'POST', body });

export const updateHousehold = (
  id: number,
  body: { name?: string; address?: string | null; head_user_id?: number | null },
) => api<Household>(`/households/${id}/`, { method: 'PATCH', body });

export const deleteHousehold = (id: number) => api<void>(`/households/${id}/`, { method: 'DELETE' });

/** POST /households/{id}/merge/: `from` moves into `id` and is deleted. */
export const mergeHouseholds = (id: number, from: number) =>
  api<Household>(`/households/${id}/merge/`, { method: 'POST', body: { from } });

export const addPerson = (id: number, body: Partial<HouseholdPersonCreate> & { name: string; relationship: string }) =>
  api<Household>(`/households/${id}/people/`, { method: 'POST', body });

export const removePerson = (id: number, personId: number) =>
  api<Household>(`/households/${id}/people/${personId}/`, { method: 'DELETE' });

export const removeMember = (id: number, userId: number) =>
  api<Household>(`/households/${id}/members/${userId}/`, { method: 'DELETE' });
