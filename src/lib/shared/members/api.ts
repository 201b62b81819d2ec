// The members' own door (/my) as the API takes and answers it (docs/API.md, Members' own door): the server's
// route contracts (src/server/members/routes.ts) declare these schemas, and the /my pages read the same types
// through Astro.locals.member (src/env.d.ts). A member signs in with a one-time code and then holds a cookie
// session; the cookie opens only /members/me/… and /members/directory/, never a bearer route.
//
// How the /my pages post (no JavaScript needed). Every state-changing call takes JSON or an HTML form post. A form
// post that succeeds is answered 303 to the page below with `?done=<flag>` (MY_DONE says what to show); a wrong
// code goes back with `?error=code`, too many codes with `?error=limit`; any other refusal of a form post (a field
// out of its rules) is the public forms' refusal page (src/server/kernel/form-posts.ts: the Back button returns
// to the form). A form post without a live session goes to `/my?error=signed-out`. HTML forms cannot PATCH, so each
// PATCH has a POST twin on the same path with the same body (MEMBER_FORMS lists where each form posts).
//
//   form (fields)                                       posts to                                 303 on success
//   sign in: email, or phone when SMS is configured     /api/v1/members/code/                    /my/code?email=… (or ?phone=…)
//   code: email (or phone) as hidden, code              /api/v1/members/session/                 /my   (wrong: /my/code?email=…&error=code)
//     both take an optional hidden `next`, a /my page to come back to (the check-in link): /my/code keeps it, the
//     session's 303 goes there instead of /my (returnPath: anything but a /my page is ignored)
//   sign out                                            /api/v1/members/session/end/             /my?done=signed-out
//   details: first_name, last_name, phone_number,       /api/v1/members/me/                      /my/details?done=saved
//            address, date_of_birth
//   consent: checkboxes email_notifications,            /api/v1/members/me/consent/              /my/consent?done=saved
//            sms_notifications, directory_listed, directory_show_phone, directory_show_address (unticked = off)
//   new email: email                                    /api/v1/members/me/email/                /my/details?done=email-code-sent
//   confirm new email: code                             /api/v1/members/me/email/confirm/        /my/details?done=email-changed (wrong: ?error=code)
//   sign out everywhere else (no fields)                /api/v1/members/me/sessions/others/end/  /my/details?done=sessions-ended
//   check in: serviceId, code (the QR code's link)      /api/v1/members/me/checkin/              /my/checkin?done=checked-in (or already-in; wrong: ?service=…&code=…&error=code)
//   headcount (PASTOR and above): serviceId, date,      /api/v1/members/me/headcount/            /my/headcount?service=…&date=…&done=headcount-saved
//            men, women, children, firstTimers                                                    (or headcount-replaced)
//   household: name, address                            /api/v1/members/me/household/            /my/household?done=saved
//   add a person: name, relationship, date_of_birth     /api/v1/members/me/household/people/     /my/household?done=person-added
//   change a person: name, relationship, date_of_birth  /api/v1/members/me/household/people/{id}/ /my/household?done=person-saved
//   a child account's allergies: allergies              /api/v1/members/me/household/members/{id}/ /my/household?done=person-saved
//   join a ministry: message (optional)                 /api/v1/members/me/ministries/{id}/join/ /my/ministries?done=join-requested
//   cancel a registration (no fields)                   /api/v1/members/me/registrations/{id}/cancel/ /my/registrations?done=cancelled
//   ask to be removed: reason (optional)                /api/v1/members/me/removal-request/      /my/data?done=removal-requested
//   download my data: a link (GET)                      /api/v1/members/me/export/
//   remove a passkey (no fields)                        /api/v1/members/me/passkeys/{id}/delete/ /my/details?done=passkey-removed
//
// Passkeys are added and used by a script (src/islands/my/), which calls the JSON routes in MEMBER_PASSKEY_CALLS.
//
// Empty text fields mean "not set" (null), as in the staff portal's forms.
import { z } from 'zod';
import { userSchema } from '../api-schemas';
import { profileUpdateSchema, emailField } from '../schemas';
import {
  householdPersonCreateSchema,
  householdPersonUpdateSchema,
  childAccountUpdateSchema,
  householdSchema,
  optionalText,
  ownHouseholdUpdateSchema,
} from '../households/api';
import { memberMinistrySchema as ministryMemberOfSchema, type PublicMinistry } from '../ministries/api';
import { REGISTRATION_STATUSES } from '../live/api';
import { PRAYER_CATEGORIES, PRAYER_STATUSES } from '../visitors/rules';
import { EMAIL_PATTERN, messages } from '../messages';
import { API_PREFIX } from '../constants';
import { ATTENDANCE_TEXT } from '../attendance/rules';
import type { Service } from '../services/api';
import { passkeySchema, sessionSchema } from '../twofactor/api';
import { passkeyLoginSchema, passkeyRegisterSchema } from '../twofactor/passkeys';

// ---- Rules ----

export const MEMBER_CODE_LENGTH = 6;
/** A sign-in (or email-change) code works this long, and for this many tries. */
export const MEMBER_CODE_TTL_MINUTES = 10;
export const MEMBER_CODE_MAX_TRIES = 5;
/** The native form check of a code (the code page's `pattern`). */
export const MEMBER_CODE_PATTERN = '[0-9]{6}';
/** A member session ends after this many days without use (and on sign-out). */
export const MEMBER_SESSION_IDLE_DAYS = 30;

// ---- Texts (the API's details and the pages' notices) ----

export const MEMBER_TEXT = {
  codeSent:
    'If an account uses that address, a sign-in code is on its way. It works for 10 minutes. Check your messages.',
  emailOrPhone: 'Enter your email address or your phone number.',
  smsUnavailable: 'Codes by text message are not available. Please use your email address.',
  codeFormat: 'Enter the 6-digit code we sent you.',
  codeWrong: 'That code is not right, or it has expired or been used. Check it, or ask for a new code.',
  codeLimit: 'Too many codes asked for. Please wait a few minutes and try again.',
  signedOut: 'Please sign in to your member pages.',
  crossSite: 'This form must be sent from the church’s own website.',
  emailSame: 'That is already your email address.',
  emailCodeSent: 'A code is on its way to your new email address. Enter it to confirm the change.',
  noEmailChange: 'There is no email change waiting. Enter your new address first.',
  personNotFound: 'Person not found.',
  ministryNotFound: 'Ministry not found.',
  registrationNotFound: 'Registration not found.',
  removalNotFound: 'Removal request not found.',
  removalOpen: 'You have already asked to be removed; the church office will be in touch.',
  phoneNeededForSms: 'Add a phone number to receive SMS.',
  passkeyRefused: 'That passkey could not sign you in. Please try again, or ask for a code.',
  staffContact:
    'This is a staff account: its email address and phone number can only be changed in the staff portal, by you or an administrator.',
} as const;

/** What a /my page says after a form post came back with `?done=<flag>`. */
export const MY_DONE = {
  saved: 'Your changes are saved.',
  'signed-out': 'You are signed out.',
  'email-code-sent': MEMBER_TEXT.emailCodeSent,
  'email-changed': 'Your email address is changed.',
  'person-added': 'The person is added to your household.',
  'person-saved': 'The person’s details are saved.',
  'join-requested': 'Your request to join is sent. The ministry’s leader will be in touch.',
  cancelled: 'Your registration is cancelled.',
  'removal-requested': 'Your request is sent. The church office will act on it and let you know.',
  'passkey-added': 'Your passkey is added. Next time, sign in with it.',
  'passkey-removed': 'The passkey is removed.',
  'sessions-ended': 'You are signed out everywhere else.',
  'checked-in': 'You are checked in. Welcome!',
  'already-in': 'You were already checked in today. Welcome!',
  'headcount-saved': ATTENDANCE_TEXT.saved,
  'headcount-replaced': ATTENDANCE_TEXT.replaced,
} as const;
export type MyDone = keyof typeof MY_DONE;

/** What a /my page says after `?error=<flag>`. */
export const MY_ERROR = {
  code: MEMBER_TEXT.codeWrong,
  limit: MEMBER_TEXT.codeLimit,
  'signed-out': MEMBER_TEXT.signedOut,
} as const;
export type MyError = keyof typeof MY_ERROR;

/** The /my pages the API sends a form post back to. */
export const MY_PAGES = {
  home: '/my',
  code: '/my/code',
  details: '/my/details',
  household: '/my/household',
  ministries: '/my/ministries',
  registrations: '/my/registrations',
  consent: '/my/consent',
  data: '/my/data',
  checkin: '/my/checkin',
  headcount: '/my/headcount',
} as const;

/** An API path under the API's one prefix (constants.ts), where the /my forms post and the passkey script calls. */
const api = (path: string) => `${API_PREFIX}${path}`;

/** Where each /my form posts ({id} filled in by the page). */
export const MEMBER_FORMS = {
  code: api('/members/code/'),
  session: api('/members/session/'),
  signOut: api('/members/session/end/'),
  details: api('/members/me/'),
  consent: api('/members/me/consent/'),
  email: api('/members/me/email/'),
  emailConfirm: api('/members/me/email/confirm/'),
  endOtherSessions: api('/members/me/sessions/others/end/'),
  household: api('/members/me/household/'),
  addPerson: api('/members/me/household/people/'),
  person: (id: number) => api(`/members/me/household/people/${id}/`),
  child: (userId: number) => api(`/members/me/household/members/${userId}/`),
  join: (ministryId: number) => api(`/members/me/ministries/${ministryId}/join/`),
  cancel: (registrationId: number) => api(`/members/me/registrations/${registrationId}/cancel/`),
  removal: api('/members/me/removal-request/'),
  export: api('/members/me/export/'),
  removePasskey: (passkeyId: number) => api(`/members/me/passkeys/${passkeyId}/delete/`),
  checkin: api('/members/me/checkin/'),
  headcount: api('/members/me/headcount/'),
} as const;

/** The JSON calls of the passkey script (src/islands/my/): adding one (signed in) and signing in with one. */
export const MEMBER_PASSKEY_CALLS = {
  addOptions: api('/members/me/passkeys/options/'),
  add: api('/members/me/passkeys/'),
  signInOptions: api('/members/passkey/options/'),
  signIn: api('/members/passkey/'),
} as const;

// ---- What the API takes ----

/** An empty form field counts as not given. */
const notGiven = <S extends z.ZodType<string>>(inner: S) =>
  z
    .union([z.literal(''), inner])
    .optional()
    .transform((v) => (v === '' ? undefined : v));
const optionalEmail = notGiven(
  z.string().trim().max(254, messages.maxLength(254)).regex(EMAIL_PATTERN, messages.email),
);
const optionalPhone = notGiven(z.string().trim().min(1).max(32, messages.maxLength(32)));
const code = z
  .string({ error: MEMBER_TEXT.codeFormat })
  .trim()
  .regex(/^\d{6}$/, MEMBER_TEXT.codeFormat);

/**
 * Where a sign-in comes back to (`?next=` of /my, a hidden field of its forms): a /my page with its query, such as
 * the check-in link of the QR code. Anything else (another site, `//host`, a backslash) is no return path at all,
 * so the sign-in cannot be made to send anyone off the site.
 */
export function returnPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 300) return undefined;
  return /^\/my(?:\/[a-z-]+)*\/?(?:\?[^#\s\\]*)?$/.test(value) ? value : undefined;
}
const next = z.unknown().optional().transform(returnPath);

const onlyOne = (b: { email?: string; phone?: string }) => (b.email === undefined) !== (b.phone === undefined);
const ONLY_ONE = { message: MEMBER_TEXT.emailOrPhone, path: ['email'] };

/** POST /members/code/: where to send a sign-in code (exactly one of email and phone). */
export const memberCodeRequestSchema = z
  .strictObject({ email: optionalEmail, phone: optionalPhone, next })
  .refine(onlyOne, ONLY_ONE);
export type MemberCodeRequest = z.infer<typeof memberCodeRequestSchema>;

/** POST /members/session/: the address the code went to and the code. */
export const memberSessionRequestSchema = z
  .strictObject({ email: optionalEmail, phone: optionalPhone, code, next })
  .refine(onlyOne, ONLY_ONE);
export type MemberSessionRequest = z.infer<typeof memberSessionRequestSchema>;

const flag = z.boolean({ error: messages.pattern });

/** The consents a member gives or withdraws (each with the date it last changed: MemberProfile.consent_dates). */
export const memberConsentSchema = z.strictObject({
  email_notifications: flag,
  sms_notifications: flag,
  directory_listed: flag,
  /** Listed members may show their phone and address in the directory (off by default). */
  directory_show_phone: flag,
  directory_show_address: flag,
});
export type MemberConsent = z.infer<typeof memberConsentSchema>;
export const CONSENT_FLAGS = Object.keys(memberConsentSchema.shape) as (keyof MemberConsent)[];

/** PATCH /members/me/ (and its form twin POST): contact details and consent flags, each optional. */
export const memberUpdateSchema = profileUpdateSchema
  .pick({ first_name: true, last_name: true, phone_number: true, address: true, date_of_birth: true })
  .extend(memberConsentSchema.partial().shape);
export type MemberUpdate = z.infer<typeof memberUpdateSchema>;

/** POST /members/me/email/: the new address, which gets a code. */
export const memberEmailChangeSchema = z.strictObject({ email: emailField() });
/** POST /members/me/email/confirm/: the code sent to the new address. */
export const memberEmailConfirmSchema = z.strictObject({ code });

/** PATCH /members/me/household/: the household's name and address (the households feature's rule). */
export const memberHouseholdUpdateSchema = ownHouseholdUpdateSchema;
export type MemberHouseholdUpdate = z.infer<typeof memberHouseholdUpdateSchema>;

/** A child, a spouse or anyone else of the household without an account of their own. */
export const memberPersonSchema = householdPersonCreateSchema;
export type MemberPersonInput = z.infer<typeof memberPersonSchema>;
export const memberPersonUpdateSchema = householdPersonUpdateSchema;
export type MemberPersonUpdate = z.infer<typeof memberPersonUpdateSchema>;
/** A child account of the household (under 18): the allergies its household's members keep current. */
export const memberChildUpdateSchema = childAccountUpdateSchema;
export type MemberChildUpdate = z.infer<typeof memberChildUpdateSchema>;
/** Suggestions for the relationship field (a datalist: any other word is taken too). */
export const RELATIONSHIP_SUGGESTIONS = ['Child', 'Spouse', 'Parent', 'Sibling', 'Grandchild', 'Relative'] as const;

/** The longest free texts of the /my forms (the schemas below and the pages' maxlength). */
export const MEMBER_TEXT_MAX = { joinMessage: 500, removalReason: 1000 } as const;

/** POST /members/me/ministries/{id}/join/. */
export const memberJoinSchema = z.strictObject({ message: optionalText(MEMBER_TEXT_MAX.joinMessage) });

/** POST /members/me/removal-request/. */
export const memberRemovalSchema = z.strictObject({ reason: optionalText(MEMBER_TEXT_MAX.removalReason) });

/** POST /members/me/passkeys/: a name and the authenticator's answer (the staff portal's rule: one kind of passkey). */
export const memberPasskeyAddSchema = passkeyRegisterSchema;
/** POST /members/passkey/: the challenge_id of POST /members/passkey/options/ and the authenticator's answer. */
export const memberPasskeySignInSchema = passkeyLoginSchema.omit({ mfa_token: true });

// ---- What the API answers ----

const date = z.string().nullable();

/** The member's own profile: every User field, the directory choices and the date each consent last changed. */
export const memberProfileSchema = userSchema.extend({
  directory_listed: z.boolean(),
  directory_show_phone: z.boolean(),
  directory_show_address: z.boolean(),
  consent_dates: z.object({ email_notifications: date, sms_notifications: date, directory_listed: date }),
  /** A new email address waiting for its code (POST /members/me/email/), or null. */
  pending_email: z.string().nullable(),
});
export type MemberProfile = z.infer<typeof memberProfileSchema>;

/** The member's household as the households feature answers it (its people: accounts and people without one). */
export const memberHouseholdSchema = householdSchema;
export type MemberHousehold = z.infer<typeof memberHouseholdSchema>;

/** A ministry the member belongs to, with their role. */
export const memberMinistrySchema = ministryMemberOfSchema;
export type MemberMinistry = z.infer<typeof memberMinistrySchema>;

/** A registration made with the member's email address. */
export const memberRegistrationSchema = z.object({
  id: z.number().int(),
  event: z.object({
    id: z.string(),
    title: z.string(),
    startDate: z.string(),
    startTime: z.string(),
    location: z.string(),
  }),
  seats: z.number().int(),
  status: z.enum(REGISTRATION_STATUSES),
  createdAt: z.string(),
  /** Still confirmed or waitlisted, for an event that has not ended. */
  canCancel: z.boolean(),
});
export type MemberRegistration = z.infer<typeof memberRegistrationSchema>;

/** A prayer request made with the member's email address, with its public updates. */
export const memberPrayerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  category: z.enum(PRAYER_CATEGORIES),
  status: z.enum(PRAYER_STATUSES),
  isPublic: z.boolean(),
  approved: z.boolean(),
  dateRequested: z.string(),
  updates: z.array(z.object({ id: z.number().int(), text: z.string(), author: z.string(), createdAt: z.string() })),
});
export type MemberPrayer = z.infer<typeof memberPrayerSchema>;

/** One of the member's gifts (filled by the giving feature: src/server/giving/gifts.ts giftsOfUser). */
export const memberGiftSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  fund: z.string(),
  /** Cedis, at most two decimals. */
  amount: z.number(),
  currency: z.string(),
  status: z.string(),
  method: z.string(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type MemberGift = z.infer<typeof memberGiftSchema>;

/** GET /members/me/. */
export const memberMeSchema = z.object({
  user: memberProfileSchema,
  household: memberHouseholdSchema.nullable(),
  ministries: z.array(memberMinistrySchema),
  registrations: z.array(memberRegistrationSchema),
  prayerRequests: z.array(memberPrayerSchema),
  gifts: z.array(memberGiftSchema),
});
export type MemberMe = z.infer<typeof memberMeSchema>;

/** GET /members/directory/: members who chose to be listed; phone and address only where they chose to show them. */
export const directoryEntrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  household: z.string().nullable(),
  ministries: z.array(z.string()),
  phone: z.string().nullable(),
  address: z.string().nullable(),
});
export type DirectoryEntry = z.infer<typeof directoryEntrySchema>;

export const REMOVAL_STATUSES = ['open', 'done', 'declined'] as const;
export const removalRequestSchema = z.object({
  id: z.number().int(),
  reason: z.string().nullable(),
  status: z.enum(REMOVAL_STATUSES),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
});
/** What staff see (GET /members/removal-requests/). */
export const staffRemovalRequestSchema = removalRequestSchema.extend({
  /** The member's name as it was when they asked: still shown once the account is removed (user null). */
  name: z.string(),
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  handledBy: z.string().nullable(),
});
export type StaffRemovalRequest = z.infer<typeof staffRemovalRequestSchema>;

/** GET /members/me/export/: everything kept about the member (no other person's contact details). */
export const memberExportSchema = z.object({
  exportedAt: z.string(),
  profile: memberProfileSchema,
  household: memberHouseholdSchema.nullable(),
  ministries: z.array(memberMinistrySchema),
  registrations: z.array(memberRegistrationSchema),
  prayerRequests: z.array(memberPrayerSchema),
  gifts: z.array(memberGiftSchema),
  sessions: z.array(z.object({ device: z.string(), createdAt: z.string(), lastUsedAt: z.string() })),
  /** The account's /my passkeys (names and dates; the keys themselves name nobody); the portal's are its own. */
  passkeys: z.array(passkeySchema),
  removalRequests: z.array(removalRequestSchema),
});
export type MemberExport = z.infer<typeof memberExportSchema>;

/** One of the account's passkeys as GET /members/me/passkeys/ lists it (as the staff profile does). */
export const memberPasskeySchema = passkeySchema;
export type MemberPasskey = z.infer<typeof memberPasskeySchema>;

/** A /my session of the account (GET /members/me/sessions/): the same fields as the portal's sessions. */
export const memberSessionSchema = sessionSchema;
export type MemberSessionInfo = z.infer<typeof memberSessionSchema>;

/**
 * The signed-in member of a /my request (Astro.locals.member), resolved once from the request's cookie by the
 * site's middleware (src/middleware.ts); each read runs only when a page asks for it, so a page reads only what it
 * shows. The reads are the API's own (what GET /members/me/ and its neighbours answer).
 */
export interface SignedInMember {
  /** Who is signed in, from the session's own read (no further query): the welcome's name, the role's links. */
  account: Pick<MemberProfile, 'first_name' | 'last_name' | 'username' | 'role'>;
  profile(): Promise<MemberProfile>;
  household(): Promise<MemberHousehold | null>;
  ministries(): Promise<MemberMinistry[]>;
  registrations(): Promise<MemberRegistration[]>;
  prayerRequests(): Promise<MemberPrayer[]>;
  gifts(): Promise<MemberGift[]>;
  /** The members' directory (/my/directory). */
  directory(): Promise<DirectoryEntry[]>;
  /** The account's passkeys (/my/details). */
  passkeys(): Promise<MemberPasskey[]>;
  /** The account's /my sessions (/my/details). */
  sessions(): Promise<MemberSessionInfo[]>;
  /** The services a pastor or administrator may count at /my/headcount (their scope's); null for anyone else. */
  headcountServices(): Promise<Service[] | null>;
}

/** What the host hands the pages (Astro.locals.members): the API's own reads. */
export interface MemberReader {
  /** The member of a Cookie header's session, or undefined (none, ended, idle too long, account shut). */
  signedIn(cookieHeader: string | undefined): Promise<SignedInMember | undefined>;
  /** The church's public ministries (/my/ministries offers to join those the member is not in). */
  ministries(): Promise<PublicMinistry[]>;
  /** A service that is not deleted, by id (/my/checkin names it); undefined otherwise. */
  service(id: number): Promise<{ id: number; name: string } | undefined>;
  /** Whether codes by SMS are offered (the sign-in page shows the phone field only then). */
  smsEnabled: boolean;
}
