// The inbox's rules: which box a message is in (Inbox holds what is not archived), and the search over who wrote
// and what.
import { matchesSearch } from '../../../../lib/shared/filters';
import type { ContactMessage } from '../../../../lib/shared/messages/api';
import { phoneSearchText } from '../../../../lib/shared/phone';

export const BOXES = [
  { value: 'inbox', label: 'Inbox' },
  { value: 'unread', label: 'Unread' },
  { value: 'archived', label: 'Archived' },
] as const;
export type Box = (typeof BOXES)[number]['value'];

export interface MessageFilters {
  search: string;
  box: Box;
}
export const EMPTY_MESSAGE_FILTERS: MessageFilters = { search: '', box: 'inbox' };

export function inBox(message: ContactMessage, box: Box): boolean {
  if (box === 'archived') return message.archived;
  return !message.archived && (box === 'inbox' || !message.read);
}

export function filterMessages(messages: readonly ContactMessage[], filters: MessageFilters): ContactMessage[] {
  return messages.filter(
    (m) =>
      inBox(m, filters.box) &&
      matchesSearch(filters.search, [m.name, m.email, phoneSearchText(m.phone), m.subject, m.message]),
  );
}

/**
 * What an empty box says when no search narrows it: nothing has arrived yet, or this box holds nothing. (A search
 * that matches nothing is the list's "No messages found" with Clear Filters instead.)
 */
export function emptyBoxTitle(box: Box, total: number): string {
  if (total === 0) return 'No messages yet';
  return box === 'inbox' ? 'No messages in the inbox' : `No ${box} messages`;
}

/** The reply's mailto: link, answering the visitor's subject. */
export function replyHref(message: ContactMessage): string {
  const subject = /^re:/i.test(message.subject) ? message.subject : `Re: ${message.subject}`;
  return `mailto:${encodeURIComponent(message.email)}?subject=${encodeURIComponent(subject)}`;
}
