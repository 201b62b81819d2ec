// Business constants of docs/PRODUCT.md (Constants): the one place each number or key is written.

/** Prefix of every browser storage key (the product's short name, as a slug). */
export const STORAGE_PREFIX = 'gracechapel';
export const ACCESS_TOKEN_KEY = `${STORAGE_PREFIX}_access_token`;
export const REFRESH_TOKEN_KEY = `${STORAGE_PREFIX}_refresh_token`;
export const THEME_PREFERENCE_KEY = `${STORAGE_PREFIX}_theme_preference`;
export const DARK_MODE_KEY = 'isDarkMode';
/** The portal's sidebar collapsed on a wide screen ('true'), kept from one page load to the next. */
export const SIDEBAR_COLLAPSED_KEY = `${STORAGE_PREFIX}_sidebar_collapsed`;

export const API_PREFIX = '/api/v1';
export const API_TIMEOUT_MS = 10_000;
export const PLATFORM_HEADER = 'X-Platform';
export const PLATFORM = 'web';

export const ACCESS_TOKEN_LIFETIME_MINUTES = 60;
export const REFRESH_TOKEN_LIFETIME_MINUTES = 10_080;

export const MAX_FILE_SIZE_BYTES = 10_485_760;
/** Sermon audio (MP3/M4A) may be this large: checked in the portal before sending and by the API. */
export const MAX_AUDIO_SIZE_BYTES = 200 * 1024 * 1024;

export const DEV_ORIGIN = 'http://localhost:3000';

/** Login lockout (docs/API.md): 5 failures in 15 minutes lock the username for 15 minutes. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const LOGIN_LOCK_MS = 15 * 60_000;
export const PASSWORD_RESET_TTL_MS = 60 * 60_000;
export const MIN_INITIAL_PASSWORD_LENGTH = 8;

export const FORGOT_PASSWORD_DELAY_MS = 2_000;
export const COUNTER_ANIMATION_MS = 1_500;
export const COUNTER_ANIMATION_STEPS = 60;

export const ANALYTICS_RANGES = [
  { value: '7d', label: 'Last 7 Days' },
  { value: '30d', label: 'Last 30 Days' },
  { value: '90d', label: 'Last 90 Days' },
  { value: '1y', label: 'Last Year' },
] as const;
export const DEFAULT_ANALYTICS_RANGE = '30d';

/** Lists show at most this many tags, then '+N more'. */
export const MAX_LIST_TAGS = 3;

/** Users screen fallbacks when the stats call gives nothing. */
export const NEW_THIS_MONTH_FALLBACK = 12;
export const NEW_THIS_MONTH_GROWTH_FALLBACK_RATIO = 0.12;

export const DEFAULT_NOTIFICATIONS = {
  email_notifications: true,
  sms_notifications: false,
  push_notifications: true,
  event_reminders: true,
  prayer_request_notifications: true,
} as const;

export const DEFAULT_COUNTRY_CODE = 'GH';

/** The cookie of a member's session on /my (the member door, src/server/kernel/doors.ts). */
export const MEMBER_COOKIE = 'gc_member';
/** The cookie of a paired check-in station (the station door, src/server/kernel/doors.ts). */
export const STATION_COOKIE = 'gc_station';
