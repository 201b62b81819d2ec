// The Network dashboard's call (docs/API.md, Branches): a branch's figures with everything below it.
import { api } from '../../../../lib/client/api-client';
import type { BranchRef } from '../../../../lib/shared/branches/api';

/** GET /branches/{id}/summary/ as CONTRACT gives it; `giving` only for ADMIN and above. */
export interface BranchSummary {
  branch: BranchRef;
  members: number;
  households: number;
  attendance: { lastWeek: number; averageLast4Weeks: number };
  giving?: { last30Days: number };
}

export const branchSummary = (id: number) => api<BranchSummary>(`/branches/${id}/summary/`);
