// The households' calls (docs/API.md, Households), one function an endpoint.
import { api } from '../../../../lib/client/api-client';
import type {
  Household,
  HouseholdMemberAdd,
  HouseholdPage,
  HouseholdPersonCreate,
  HouseholdPersonUpdate,
  HouseholdUpdate,
  ChildAccountUpdate,
} from '../../../../lib/shared/households/api';

/** GET /households/?search=&limit=&offset= */
export const listHouseholds = (query: { search?: string; limit: number; offset: number; branch?: number }) =>
  api<HouseholdPage>('/households/', { query });

export const createHousehold = (body: { name: string; address?: string | null; branchId?: number }) =>
  api<Household>('/households/', { method: 'POST', body });

export const updateHousehold = (id: number, body: HouseholdUpdate) =>
  api<Household>(`/households/${id}/`, { method: 'PATCH', body });

export const deleteHousehold = (id: number) => api<void>(`/households/${id}/`, { method: 'DELETE' });

/** POST /households/{id}/merge/: `from` moves into `id` and is deleted. */
export const mergeHouseholds = (id: number, from: number) =>
  api<Household>(`/households/${id}/merge/`, { method: 'POST', body: { from } });

export const addPerson = (id: number, body: Partial<HouseholdPersonCreate> & { name: string; relationship: string }) =>
  api<Household>(`/households/${id}/people/`, { method: 'POST', body });

export const updatePerson = (id: number, personId: number, body: HouseholdPersonUpdate) =>
  api<Household>(`/households/${id}/people/${personId}/`, { method: 'PATCH', body });

/** PATCH /households/{id}/members/{userId}/: a child account's allergies and notes. */
export const updateChildAccount = (id: number, userId: number, body: ChildAccountUpdate) =>
  api<Household>(`/households/${id}/members/${userId}/`, { method: 'PATCH', body });

export const removePerson = (id: number, personId: number) =>
  api<Household>(`/households/${id}/people/${personId}/`, { method: 'DELETE' });

/** POST /households/{id}/members/: the account moves in (leaving any other household). */
export const addMember = (id: number, body: HouseholdMemberAdd) =>
  api<Household>(`/households/${id}/members/`, { method: 'POST', body });

export const removeMember = (id: number, userId: number) =>
  api<Household>(`/households/${id}/members/${userId}/`, { method: 'DELETE' });
