// What awaits a staff member (GET /dashboard/notifications/): one store for the top bar's bell and the
// dashboard's Notifications button, asked again when staff move between screens, like the unread count.
import { atom } from 'nanostores';
import { api, apiErrorInfo } from '../../../lib/client/api-client';
import type { Notices } from '../../../lib/shared/dashboard/api';

export type NoticesState =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; notices: Notices };

export const $notices = atom<NoticesState>({ status: 'loading' });

export async function refreshNotices(): Promise<void> {
  try {
    $notices.set({ status: 'ready', notices: await api<Notices>('/dashboard/notifications/') });
  } catch (error) {
    // A list already shown stays; a first failure says why.
    if ($notices.get().status !== 'ready') {
      const info = apiErrorInfo(error);
      $notices.set({ status: 'error', message: `Failed to load notifications. ${info.detail ?? info.message}` });
    }
  }
}
