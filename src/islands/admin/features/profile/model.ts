// The profile screen's pure logic: the avatar checks made before an upload (images only, 10 MB) and the five
// notification flags with their labels and defaults (docs/PRODUCT.md (Pages and screens, Constants)).
import { DEFAULT_NOTIFICATIONS, MAX_FILE_SIZE_BYTES } from '../../../../lib/shared/constants';
import type { NotificationFlags } from '../../../../lib/shared/users/types';

export const AVATAR_NOT_IMAGE = 'Please choose an image file (JPG, PNG, GIF or WebP).';
export const AVATAR_TOO_LARGE = 'The image is larger than 10 MB. Please choose a smaller one.';
export const AVATAR_FAILED = 'Failed to upload the profile picture. Please try again.';

/** Why a chosen file cannot be an avatar, or null when it may be sent. */
export function avatarProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!file.type.startsWith('image/')) return AVATAR_NOT_IMAGE;
  if (file.size > MAX_FILE_SIZE_BYTES) return AVATAR_TOO_LARGE;
  return null;
}

export const NOTIFICATION_LABELS: Record<keyof NotificationFlags, { label: string; hint: string }> = {
  email_notifications: { label: 'Email Notifications', hint: 'Updates and announcements by email' },
  sms_notifications: { label: 'SMS Notifications', hint: 'Text messages for urgent updates' },
  push_notifications: { label: 'Push Notifications', hint: 'Alerts in your browser' },
  event_reminders: { label: 'Event Reminders', hint: 'Reminders before events you follow' },
  prayer_request_notifications: { label: 'Prayer Request Notifications', hint: 'New and updated prayer requests' },
};

/**
 * Flags the spec lists (docs/PRODUCT.md (Profile): five switches, a dot for push) with nothing behind them yet: the
 * portal sends no push notifications. Shown off and inert as "Coming soon" rather than a switch that does nothing
 * (issue 28); the stored flag is kept as it is.
 */
export const COMING_SOON_FLAGS: ReadonlySet<keyof NotificationFlags> = new Set(['push_notifications']);

export function notificationFlags(user: Partial<NotificationFlags>): NotificationFlags {
  const flags = { ...DEFAULT_NOTIFICATIONS } as NotificationFlags;
  for (const key of Object.keys(flags) as Array<keyof NotificationFlags>) {
    if (typeof user[key] === 'boolean') flags[key] = user[key];
  }
  return flags;
}

/** The recovery codes as the downloaded text file has them: one a line, with what they are for. */
export function recoveryCodesFile(codes: string[], username: string, church: string): string {
  return [
    `${church}: recovery codes for ${username}`,
    'Each code signs you in once when you cannot use your authenticator app. Keep them somewhere safe.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/** An SVG (the QR code) as an image address, so it shows as an <img> with alt text. */
export const svgImageSource = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
