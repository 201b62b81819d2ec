// Who on the staff may handle what visitors send (VISITOR_RULES in permissions.ts): route middleware after
// requireAuth, a 403 before any input is read when the caller's rank does not allow the action.
import { canHandleVisitorData, type VisitorAction, type VisitorCollection } from '../../lib/shared/permissions';
import { allowed } from '../kernel/routes';

export const mayHandle = (collection: VisitorCollection) => (action: VisitorAction) =>
  allowed((user) => canHandleVisitorData(user, collection, action));
