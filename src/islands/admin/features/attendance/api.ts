// Attendance's calls (docs/API.md, Services and attendance), one function an endpoint.
import { api } from '../../../../lib/client/api-client';
import type {
  Absentee,
  AttendanceRow,
  AttendanceWeek,
  CheckinCode,
  Followup,
  HeadcountAnswer,
} from '../../../../lib/shared/attendance/api';
import type { BroadcastResult } from '../../../../lib/shared/broadcasts/api';
import type { Branch } from '../../../../lib/shared/branches/api';
import type { Service } from '../../../../lib/shared/services/api';
import type { SearchResult } from '../../../../lib/shared/search/api';

export interface HeadcountBody {
  serviceId: number;
  date: string;
  men: number;
  women: number;
  children: number;
  firstTimers: number;
}
export interface ReportFilters {
  from?: string;
  to?: string;
  branch?: number;
  service?: number;
}

export const listServices = () => api<Service[]>('/services/');
export const listBranches = () => api<Branch[]>('/branches/');

/** POST /attendance/: the row, `replaced` when that service and date had one. */
export const postHeadcount = (body: HeadcountBody) => api<HeadcountAnswer>('/attendance/', { method: 'POST', body });

/** GET /attendance/?limit=: the newest `limit` rows of services and dates. */
export const listAttendance = (query: ReportFilters, limit: number) =>
  api<AttendanceRow[]>('/attendance/', { query: { ...query, limit } });
/** GET /attendance/weekly/: the same rows summed by week, oldest first (the chart and its table). */
export const listWeeks = (query: ReportFilters) => api<AttendanceWeek[]>('/attendance/weekly/', { query });
export const exportAttendanceCsv = (query: ReportFilters) =>
  api<string>('/attendance/', { query: { ...query, format: 'csv' }, headers: { Accept: 'text/csv' } });
export const getCode = (serviceId: number) => api<CheckinCode>('/attendance/code/', { query: { serviceId } });
export const listAbsentees = (weeks: number) => api<Absentee[]>('/attendance/absent/', { query: { weeks } });
export const recordFollowup = (userId: number, kind: 'visited' | 'called') =>
  api<Followup>(`/attendance/absent/${userId}/followups/`, { method: 'POST', body: { kind } });
export const messageAbsentees = (body: {
  requestKey: string;
  userIds: number[];
  subject: string;
  message: string;
  channels: ('sms' | 'email')[];
}) => api<BroadcastResult>('/attendance/absent/message/', { method: 'POST', body });

/** GET /search/?q=: the people among the portal's search results. */
export const searchPeople = async (q: string) =>
  (await api<{ results: SearchResult[] }>('/search/', { query: { q } })).results.filter((r) => r.kind === 'person');

/** POST /attendance/checkins/: `created` false when they were already marked (nothing changed). */
export const markPresent = (body: { serviceId: number; date: string; userId: number }) =>
  api<{ created: boolean }>('/attendance/checkins/', { method: 'POST', body });
