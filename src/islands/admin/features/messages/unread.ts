// The sidebar's unread-messages count, shared with the inbox so a change there shows at once. It is asked again
// when staff move between screens (a cheap count), so a message that arrived meanwhile appears.
import { atom } from 'nanostores';
import { unreadCount } from './api';

export const $unreadMessages = atom<number | null>(null);

export async function refreshUnread(): Promise<void> {
  try {
    $unreadMessages.set((await unreadCount()).unread);
  } catch {
    // The badge is a hint: on failure it keeps what it showed.
  }
}
