// What awaits a staff member (GET /dashboard/notifications/): one store for the top bar's bell and the
// dashboard's Notifications button, asked again when staff move between screens, like the unread count. The badge
// is what is new to this person; the list they open is marked seen (POST /dashboard/notifications/seen/).
import { atom } from 'nanostores';
import { api, apiErrorInfo } from '../../../lib/client/api-client';
import type { Notices, NoticesSeen } from '../../../lib/shared/dashboard/api';

export type NoticesState =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; notices: Notices };

export const $notices = atom<NoticesState>({ status: 'loading' });

/** Marks sent so far: a list asked before the latest mark is not put in place of the one shown. */
let marks = 0;

export async function refreshNotices(): Promise<void> {
  const marksBefore = marks;
  try {
    const notices = await api<Notices>('/dashboard/notifications/');
    // A list asked before a mark (opening the list asks for one while showing the last) may have been made after
    // the server recorded it, without the registrations the open list is showing: they would vanish as they are
    // read. The list shown stays; the next one (another screen, the list opened again) has what came since.
    if (marks !== marksBefore && $notices.get().status === 'ready') return;
    $notices.set({ status: 'ready', notices });
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
  marks += 1;
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
