// The branches' calls (docs/API.md, Branches), one function an endpoint.
import { api } from '../../../../lib/client/api-client';
import type { Branch, BranchCreate, BranchUpdate } from '../../../../lib/shared/branches/api';

export const createBranch = (body: BranchCreate) => api<Branch>('/branches/', { method: 'POST', body });

export const updateBranch = (id: number, body: BranchUpdate) =>
  api<Branch>(`/branches/${id}/`, { method: 'PATCH', body });

export const deleteBranch = (id: number) => api<void>(`/branches/${id}/`, { method: 'DELETE' });
