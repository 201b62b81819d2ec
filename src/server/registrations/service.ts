// Event registrations (docs/PRODUCT.md (Data, States)): a visitor registers 1 to 10 seats; the registration is
// confirmed while seats remain and waitlisted after, never over capacity however many arrive at once. The
// check and the insert share one transaction that holds the event's row: PostgreSQL locks it (`for update`),
// so instances queue on it; node:sqlite has one connection whose transactions Kysely runs one at a time.
// Freed seats go to the waitlist strictly in the order it formed, as far as they reach. Every email and SMS a
// registration causes (the confirmation, a place opened, the staff notice) is queued in the outbox in the same
// transaction, keyed by the registration (`registration:42:confirmation`), and sent by its worker.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { AppDeps } from '../kernel/context';
import type { DB, EventsTable } from '../db/schema';
import { iso } from '../db/time';
import { withAudit } from '../activity/audit';
import { ApiError } from '../kernel/errors';
import { admitSubmission } from '../public/limit';
import { oneLine, queueStaffNotice } from '../notifications/service';
import { queueEmail, queueSms } from '../outbox/queue';
import { smsNumber, visitorMayBeTexted } from '../../lib/shared/sms/numbers';
import { formatEventWhen } from '../../lib/shared/format';
import { randomToken, sha256 } from '../credentials/tokens';
import { EVENT_NOT_FOUND, readEvent } from '../events/service';
import type { EventAnswer, RegistrationStatus } from '../../lib/shared/live/api';
import type { RegistrationInput } from '../../lib/shared/schemas';
import {
  ALREADY_CANCELLED,
  CANCEL_LINK_INVALID,
  ONLY_CONFIRMED_CHECK_IN,
  ONLY_OPEN_CANCEL,
  PAST_EVENT_CANCEL,
  openToCancel,
  REGISTRATION_CLOSED,
  REGISTRATION_NOT_FOUND,
  type RegistrationAnswer,
  type RegistrationReceipt,
} from '../../lib/shared/registrations/api';
import type { TypedAuditAction } from '../../lib/shared/permissions';
import { churchContact, signature } from '../settings/church';
import type { ChurchContact } from '../../lib/shared/settings/api';
import type { UserRow } from '../kernel/context';

import { toRegistrationAnswer, type RegistrationRow } from './answers';
import { calendarOf, confirmation, confirmationSms, staffNotice } from './messages';

const TAKEN: RegistrationStatus[] = ['confirmed', 'checked_in'];

/** Why an event takes no registration now, or null when it does. */
export function closedReason(event: Selectable<EventsTable>, nowMs: number): string | null {
  if (!event.requires_registration) return REGISTRATION_CLOSED.notTaken;
  if (event.status === 'cancelled') return REGISTRATION_CLOSED.cancelled;
  const today = iso(nowMs).slice(0, 10);
  if (event.status === 'completed' || (event.end_date || event.start_date) < today) return REGISTRATION_CLOSED.ended;
  return null;
}

/** The event's row, locked for this transaction where the database can (PostgreSQL). */
async function lockEvent(trx: Kysely<DB>, dialect: string, id: string) {
  const query = trx.selectFrom('events').selectAll().where('id', '=', id);
  return dialect === 'postgres' ? query.forUpdate().executeTakeFirst() : query.executeTakeFirst();
}

async function seatsTaken(trx: Kysely<DB>, eventId: string): Promise<number> {
  const row = await trx
    .selectFrom('event_registrations')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('seats'), sql<number>`0`).as('seats'))
    .where('event_id', '=', eventId)
    .where('status', 'in', TAKEN)
    .executeTakeFirstOrThrow();
  return Number(row.seats);
}

async function seatsWaiting(trx: Kysely<DB>, eventId: string): Promise<number> {
  const row = await trx
    .selectFrom('event_registrations')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('seats'), sql<number>`0`).as('seats'))
    .where('event_id', '=', eventId)
    .where('status', '=', 'waitlisted')
    .executeTakeFirstOrThrow();
  return Number(row.seats);
}

/**
 * Confirms waitlisted registrations in the order they came, while the next one fits; the first that does not
 * fit keeps its place and everyone behind it waits too (no overtaking). Returns those confirmed.
 */
async function promoteWaitlist(trx: Kysely<DB>, event: Selectable<EventsTable>, stamp: string) {
  const waiting = await trx
    .selectFrom('event_registrations')
    .selectAll()
    .where('event_id', '=', event.id)
    .where('status', '=', 'waitlisted')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const promoted: RegistrationRow[] = [];
  if (!waiting.length) return promoted;
  let free = event.capacity == null ? Infinity : event.capacity - (await seatsTaken(trx, event.id));
  for (const registration of waiting) {
    if (registration.seats > free) break;
    free -= registration.seats;
    await trx
      .updateTable('event_registrations')
      .set({ status: 'confirmed', updated_at: stamp })
      .where('id', '=', registration.id)
      .execute();
    promoted.push({ ...registration, status: 'confirmed' });
  }
  return promoted;
}

/** A visitor's registration: admitted by the per-address limit, decided under the event's lock, its mails queued. */
export async function register(
  deps: AppDeps,
  clientKey: string,
  viewer: UserRow | undefined,
  eventId: string,
  input: RegistrationInput,
): Promise<RegistrationReceipt> {
  const event = await readEvent(deps, viewer ? 'staff' : 'public', eventId);
  if (!event) throw new ApiError(404, EVENT_NOT_FOUND);
  const token = randomToken();
  const now = deps.now();
  const stamp = iso(now);
  const church = await churchContact(deps.database.db);
  const receipt = await admitSubmission(deps, 'registration', clientKey, async (trx) => {
    const row = await lockEvent(trx, deps.database.dialect, eventId);
    if (!row) throw new ApiError(404, EVENT_NOT_FOUND);
    const closed = closedReason(row, now);
    if (closed) throw new ApiError(409, closed);
    // Seats a change of capacity freed go to those already waiting before anyone new.
    const promoted = await promoteWaitlist(trx, row, stamp);
    const stillWaiting = await trx
      .selectFrom('event_registrations')
      .select('id')
      .where('event_id', '=', eventId)
      .where('status', '=', 'waitlisted')
      .executeTakeFirst();
    const fits = row.capacity == null || (await seatsTaken(trx, eventId)) + input.seats <= row.capacity;
    const status = fits && !stillWaiting ? 'confirmed' : 'waitlisted';
    const inserted = await trx
      .insertInto('event_registrations')
      .values({
        event_id: eventId,
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        seats: input.seats,
        status,
        created_at: stamp,
        updated_at: stamp,
        cancel_token_hash: sha256(token),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const key = `registration:${inserted.id}`;
    await queueEmail(trx, `${key}:confirmation`, confirmation(deps, event, input, status, token, church), now);
    const sms = deps.config.sms && input.phone ? smsNumber(input.phone) : undefined;
    // A number the providers cannot take, or of a country visitors may not make us text, only costs the SMS: the
    // registration stands, and the email says it all.
    if (sms?.ok && visitorMayBeTexted(deps.config.smsVisitorCountries, sms.number))
      await queueSms(trx, `${key}:sms`, { to: sms.number, text: confirmationSms(event, status) }, now);
    await queuePromoted(trx, deps, event, promoted, church, now);
    await queueStaffNotice(trx, `${key}:staff`, staffNotice(event, input, status), now);
    // The event's figures as this registration leaves them: the page's card shows them without a reload.
    const figures = {
      registered: await seatsTaken(trx, eventId),
      waitlist: await seatsWaiting(trx, eventId),
      capacity: row.capacity ?? null,
    };
    return { id: Number(inserted.id), status, seats: input.seats, event: figures } as RegistrationReceipt;
  });
  deps.content?.changed(['events']);
  deps.outbox?.wake();
  return receipt;
}

/** Queues, for each registrant moved off the waitlist, the news that their place is confirmed. */
async function queuePromoted(
  trx: Kysely<DB>,
  deps: AppDeps,
  event: EventAnswer | undefined,
  promoted: RegistrationRow[],
  church: ChurchContact,
  nowMs: number,
) {
  if (!event) return;
  for (const registration of promoted) {
    await queueEmail(
      trx,
      `registration:${registration.id}:promoted`,
      {
        to: oneLine(registration.email),
        subject: oneLine(`A place opened: your registration for ${event.title} is confirmed`),
        text:
          [
            `Dear ${oneLine(registration.name)},`,
            '',
            `A place opened and your registration for ${event.title} (${registration.seats} seat${registration.seats === 1 ? '' : 's'}) is now confirmed.`,
            `When: ${formatEventWhen(event)}`,
            `Where: ${event.location}`,
          ].join('\n') + signature(church),
        attachments: [{ filename: 'event.ics', content: calendarOf(deps, event), contentType: 'text/calendar' }],
      },
      nowMs,
    );
  }
}

export async function listRegistrations(deps: AppDeps, eventId: string): Promise<RegistrationAnswer[]> {
  if (!(await readEvent(deps, 'staff', eventId))) throw new ApiError(404, EVENT_NOT_FOUND);
  const rows = await deps.database.db
    .selectFrom('event_registrations')
    .selectAll()
    .where('event_id', '=', eventId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toRegistrationAnswer);
}

/** Cancels one registration under the event's lock, promoting the waitlist if it held seats. */
async function cancelIn(trx: Transaction<DB>, deps: AppDeps, registration: RegistrationRow, stamp: string) {
  if (registration.status === 'cancelled') throw new ApiError(409, ALREADY_CANCELLED);
  const event = await lockEvent(trx, deps.database.dialect, registration.event_id);
  await trx
    .updateTable('event_registrations')
    .set({ status: 'cancelled', updated_at: stamp, cancel_token_hash: null })
    .where('id', '=', registration.id)
    .execute();
  return event ? promoteWaitlist(trx, event, stamp) : [];
}

/** Staff: check in or cancel a registration, audited. */
export async function changeRegistration(
  deps: AppDeps,
  actor: UserRow,
  eventId: string,
  registrationId: number,
  status: 'cancelled' | 'checked_in',
): Promise<RegistrationAnswer> {
  const event = await readEvent(deps, 'staff', eventId);
  if (!event) throw new ApiError(404, EVENT_NOT_FOUND);
  const now = deps.now();
  const stamp = iso(now);
  const church = await churchContact(deps.database.db);
  const answer = await deps.database.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('event_registrations')
      .selectAll()
      .where('id', '=', registrationId)
      .where('event_id', '=', eventId)
      .executeTakeFirst();
    if (!row) throw new ApiError(404, REGISTRATION_NOT_FOUND);
    let action: TypedAuditAction;
    if (status === 'checked_in') {
      if (row.status === 'checked_in') return toRegistrationAnswer(row);
      if (row.status !== 'confirmed') throw new ApiError(409, ONLY_CONFIRMED_CHECK_IN);
      await trx
        .updateTable('event_registrations')
        .set({ status: 'checked_in', updated_at: stamp })
        .where('id', '=', row.id)
        .execute();
      action = 'check_in_registration';
    } else {
      await queuePromoted(trx, deps, event, await cancelIn(trx, deps, row, stamp), church, now);
      action = 'cancel_registration';
    }
    await withAudit(
      trx,
      { actor, target: null, targetName: `${row.name} for ${event.title}`, action, details: String(row.id) },
      now,
    );
    return { ...toRegistrationAnswer(row), status };
  });
  deps.content?.changed(['events']);
  deps.outbox?.wake();
  return answer;
}

/** The registrant's own cancel link (the token from their confirmation email). */
export async function cancelByToken(deps: AppDeps, token: string): Promise<void> {
  const now = deps.now();
  const stamp = iso(now);
  const db = deps.database.db;
  const byToken = (reader: Kysely<DB>) =>
    reader.selectFrom('event_registrations').selectAll().where('cancel_token_hash', '=', sha256(token));
  // The event (for the mail to whoever gets the place) is read first: inside the transaction the connection is
  // the transaction's.
  const found = await byToken(db).executeTakeFirst();
  if (!found || found.status === 'cancelled') throw new ApiError(404, CANCEL_LINK_INVALID);
  const event = await readEvent(deps, 'staff', found.event_id);
  const church = await churchContact(db);
  await db.transaction().execute(async (trx) => {
    const row = await byToken(trx).executeTakeFirst();
    if (!row || row.status === 'cancelled') throw new ApiError(404, CANCEL_LINK_INVALID);
    await queuePromoted(trx, deps, event, await cancelIn(trx, deps, row, stamp), church, now);
  });
  deps.content?.changed(['events']);
  deps.outbox?.wake();
}

/**
 * A member cancels one of their own registrations from /my (src/server/members/): only one made with their
 * email address (the address their sign-in code proved); another's is a 404, as if it did not exist. The waitlist
 * moves up as when staff cancel; audited with the member as the actor.
 */
export async function cancelOwnRegistration(deps: AppDeps, member: UserRow, registrationId: number): Promise<void> {
  const now = deps.now();
  const stamp = iso(now);
  const db = deps.database.db;
  const own = (reader: Kysely<DB>) =>
    reader
      .selectFrom('event_registrations')
      .selectAll()
      .where('id', '=', registrationId)
      .where(sql<boolean>`lower(email) = ${member.email.toLowerCase()}`);
  const found = await own(db).executeTakeFirst();
  if (!found) throw new ApiError(404, REGISTRATION_NOT_FOUND);
  if (found.status === 'checked_in') throw new ApiError(409, ONLY_OPEN_CANCEL);
  const event = await readEvent(deps, 'staff', found.event_id);
  // What /my offers is what the server allows (members/answers.ts canCancel): not after the event has ended.
  if (event && found.status !== 'cancelled' && !openToCancel(found, event, iso(now).slice(0, 10)))
    throw new ApiError(409, PAST_EVENT_CANCEL);
  const church = await churchContact(db);
  await db.transaction().execute(async (trx) => {
    const row = await own(trx).executeTakeFirst();
    if (!row) throw new ApiError(404, REGISTRATION_NOT_FOUND);
    await queuePromoted(trx, deps, event, await cancelIn(trx, deps, row, stamp), church, now);
    const targetName = event ? `for ${event.title}` : `#${row.id}`;
    await withAudit(
      trx,
      { actor: member, target: null, targetName, action: 'cancel_own_registration', details: String(row.id) },
      now,
    );
  });
  deps.content?.changed(['events']);
  deps.outbox?.wake();
}
