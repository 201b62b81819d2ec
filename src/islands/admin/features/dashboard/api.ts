// The dashboard's calls (docs/PRODUCT.md (API)): the user figures, sermon, event and prayer lists (the screens' own
// calls) and Recent Activity.
import { api } from '../../../../lib/client/api-client';

export { getUserStats } from '../users/api';
export { listSermons } from '../sermons/api';
export { listEvents } from '../events/api';
export { listPrayers } from '../prayers/api';

/** GET /auth/activity/?limit=N: the answer as sent; model.ts's toActivityItems reads it. */
export const getActivity = (limit: number) => api<unknown>('/auth/activity/', { query: { limit } });
