// The dashboard's calls (docs/API.md, Dashboard and Broadcasts; the Attendance card's under Services and attendance):
// its figures, the system status, Recent Activity, Send Notifications and the Attendance card. The Notifications list
// is the top bar's too (layout/notices.ts).
import { api } from '../../../../lib/client/api-client';
import type { AttendanceRow, AttendanceWeek } from '../../../../lib/shared/attendance/api';
import { addDays, dayOfMs } from '../../../../lib/shared/attendance/rules';
import type { DashboardFigures, StatusCheck } from '../../../../lib/shared/dashboard/api';
import type { Audiences, BroadcastInput, BroadcastResult } from '../../../../lib/shared/broadcasts/api';

/** GET /dashboard/figures/ */
export const getFigures = () => api<DashboardFigures>('/dashboard/figures/');

/** GET /dashboard/status/ */
export const getStatus = () => api<{ checks: StatusCheck[] }>('/dashboard/status/');

/** GET /auth/activity/?limit=N: the answer as sent; model.ts's toActivityItems reads it. */
export const getActivity = (limit: number) => api<unknown>('/auth/activity/', { query: { limit } });

/**
 * The Attendance card: GET /attendance/?limit=1 (the newest row) and /attendance/weekly/ (the weeks of the last 8, summed
 * by the server: a network's 8 weeks are thousands of rows).
 */
export const getAttendanceWeeks = async () => {
  const to = dayOfMs(Date.now());
  const range = { from: addDays(to, -55), to };
  const [newest, weeks] = await Promise.all([
    api<AttendanceRow[]>('/attendance/', { query: { ...range, limit: 1 } }),
    api<AttendanceWeek[]>('/attendance/weekly/', { query: range }),
  ]);
  return { last: newest[0], weeks: weeks.slice(-8) };
};

/** GET /broadcasts/audiences/ */
export const getAudiences = () => api<Audiences>('/broadcasts/audiences/');

/** POST /broadcasts/ */
export const sendBroadcast = (input: BroadcastInput) =>
  api<BroadcastResult>('/broadcasts/', { method: 'POST', body: input });
