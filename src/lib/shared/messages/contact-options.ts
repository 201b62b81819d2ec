// Choices of the public contact form (docs/PRODUCT.md (Data)) with their labels. Kept apart from schemas.ts
// so the browser bundle does not load zod just to list options; a unit test checks that these values
// are exactly the schema's enums.
export const PREFERRED_CONTACT_OPTIONS = [
  { value: 'email', label: 'Email' },
  { value: 'phone', label: 'Phone' },
  { value: 'either', label: 'Either' },
] as const;

export const INQUIRY_TYPE_OPTIONS = [
  { value: 'general', label: 'General Inquiry' },
  { value: 'services', label: 'Worship Services' },
  { value: 'prayer', label: 'Prayer Request' },
  { value: 'support', label: 'Support' },
  { value: 'volunteer', label: 'Volunteer' },
  { value: 'other', label: 'Other' },
] as const;

export const SERVICE_OPTIONS = [
  { value: 'worship', label: 'Worship' },
  { value: 'bible-study', label: 'Bible Study' },
  { value: 'youth', label: 'Youth Ministry' },
  { value: 'children', label: "Children's Ministry" },
  { value: 'community', label: 'Community Outreach' },
  { value: 'music', label: 'Music Ministry' },
] as const;

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
