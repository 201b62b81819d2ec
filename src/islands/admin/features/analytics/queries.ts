// The analytics screen's query keys and reads (TanStack Query, ../../query.ts): one report a range.
import { queryOptions } from '@tanstack/react-query';
import type { AnalyticsRange } from '../../../../lib/shared/analytics/periods';
import { getAttendance, getReport } from './api';

export const analyticsKeys = {
  all: ['analytics'] as const,
  report: (range: AnalyticsRange) => ['analytics', 'report', range] as const,
  attendance: (range: AnalyticsRange) => ['analytics', 'attendance', range] as const,
};

export const reportQuery = (range: AnalyticsRange) =>
  queryOptions({ queryKey: analyticsKeys.report(range), queryFn: () => getReport(range) });

export const attendanceQuery = (range: AnalyticsRange) =>
  queryOptions({ queryKey: analyticsKeys.attendance(range), queryFn: () => getAttendance(range) });
