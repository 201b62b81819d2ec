// Who on the staff may handle what visitors send (VISITOR_RULES in permissions.ts): route middleware after
// requireAuth, a 403 before any input is read when the caller's rank does not allow the action.
import type { MiddlewareHandler } from 'hono';
import { canHandleVisitorData, type VisitorAction, type VisitorCollection } from '../../lib/shared/permissions';
import type { AppEnv } from '../kernel/context';
import { ApiError, DETAIL } from '../kernel/errors';

export const mayHandle =
  (collection: VisitorCollection) =>
  (action: VisitorAction): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    if (!canHandleVisitorData(c.get('user'), collection, action)) throw new ApiError(403, DETAIL.forbidden);
    await next();
  };
