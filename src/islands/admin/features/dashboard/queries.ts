// The dashboard's query keys and reads (TanStack Query, ../../query.ts): each part loads on its own.
import { queryOptions } from '@tanstack/react-query';
import { getActivity, getAudiences, getFigures, getStatus } from './api';
import { toActivityItems } from './model';

/** Recent Activity holds the last few entries of the audit log. */
const ACTIVITY_LIMIT = 8;

export const dashboardKeys = {
  all: ['dashboard'] as const,
  figures: ['dashboard', 'figures'] as const,
  status: ['dashboard', 'status'] as const,
  activity: ['dashboard', 'activity'] as const,
  audiences: ['dashboard', 'audiences'] as const,
};

export const figuresQuery = queryOptions({ queryKey: dashboardKeys.figures, queryFn: () => getFigures() });

export const statusQuery = queryOptions({ queryKey: dashboardKeys.status, queryFn: () => getStatus() });

/** The answer read into items, or null when it was not understood. */
export const activityQuery = queryOptions({
  queryKey: dashboardKeys.activity,
  queryFn: async () => toActivityItems(await getActivity(ACTIVITY_LIMIT)),
});

/** The groups Send Notifications offers, with how many each reaches. */
export const audiencesQuery = queryOptions({ queryKey: dashboardKeys.audiences, queryFn: () => getAudiences() });
