// Choices of the public contact form (docs/PRODUCT.md (Data)) with their labels. Kept apart from schemas.ts
// so the browser bundle does not load zod just to list options; a unit test checks that these values
// are exactly the schema's enums.
/** A choice list from its labels by value, in the order written. */
const choices = <V extends string>(labels: Record<V, string>) =>
  Object.entries<string>(labels).map(([value, label]) => ({ value: value as V, label }));

export const PREFERRED_CONTACT_OPTIONS = choices({ email: 'Email', phone: 'Phone', either: 'Either' });

export const INQUIRY_TYPE_OPTIONS = choices({
  general: 'General Inquiry',
  services: 'Worship Services',
  prayer: 'Prayer Request',
  support: 'Support',
  volunteer: 'Volunteer',
  other: 'Other',
});

export const SERVICE_OPTIONS = choices({
  worship: 'Worship',
  'bible-study': 'Bible Study',
  youth: 'Youth Ministry',
  children: "Children's Ministry",
  community: 'Community Outreach',
  music: 'Music Ministry',
});

/** A value's label, or the value itself when the list has none (an older message's). */
const labelOf = (options: readonly { value: string; label: string }[], value: string) =>
  options.find((o) => o.value === value)?.label ?? value;
export const inquiryLabel = (value: string) => labelOf(INQUIRY_TYPE_OPTIONS, value);
export const preferredContactLabel = (value: string) => labelOf(PREFERRED_CONTACT_OPTIONS, value);
/** An area of interest as the form showed it ("Youth Ministry", not "youth"). */
export const serviceLabel = (value: string) => labelOf(SERVICE_OPTIONS, value);

/** At most this many interests may be ticked (shows the '(n/max selected)' counter). */
export const MAX_SERVICES = 3;
export const MESSAGE_MAX = 1000;
export const CONTACT_SUCCESS = "Thank you for your message! We'll get back to you soon.";

/** Reads ?inquiry= and ?subject= (links from /prayers and /events preselect the form); bad values are ignored. */
export function prefillFromQuery(search: string): { inquiryType?: string; subject?: string } {
  const params = new URLSearchParams(search);
  const inquiry = params.get('inquiry');
  const subject = params.get('subject')?.trim().slice(0, 200);
  return {
    ...(inquiry && INQUIRY_TYPE_OPTIONS.some((o) => o.value === inquiry) && { inquiryType: inquiry }),
    ...(subject && { subject }),
  };
}

/** docs/PRODUCT.md (Errors): a 429 from POST /contact/, with the wait its Retry-After gives (seconds). */
export function rateLimitedMessage(retryAfterSeconds: number | null): string {
  if (!retryAfterSeconds) return 'You have sent several messages in a short time. Please try again later.';
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `You have sent several messages in a short time. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
