// The outbox screen's rules: the filters as the API's query, the labels of channels and statuses, and what the
// screen says of a message.
import type { BadgeVariant } from '../../../ui';
import type { OutboxChannel, OutboxItem, OutboxQuery, OutboxStatus } from '../../../../lib/shared/outbox/api';

export interface OutboxFilters {
  search: string;
  status: OutboxStatus | '';
  channel: OutboxChannel | '';
}
export const EMPTY_OUTBOX_FILTERS: OutboxFilters = { search: '', status: '', channel: '' };

export const STATUS_LABELS: Record<OutboxStatus, { label: string; variant: BadgeVariant }> = {
  queued: { label: 'Queued', variant: 'info' },
  sent: { label: 'Sent', variant: 'success' },
  // Told apart from Sent: nobody received it (the badge names the channel's missing set-up, statusLabel below).
  logged: { label: 'Logged (not configured)', variant: 'warning' },
  failed: { label: 'Failed', variant: 'error' },
};
/** A logged message's badge, by its channel (docs/PRODUCT.md (Outbox)). */
export const LOGGED_LABELS: Record<OutboxChannel, string> = {
  email: 'Logged (mail not configured)',
  sms: 'Logged (SMS not configured)',
};

/** A message's status as its badge says it: a logged one names what is not configured for its channel. */
export const statusLabel = (item: Pick<OutboxItem, 'status' | 'channel'>) =>
  item.status === 'logged' ? LOGGED_LABELS[item.channel] : STATUS_LABELS[item.status].label;

export const CHANNEL_LABELS: Record<OutboxChannel, string> = { email: 'Email', sms: 'SMS' };

export const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  ...Object.entries(STATUS_LABELS).map(([value, { label }]) => ({ value, label })),
];
export const CHANNEL_OPTIONS = [
  { value: '', label: 'All channels' },
  ...Object.entries(CHANNEL_LABELS).map(([value, label]) => ({ value, label })),
];

/** The filters as GET /outbox/ takes them: a filter left at "All" or a blank search is not sent. */
export function outboxQueryOf(filters: OutboxFilters): OutboxQuery {
  const query: OutboxQuery = {};
  if (filters.status) query.status = filters.status;
  if (filters.channel) query.channel = filters.channel;
  const q = filters.search.trim();
  if (q) query.q = q;
  return query;
}

export const isFiltered = (filters: OutboxFilters) => Object.keys(outboxQueryOf(filters)).length > 0;

/** "the email to ama@example.org" or "the SMS to 233241234567": how a toast and a button name one message. */
export const messageName = (item: Pick<OutboxItem, 'channel' | 'to'>) =>
  `the ${item.channel === 'sms' ? 'SMS' : 'email'} to ${item.to}`;
