// The dashboard's calls (docs/PRODUCT.md (API)): the user figures (the users screen's call) and Recent Activity.
import { api } from '../../../../lib/client/api-client';

export { getUserStats } from '../users/api';

/** GET /auth/activity/?limit=N: the answer as sent; model.ts's toActivityItems reads it. */
export const getActivity = (limit: number) => api<unknown>('/auth/activity/', { query: { limit } });
