// The prayers screen's calls (docs/API.md (Prayers)), one function an endpoint, and the staff a request may be
// assigned to (the users list, narrowed to those who may sign in to the portal).
import { api } from '../../../../lib/client/api-client';
import { canAccessWeb } from '../../../../lib/shared/permissions';
import type { PrayerAnswer, PrayerChange, PrayerNote } from '../../../../lib/shared/prayers/api';
import { USERS_PATH } from '../../../../lib/shared/users/account';
import type { User } from '../../../../lib/shared/users/types';

export const PRAYERS_PATH = '/prayers/';
const one = (id: number) => `${PRAYERS_PATH}${id}/`;

/** GET /prayers/ */
export const listPrayers = () => api<PrayerAnswer[]>(PRAYERS_PATH);

/** PATCH /prayers/{id}/ (Approve for the wall, Manage Prayer) */
export const updatePrayer = (id: number, changes: PrayerChange) =>
  api<PrayerAnswer>(one(id), { method: 'PATCH', body: changes });

/** POST /prayers/{id}/updates/ */
export const addPrayerUpdate = (id: number, note: PrayerNote) =>
  api<PrayerAnswer>(`${one(id)}updates/`, { method: 'POST', body: note });

/** POST /prayers/{id}/support/ */
export const supportPrayer = (id: number) => api<PrayerAnswer>(`${one(id)}support/`, { method: 'POST' });

/** DELETE /prayers/{id}/ */
export const deletePrayer = (id: number) => api<void>(one(id), { method: 'DELETE' });

/** Staff a request may be assigned to: PASTOR and above who may use the portal (GET /auth/users/). */
export const listStaff = async (): Promise<User[]> =>
  (await api<User[]>(USERS_PATH)).filter((u) =>
    canAccessWeb({
      role: u.role,
      can_access_web: u.can_access_web,
      is_active: u.is_active,
      is_suspended: u.is_suspended,
    }),
  );
