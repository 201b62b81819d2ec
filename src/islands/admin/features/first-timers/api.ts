// The first-timers board's calls (docs/API.md, First-timers), one function an endpoint.
import { api } from '../../../../lib/client/api-client';
import { USERS_PATH } from '../../../../lib/shared/users/account';
import type { FirstTimer, FirstTimerChange } from '../../../../lib/shared/first-timers/api';
import type { User } from '../../../../lib/shared/users/types';
import { STAFF_ROLES, canAccessWeb } from '../../../../lib/shared/permissions';

const PATH = '/first-timers/';

/** GET /first-timers/ (the caller's scope, newest first) */
export const listFirstTimers = () => api<FirstTimer[]>(PATH);

/** PATCH /first-timers/{id}/: move, assign, add a note. */
export const changeFirstTimer = (id: number, change: FirstTimerChange) =>
  api<FirstTimer>(`${PATH}${id}/`, { method: 'PATCH', body: change });

/** POST /first-timers/{id}/account/ (ADMIN and above) */
export const makeFirstTimerAccount = (id: number) => api<User>(`${PATH}${id}/account/`, { method: 'POST' });

/** Whom a card may be assigned to: staff who may use the portal (GET /auth/users/). */
export const listAssignees = async (): Promise<User[]> =>
  (await api<User[]>(USERS_PATH)).filter(
    (u) =>
      STAFF_ROLES.includes(u.role) &&
      canAccessWeb({
        role: u.role,
        can_access_web: u.can_access_web,
        is_active: u.is_active,
        is_suspended: u.is_suspended,
      }),
  );
