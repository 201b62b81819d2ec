// Dashboard logic: the counter animation's steps (docs/PRODUCT.md (States): 0 to target over 1.5 s in 60 steps),
// the six cards and their trend lines, the activity feed's mapping, and what Send Notifications counts.
import { smsLength, type SmsLength } from '../../../../lib/shared/sms/segments';
import type { OutboxChannel } from '../../../../lib/shared/outbox/api';
import { COUNTER_ANIMATION_MS, COUNTER_ANIMATION_STEPS } from '../../../../lib/shared/constants';
import { ACTIVITY_TYPES, type ActivityType } from '../../../../lib/shared/dashboard/activity';
import type { ActivityItem } from '../../../../lib/shared/dashboard/activity-schema';
import type { FigureKey } from '../../../../lib/shared/dashboard/api';
import { percentChange } from '../../../../lib/shared/analytics/periods';

/** Milliseconds between two counter steps (25 ms for 1.5 s in 60 steps). */
export const COUNTER_STEP_MS = COUNTER_ANIMATION_MS / COUNTER_ANIMATION_STEPS;

/** The value a counter shows after `step` of `steps` steps: whole numbers rising to exactly the target. */
export function counterValue(target: number, step: number, steps = COUNTER_ANIMATION_STEPS): number {
  if (!Number.isFinite(target) || target <= 0) return Math.max(0, Number.isFinite(target) ? target : 0);
  if (step >= steps) return target;
  if (step <= 0) return 0;
  return Math.floor((target * step) / steps);
}

/** Every value of the animation, step 0 to the last: handy for tests and for reasoning about it. */
export function counterFrames(target: number, steps = COUNTER_ANIMATION_STEPS): number[] {
  return Array.from({ length: steps + 1 }, (_, step) => counterValue(target, step, steps));
}

/** The six cards: label, the figure's key, and the word for what the months count. */
export const FIGURE_CARDS: readonly { label: string; key: FigureKey; counted: string }[] = [
  { label: 'Total Users', key: 'totalUsers', counted: 'joined' },
  { label: 'Active Users', key: 'activeUsers', counted: 'signed in' },
  { label: 'Total Sermons', key: 'totalSermons', counted: 'added' },
  { label: 'Total Prayers', key: 'totalPrayers', counted: 'received' },
  { label: 'Upcoming Events', key: 'upcomingEvents', counted: 'starting' },
  { label: 'Pending Requests', key: 'pendingRequests', counted: 'still waiting' },
];

/**
 * A card's trend line: this month against last month, e.g. "5 joined this month, +25% from last month". No
 * percentage when last month had none (a rise from nothing has none).
 */
export function trendHint(figure: { thisMonth: number; lastMonth: number }, counted: string): string {
  const { thisMonth, lastMonth } = figure;
  if (thisMonth === 0 && lastMonth === 0) return `None ${counted} this month or last`;
  const now = `${thisMonth.toLocaleString('en-US')} ${counted} this month`;
  const change = percentChange(thisMonth, lastMonth);
  if (change === null) return `${now}, none last month`;
  return `${now}, ${change > 0 ? '+' : ''}${change}% from last month`;
}

/**
 * The activity call's answer as activity items, tolerating an array or a paginated {results} object and
 * dropping malformed entries. Returns null when the answer is not usable at all.
 */
export function toActivityItems(answer: unknown): ActivityItem[] | null {
  const list = Array.isArray(answer)
    ? answer
    : answer && typeof answer === 'object' && Array.isArray((answer as { results?: unknown }).results)
      ? (answer as { results: unknown[] }).results
      : null;
  if (!list) return null;
  const items: ActivityItem[] = [];
  for (const raw of list) {
    if (!raw || typeof raw !== 'object') continue;
    const r = raw as Record<string, unknown>;
    const timestamp = typeof r.timestamp === 'string' ? r.timestamp : '';
    if (typeof r.action !== 'string' || !timestamp || Number.isNaN(Date.parse(timestamp))) continue;
    const type = ACTIVITY_TYPES.includes(r.type as ActivityType) ? (r.type as ActivityType) : 'user';
    items.push({
      // An entry without a numeric id still needs a key: a negative one no audit entry has.
      id: typeof r.id === 'number' ? r.id : -1 - items.length,
      type,
      action: r.action,
      user: typeof r.user === 'string' && r.user ? r.user : 'Someone',
      timestamp,
      reason: typeof r.reason === 'string' ? r.reason : null,
    });
  }
  return items;
}

/** "just now", "5 minutes ago", "3 hours ago", "2 days ago", then the en-US date. */
export function timeAgo(timestamp: string, now: Date = new Date()): string {
  const then = Date.parse(timestamp);
  if (Number.isNaN(then)) return '';
  const seconds = Math.max(0, Math.round((now.getTime() - then) / 1000));
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return plural(hours, 'hour');
  const days = Math.floor(hours / 24);
  if (days < 7) return plural(days, 'day');
  return new Date(then).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** "1 member", "1,250 members". */
export const membersText = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'member' : 'members'}`;

export interface SmsCost extends SmsLength {
  /** The messages the send makes: members × segments. */
  total: number;
  /** "161 characters, 2 SMS per member (GSM-7)" */
  perMember: string;
  /** "10 SMS in all (5 members × 2)" */
  inAll: string;
}

/**
 * What a broadcast's SMS costs (docs/PRODUCT.md, Send Notifications): the text's length in its encoding and the
 * parts each member gets (smsLength: GSM-7 160 or 153 a part, else UCS-2 70 or 67), and the messages in all.
 * `text` is the SMS exactly as sent (broadcastSmsText).
 */
export function smsCost(text: string, members: number): SmsCost {
  const length = smsLength(text);
  const total = length.segments * members;
  return {
    ...length,
    total,
    perMember: `${length.units.toLocaleString('en-US')} characters, ${length.segments} SMS per member (${length.encoding})`,
    inAll: `${total.toLocaleString('en-US')} SMS in all (${membersText(members)} × ${length.segments})`,
  };
}

/** The channels Send Notifications offers, email first (and chosen by default, as the API's default). */
export const CHANNEL_CHOICES: readonly { value: OutboxChannel; label: string }[] = [
  { value: 'email', label: 'Email' },
  { value: 'sms', label: 'SMS' },
];

/**
 * The toast after a send: who was reached, and with SMS chosen, how many emails and SMS were queued ("Sent to 6
 * members: 4 emails, 5 SMS"); a repeated request key says it had already gone.
 */
export function sentText(
  result: { recipients: number; repeated: boolean; channels: { email: number; sms: number } },
  channels: readonly OutboxChannel[],
): string {
  const head = `${result.repeated ? 'Already sent' : 'Sent'} to ${membersText(result.recipients)}`;
  if (!channels.includes('sms')) return head;
  const { email, sms } = result.channels;
  const emails = `${email.toLocaleString('en-US')} ${email === 1 ? 'email' : 'emails'}`;
  return `${head}: ${channels.includes('email') ? `${emails}, ` : ''}${sms.toLocaleString('en-US')} SMS`;
}
