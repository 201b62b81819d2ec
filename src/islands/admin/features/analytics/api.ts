// The analytics screen's call (docs/API.md, Analytics).
import { api } from '../../../../lib/client/api-client';
import type { AnalyticsReport } from '../../../../lib/shared/analytics/api';
import type { AnalyticsRange } from '../../../../lib/shared/analytics/periods';

/** GET /analytics/?range= */
export const getReport = (range: AnalyticsRange) => api<AnalyticsReport>('/analytics/', { query: { range } });
