// The users screen's calls (docs/PRODUCT.md (API)), one function an endpoint. Paths and methods of the
// actions on a user come from the one action table (USER_ACTIONS, through model.ts's actionCall).
import { api } from '../../../../lib/client/api-client';
import { USER_ACTIONS, type Role } from '../../../../lib/shared/permissions';
import type { UserCreate, UserUpdate } from '../../../../lib/shared/schemas';
import type { User, UserStats } from '../../../../lib/shared/users/types';
import { USERS_PATH } from '../../../../lib/shared/users/account';
import { actionCall, type ActionCall } from './model';

const send = <T>(call: ActionCall) => api<T>(call.path, { method: call.method, body: call.body });

/** GET /auth/users/ */
export const listUsers = () => api<User[]>(USERS_PATH);

/** GET /auth/users/stats/ (the dashboard reads it too). */
export const getUserStats = () => api<UserStats>(`${USERS_PATH}stats/`);

/** POST /auth/users/ */
export const createUser = (input: UserCreate) =>
  api<User>(USERS_PATH, { method: USER_ACTIONS.create.method, body: input });

/** PATCH /auth/users/{id}/ */
export const updateUser = (id: number, changes: UserUpdate) => send<User>(actionCall('update', id, { changes }));

/** DELETE /auth/users/{id}/ */
export const deleteUser = (id: number) => send<void>(actionCall('delete', id));

export type StateAction = 'suspend' | 'reactivate' | 'promote' | 'grant_web_access' | 'revoke_web_access';

/** POST /auth/users/{id}/{suspend_user|reactivate_user|promote_role|grant_web_access|revoke_web_access}/ */
export const changeUser = (action: StateAction, id: number, opts: { reason?: string; role?: Role } = {}) =>
  send<User>(actionCall(action, id, opts));

/** POST /auth/users/{id}/2fa/reset/: every second factor removed, every session ended, the person emailed. */
export const resetTwoFactor = (id: number) => api<void>(`${USERS_PATH}${id}/2fa/reset/`, { method: 'POST' });
