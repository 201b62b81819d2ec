// The removal requests' calls (docs/API.md, Members), one function an endpoint: members ask on /my/data, staff
// (REMOVAL_ROLE) see the requests and mark each done or declined.
import { api } from '../../../../lib/client/api-client';
import type { StaffRemovalRequest } from '../../../../lib/shared/members/api';

const PATH = '/members/removal-requests/';

/** GET /members/removal-requests/ (open ones first, then the newest) */
export const listRemovalRequests = () => api<StaffRemovalRequest[]>(PATH);

/** POST /members/removal-requests/{id}/done/: once the account was removed or anonymised in Users (audited). */
export const markRemovalDone = (id: number) => api<StaffRemovalRequest>(`${PATH}${id}/done/`, { method: 'POST' });

/** POST /members/removal-requests/{id}/decline/ (audited). */
export const declineRemoval = (id: number) => api<StaffRemovalRequest>(`${PATH}${id}/decline/`, { method: 'POST' });
