// Where a public form's HTML post (no JavaScript) lands after the API accepts it: back on its page, at a
// fragment whose element the page shows only when targeted (CSS :target), so static pages can say thank you
// without a script. The API's 303 answers and the pages' elements both use these, so they cannot drift.
export const CONTACT_SENT = { page: '/contact', fragment: 'message-sent' } as const;
export const PRAYER_SENT = { page: '/prayers', fragment: 'request-sent' } as const;
/** "I prayed" on the wall goes back to that request's card. */
export const prayerCardFragment = (id: number | string) => `prayer-${id}`;
/** A registration's answer names its status: confirmed or waitlisted. */
export const registrationFragment = (status: 'confirmed' | 'waitlisted') => `registration-${status}`;
export const REGISTRATION_CANCELLED_FRAGMENT = 'registration-cancelled';

/** The bots' trap every public form carries (hidden from people); the API ignores a submission that fills it. */
export const HONEYPOT_FIELD = 'website';

export const backTo = (page: string, fragment: string) => `${page}#${fragment}`;

/** A password-reset request posted without JavaScript: the same neutral answer, on the request page. */
export const RESET_REQUESTED = { page: '/forgot-password', fragment: 'reset-requested' } as const;
