// The dashboard's calls (docs/API.md, Dashboard and Broadcasts): its figures, the system status, Recent Activity
// and Send Notifications. The Notifications list is the top bar's too (layout/notices.ts).
import { api } from '../../../../lib/client/api-client';
import type { DashboardFigures, StatusCheck } from '../../../../lib/shared/dashboard/api';
import type { Audiences, BroadcastInput, BroadcastResult } from '../../../../lib/shared/broadcasts/api';

/** GET /dashboard/figures/ */
export const getFigures = () => api<DashboardFigures>('/dashboard/figures/');

/** GET /dashboard/status/ */
export const getStatus = () => api<{ checks: StatusCheck[] }>('/dashboard/status/');

/** GET /auth/activity/?limit=N: the answer as sent; model.ts's toActivityItems reads it. */
export const getActivity = (limit: number) => api<unknown>('/auth/activity/', { query: { limit } });

/** GET /broadcasts/audiences/ */
export const getAudiences = () => api<Audiences>('/broadcasts/audiences/');

/** POST /broadcasts/ */
export const sendBroadcast = (input: BroadcastInput) =>
  api<BroadcastResult>('/broadcasts/', { method: 'POST', body: input });
