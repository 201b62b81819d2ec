// The admin session gate of docs/PRODUCT.md (States) as a pure decision, so every branch is testable.
import type { AuthState } from '../../lib/client/session';
import { canAccessWeb, hasRole, ROLE_LABELS, type Role } from '../../lib/shared/permissions';

export type GateDecision = 'loading' | 'error' | 'login' | 'access-denied' | 'insufficient' | 'enrol' | 'allowed';

/** Where an account that must set up two-factor sign-in is kept until it has: the profile's Security section. */
export const ENROLMENT_PATH = '/profile';

/** `path` is the portal's own (under /admin): while the account must enrol, only ENROLMENT_PATH shows. */
export function gateDecision(state: AuthState, requiredRole?: Role, path?: string): GateDecision {
  if (state.status === 'loading') return 'loading';
  if (state.status === 'error') return 'error';
  if (state.status === 'unauthenticated') return 'login';
  if (state.status === 'denied') return 'access-denied';
  if (!canAccessWeb(state.user)) return 'access-denied';
  if (state.mustEnrol && path !== undefined && path !== ENROLMENT_PATH) return 'enrol';
  if (requiredRole && !hasRole(state.user, requiredRole)) return 'insufficient';
  return 'allowed';
}

export const ACCESS_DENIED = {
  title: 'Access Denied',
  text: "You don't have permission to access the admin panel.",
} as const;

export function insufficientPermissions(role: Role) {
  return { title: 'Insufficient Permissions', text: `You need ${ROLE_LABELS[role]} role to access this page.` };
}
