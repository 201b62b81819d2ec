// The members' door (docs/API.md, Members' own door): a code to sign in, then what a member reads and changes of
// their own. Every function takes the signed-in member's row (session.ts), never an id from the request, and
// reaches only rows that are theirs: their account, their household (households/own-household.ts checks a person's
// household), registrations and prayer requests made with their email address (answers.ts). Every change a
// member makes is written with its audit entry in one transaction.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AppDeps, UserRow } from '../kernel/context';
import type { DB } from '../db/schema';
import { iso } from '../db/time';
import { ApiError, fieldError } from '../kernel/errors';
import { contactChangedInPortalOnly } from '../../lib/shared/permissions';
import { RATE_WINDOW_MS, admitCall, checkRate, countCall, type RateRule } from '../kernel/rate-limit';
import { audited, withAudit } from '../activity/audit';
import { smsNumber, visitorMayBeTexted } from '../../lib/shared/sms/numbers';
import { fullName } from '../../lib/shared/format';
import {
  CONSENT_FLAGS,
  MEMBER_TEXT,
  type MemberCodeRequest,
  type MemberConsent,
  type MemberMe,
  type MemberProfile,
  type MemberSessionRequest,
  type MemberUpdate,
} from '../../lib/shared/members/api';
import type {
  ChildAccountUpdate,
  HouseholdPersonCreate,
  HouseholdPersonUpdate,
  OwnHouseholdUpdate,
} from '../../lib/shared/households/api';
import { churchContact } from '../settings/church';
import { tellOldAddress, withEmailChecked } from '../users/email-change';
import { endMemberSessions } from '../credentials/sessions';
import { recordActiveDay } from '../analytics/member-days';
import {
  addPersonToOwnHousehold,
  updateChildAccountInOwnHousehold,
  updateOwnHousehold,
  updatePersonInOwnHousehold,
} from '../households/own-household';
import { requestToJoin } from '../ministries/join-requests';
import { cancelOwnRegistration } from '../registrations/service';
import { issueCode, queueCode, redeemCode, type CodeTarget } from './codes';
import { checkThrottle, countAttempt } from '../credentials/throttle';
import { mayUseDoor } from './session';
import { memberProfile, registrationsOf } from './answers';
import { readsOf } from './reader';

// ---- Codes and sign-in ----

/**
 * Codes one caller (by address) may ask for in ten minutes, whatever the addresses, by default: PUBLIC_RATE_LIMIT
 * when set, as for the public forms (the same visitors, the same kind of door).
 */
export const CODES_PER_CALLER = 10;
/** Codes one account (its email and phone together), or one address no account uses, may be sent in ten minutes. */
export const CODES_PER_DESTINATION = 3;

const callerRule: RateRule = {
  kind: 'member-code',
  limit: CODES_PER_CALLER,
  windowMs: RATE_WINDOW_MS,
  detail: MEMBER_TEXT.codeLimit,
};
const destinationRule: RateRule = { ...callerRule, kind: 'member-code-to', limit: CODES_PER_DESTINATION };
/** The limiter's key of an address: a hash, so the count never holds the address itself. */
const destinationKey = (destination: string) => createHash('sha256').update(destination).digest('hex').slice(0, 32);

type Destination = Pick<CodeTarget, 'channel' | 'destination'>;

/** Where a code goes: a lower-case email, or the phone as SMS providers take it (only when SMS is configured). */
function destinationOf(deps: AppDeps, input: { email?: string; phone?: string }): Destination {
  if (input.email !== undefined) return { channel: 'email', destination: input.email.toLowerCase() };
  if (!deps.config.sms) throw fieldError('phone', MEMBER_TEXT.smsUnavailable);
  const number = smsNumber(input.phone ?? '');
  if (!number.ok) throw fieldError('phone', number.message);
  return { channel: 'sms', destination: number.number };
}

/**
 * The one account the address signs in, if any may use the door. A phone is compared as SMS providers write it;
 * a phone several accounts share signs in none of them (the email does).
 */
async function accountAt(db: Kysely<DB>, to: Destination): Promise<number | undefined> {
  const columns = ['id', 'email', 'phone_number', 'is_active', 'is_suspended'] as const;
  const rows =
    to.channel === 'email'
      ? await db.selectFrom('users').select(columns).where('email', '=', to.destination).execute()
      : (await db.selectFrom('users').select(columns).where('phone_number', 'is not', null).execute()).filter((u) => {
          const number = smsNumber(u.phone_number ?? '');
          return number.ok && number.number === to.destination;
        });
  const usable = rows.filter(mayUseDoor);
  return usable.length === 1 ? Number(usable[0].id) : undefined;
}

/**
 * POST /members/code/. The same work whether or not an account uses the address: the lookup, both counts, a code
 * row (one no account can redeem when there is none); only the message is not queued. So the answer and its time
 * say nothing about who has an account.
 */
export async function requestCode(deps: AppDeps, callerKey: string, input: MemberCodeRequest): Promise<void> {
  const db = deps.database.db;
  const to = destinationOf(deps, input);
  const userId = await accountAt(db, to);
  const church = await churchContact(db);
  const now = deps.now();
  const target: CodeTarget = { ...to, userId: userId ?? null, purpose: 'sign-in' };
  const rule = { ...callerRule, limit: deps.config.publicRateLimit };
  await admitCall(deps.database, deps.now, rule, callerKey, async (trx) => {
    // Per account when one uses the address (its email and its phone share the count), else per address.
    const key = userId === undefined ? destinationKey(to.destination) : `user:${userId}`;
    await checkRate(trx, destinationRule, key, now);
    const issued = await issueCode(trx, deps.config, target, now);
    // Anyone may ask, so an SMS goes only to SMS_VISITOR_COUNTRIES (the answer the same either way).
    const reachable = to.channel === 'email' || visitorMayBeTexted(deps.config.smsVisitorCountries, to.destination);
    if (userId !== undefined && reachable) await queueCode(trx, target, issued, church, now);
    await countCall(trx, destinationRule, key, now);
  });
  deps.outbox?.wake();
}

/** POST /members/session/: the account the code signs in (400 for a wrong, used or expired one). */
export async function redeemSignIn(deps: AppDeps, input: MemberSessionRequest, client: string): Promise<UserRow> {
  const db = deps.database.db;
  const now = deps.now();
  // A wrong code counts as a failed sign-in of the address (credentials/throttle.ts), as a wrong password does: five
  // tries a code, and no more guesses from one address across many codes than the sign-in throttle allows.
  await checkThrottle(deps, 'sign-in', client);
  const to = destinationOf(deps, input);
  const redeemed = await redeemCode(
    db,
    deps.config,
    { purpose: 'sign-in', destination: to.destination },
    input.code,
    now,
  );
  const user =
    redeemed && (await db.selectFrom('users').selectAll().where('id', '=', redeemed.userId).executeTakeFirst());
  if (!user || !mayUseDoor(user)) {
    await countAttempt(deps, 'sign-in', client);
    throw fieldError('code', MEMBER_TEXT.codeWrong);
  }
  await db
    .updateTable('users')
    .set({ last_login: iso(now) })
    .where('id', '=', user.id)
    .execute();
  await recordActiveDay(db, Number(user.id), now);
  return user;
}

// ---- Reading ----

/** GET /members/me/: everything the /my pages read one at a time (reader.ts), at once. */
export async function me(deps: AppDeps, user: UserRow): Promise<MemberMe> {
  const reads = readsOf(deps, user);
  const [profile, household, ministries, registrations, prayerRequests, gifts] = await Promise.all([
    reads.profile(),
    reads.household(),
    reads.ministries(),
    reads.registrations(),
    reads.prayerRequests(),
    reads.gifts(),
  ]);
  return { user: profile, household, ministries, registrations, prayerRequests, gifts };
}

async function reloaded(deps: AppDeps, id: number): Promise<UserRow> {
  return deps.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

// ---- Details and consent ----

const CONSENT_DATE = {
  email_notifications: 'email_consent_at',
  sms_notifications: 'sms_consent_at',
  directory_listed: 'directory_consent_at',
  directory_show_phone: 'directory_consent_at',
  directory_show_address: 'directory_consent_at',
} as const;
const onOff = (value: boolean) => (value ? 'on' : 'off');
const CONSENT_WORDS: Record<keyof MemberConsent, string> = {
  email_notifications: 'email',
  sms_notifications: 'SMS',
  directory_listed: 'directory listing',
  directory_show_phone: 'phone in the directory',
  directory_show_address: 'address in the directory',
};

/** PATCH /members/me/ and the consent form: contact details and consents, each consent's date moved when it changes. */
/** 403 when a staff account's email address or phone number would change through /my. */
function assertContactChangeable(user: UserRow) {
  if (contactChangedInPortalOnly(user)) throw new ApiError(403, MEMBER_TEXT.staffContact);
}

export async function updateMember(deps: AppDeps, user: UserRow, input: MemberUpdate): Promise<MemberProfile> {
  if (input.phone_number !== undefined && (input.phone_number || null) !== (user.phone_number || null))
    assertContactChangeable(user);
  const phone = input.phone_number !== undefined ? input.phone_number : user.phone_number;
  const sms = input.sms_notifications ?? Boolean(user.sms_notifications);
  if (sms && !phone && (input.sms_notifications === true || input.phone_number !== undefined))
    throw fieldError('sms_notifications', MEMBER_TEXT.phoneNeededForSms);
  if (sms && phone) {
    const number = smsNumber(phone);
    if (!number.ok) throw fieldError('phone_number', number.message);
  }
  const now = deps.now();
  const stamp = iso(now);
  const details: Record<string, unknown> = {};
  const consents: Record<string, unknown> = {};
  const changed: string[] = [];
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    if ((CONSENT_FLAGS as string[]).includes(key)) {
      const flag = key as keyof MemberConsent;
      if (Boolean(user[flag]) === value) continue;
      consents[flag] = value;
      consents[CONSENT_DATE[flag]] = stamp;
      changed.push(`${CONSENT_WORDS[flag]} ${onOff(value as boolean)}`);
    } else if ((user as unknown as Record<string, unknown>)[key] !== value) details[key] = value;
  }
  if (Object.keys(details).length || changed.length) {
    await deps.database.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ ...details, ...consents })
        .where('id', '=', user.id)
        .execute();
      if (Object.keys(details).length)
        await withAudit(trx, { actor: user, target: user, action: 'update_own_details' }, now);
      if (changed.length)
        await withAudit(
          trx,
          { actor: user, target: null, targetName: changed.join(', '), action: 'update_own_consent' },
          now,
        );
    });
  }
  return memberProfile(deps, await reloaded(deps, Number(user.id)));
}

// ---- A new email address ----

const emailCallerRule: RateRule = { ...callerRule, kind: 'member-email-code' };

/** POST /members/me/email/: a code to the new address (whose owner alone can confirm it). */
export async function requestEmailChange(deps: AppDeps, user: UserRow, email: string): Promise<MemberProfile> {
  assertContactChangeable(user);
  const destination = email.toLowerCase();
  if (destination === user.email.toLowerCase()) throw fieldError('email', MEMBER_TEXT.emailSame);
  const church = await churchContact(deps.database.db);
  const now = deps.now();
  const target: CodeTarget = { userId: Number(user.id), channel: 'email', destination, purpose: 'email-change' };
  await admitCall(deps.database, deps.now, emailCallerRule, `user:${user.id}`, async (trx) => {
    const key = destinationKey(destination);
    await checkRate(trx, destinationRule, key, now);
    await queueCode(trx, target, await issueCode(trx, deps.config, target, now), church, now);
    await countCall(trx, destinationRule, key, now);
  });
  deps.outbox?.wake();
  return memberProfile(deps, user);
}

/**
 * POST /members/me/email/confirm/: the code makes the new address the account's. Whether another account uses it
 * is told only now, to whoever holds that inbox. The old address hears of the change, and every other /my session
 * of the account ends (whoever else was signed in signed in with the old address).
 */
export async function confirmEmailChange(
  deps: AppDeps,
  user: UserRow,
  code: string,
  sessionId: string,
): Promise<MemberProfile> {
  assertContactChangeable(user);
  const db = deps.database.db;
  const now = deps.now();
  const redeemed = await redeemCode(db, deps.config, { purpose: 'email-change', userId: Number(user.id) }, code, now);
  if (!redeemed) throw fieldError('code', MEMBER_TEXT.codeWrong);
  const { email } = await withEmailChecked(deps, Number(user.id), { email: redeemed.destination });
  const church = await churchContact(db);
  await audited(db, { actor: user, target: user, action: 'change_own_email' }, now, async (trx) => {
    await trx.updateTable('users').set({ email }).where('id', '=', user.id).execute();
    await tellOldAddress(trx, { to: user.email, email, key: `member-email-changed:${redeemed.codeId}` }, church, now);
    await endMemberSessions(trx, Number(user.id), now, sessionId);
  });
  deps.outbox?.wake();
  return memberProfile(deps, await reloaded(deps, Number(user.id)));
}

// ---- Household, ministries, registrations ----

export const updateHousehold = (deps: AppDeps, user: UserRow, changes: OwnHouseholdUpdate) =>
  updateOwnHousehold(deps.database.db, Number(user.id), changes, deps.now());

export const addPerson = (deps: AppDeps, user: UserRow, person: HouseholdPersonCreate) =>
  addPersonToOwnHousehold(deps.database.db, Number(user.id), person, deps.now());

export const updatePerson = (deps: AppDeps, user: UserRow, personId: number, changes: HouseholdPersonUpdate) =>
  updatePersonInOwnHousehold(deps.database.db, Number(user.id), personId, changes, deps.now());

export const updateChild = (
  deps: AppDeps,
  user: UserRow,
  childUserId: number,
  changes: Pick<ChildAccountUpdate, 'allergies'>,
) => updateChildAccountInOwnHousehold(deps.database.db, Number(user.id), childUserId, changes, deps.now());

export async function joinMinistry(deps: AppDeps, user: UserRow, ministryId: number, message: string | null) {
  await requestToJoin(
    deps.database.db,
    {
      ministryId,
      userId: Number(user.id),
      name: fullName(user),
      email: user.email,
      phone: user.phone_number,
      message,
    },
    deps.now(),
  );
  deps.outbox?.wake();
}

/** Cancels one of the member's own registrations (made with their email), as staff cancelling does. */
export async function cancelRegistration(deps: AppDeps, user: UserRow, registrationId: number) {
  await cancelOwnRegistration(deps, user, registrationId);
  const [answer] = await registrationsOf(deps.database.db, user.email, deps.now(), registrationId);
  return answer;
}
