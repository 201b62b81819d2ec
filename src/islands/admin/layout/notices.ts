// What awaits a staff member (GET /dashboard/notifications/): one store for the top bar's bell and the
// dashboard's Notifications button, asked again when staff move between screens, like the unread count. The badge
// is what is new to this person; the list they open is marked seen (POST /dashboard/notifications/seen/).
import { atom } from 'nanostores';
import { api, apiErrorInfo } from '../../../lib/client/api-client';
import type { Notices, NoticesSeen } from '../../../lib/shared/dashboard/api';

export type NoticesState =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; notices: Notices };

export const $notices = atom<NoticesState>({ status: 'loading' });

/** The list being asked for: the two menus of a screen share it (each asks as it opens), and a mark waits for it. */
let asking: Promise<void> | undefined;

export function refreshNotices(): Promise<void> {
  asking ??= load().finally(() => (asking = undefined));
  return asking;
}

async function load(): Promise<void> {
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

/**
 * The list made at `asOf` has been shown: the server records it, and that list's badge goes to 0 while its lines
 * stay in view. The mark is the list's time, not now, so what arrived since still counts next time.
 */
export async function markNoticesSeen(asOf: string): Promise<void> {
  // A list asked before the mark (opening the list asks for a fresh one while it shows the last) must be made
  // before the server records it: made after, it would come back without the registrations being read, and they
  // would vanish from the open list. So the mark waits for it; if it replaced the list shown, that newer list is
  // the one the open list marks (NotificationsMenu), and this mark is not sent.
  while (asking) await asking;
  const shown = $notices.get();
  if (shown.status !== 'ready' || shown.notices.asOf !== asOf) return;
  try {
    await api('/dashboard/notifications/seen/', { method: 'POST', body: { asOf } satisfies NoticesSeen });
  } catch {
    // The badge stays as it was; opening the list again marks it.
    return;
  }
  const state = $notices.get();
  // A newer list asked meanwhile counts what came after asOf: its badge stands.
  if (state.status === 'ready' && state.notices.asOf === asOf)
    $notices.set({ status: 'ready', notices: { ...state.notices, total: 0 } });
}
