// The analytics screen's call (docs/API.md, Analytics).
import { api } from '../../../../lib/client/api-client';
import type { AnalyticsReport } from '../../../../lib/shared/analytics/api';
import { RANGE_DAYS, type AnalyticsRange } from '../../../../lib/shared/analytics/periods';
import type { AttendanceWeek } from '../../../../lib/shared/attendance/api';
import { addDays, dayOfMs } from '../../../../lib/shared/attendance/rules';

/** GET /analytics/?range= */
export const getReport = (range: AnalyticsRange) => api<AnalyticsReport>('/analytics/', { query: { range } });

/** GET /attendance/weekly/ over the range ending today: the weekly trend (the caller's scope). */
export const getAttendance = (range: AnalyticsRange) => {
  const to = dayOfMs(Date.now());
  return api<AttendanceWeek[]>('/attendance/weekly/', { query: { from: addDays(to, 1 - RANGE_DAYS[range]), to } });
};
