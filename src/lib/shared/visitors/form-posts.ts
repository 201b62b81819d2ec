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

/** What /events says after a registration, by its status (the plain post's landing and the island alike). */
export const REGISTRATION_THANKS = {
  confirmed: 'Thank you! Your registration is confirmed. We have emailed you the details and a link to cancel.',
  waitlisted: 'Thank you! The event is full for now, so you are on the waitlist. We will email you if a place opens.',
} as const;

/** The bots' trap every public form carries (hidden from people); the API ignores a submission that fills it. */
export const HONEYPOT_FIELD = 'website';

export const backTo = (page: string, fragment: string) => `${page}#${fragment}`;

/** A password-reset request posted without JavaScript: the same neutral answer, on the request page. */
export const RESET_REQUESTED = { page: '/forgot-password', fragment: 'reset-requested' } as const;
