// Events: who sees which (visitors the public ones), their registered and waitlist figures counted from the
// registrations in the same query, and every change by staff, written to the audit log in the same transaction
// and announced to the content hook once it is committed.
import type { ExpressionBuilder, Insertable, Kysely, Updateable } from 'kysely';
import {
  END_BEFORE_START,
  endsBeforeStart,
  type EventAnswer,
  type EventCreate,
  type EventUpdate,
  type RegistrationStatus,
} from '../../lib/shared/live/api';
import type { Visibility } from '../../lib/shared/live/registry';
import type { TypedAuditAction } from '../../lib/shared/permissions';
import { contentFieldRules } from '../../lib/shared/messages';
import type { AppDeps, Scope } from '../kernel/context';
import { inScope } from '../kernel/scope';
import { branchInScope } from '../kernel/scope';
import type { DB, EventsTable } from '../db/schema';
import { writeTags } from '../db/tags';
import { ApiError, fieldError } from '../kernel/errors';
import { NOT_FOUND, deleteItem, insertItem, recorded, updateItem } from '../content/access';
import type { UserRow } from '../kernel/context';

import { toEventAnswer, type EventRow } from './answers';

export const EVENT_NOT_FOUND = NOT_FOUND.events;

/** Registrations whose seats count as taken, and those waiting for one. */
const TAKEN: RegistrationStatus[] = ['confirmed', 'checked_in'];
const WAITING: RegistrationStatus[] = ['waitlisted'];

/** Seats of the event's registrations in these states: a correlated subquery, so a list is still one query. */
const seatsOf = (eb: ExpressionBuilder<DB, 'events'>, statuses: RegistrationStatus[]) =>
  eb
    .selectFrom('event_registrations as r')
    .select((r) => r.fn.coalesce(r.fn.sum<number>('r.seats'), r.lit(0)).as('seats'))
    .whereRef('r.event_id', '=', 'events.id')
    .where('r.status', 'in', statuses);

/** Events with their counts. */
const withCounts = (db: Kysely<DB>) =>
  db
    .selectFrom('events')
    .selectAll('events')
    .select((eb) => [seatsOf(eb, TAKEN).as('registered'), seatsOf(eb, WAITING).as('waitlist')]);

/** Staff (any signed-in caller) see every event; visitors the public ones. */
const visibilityOf = (viewer: UserRow | undefined): Visibility => (viewer ? 'staff' : 'public');

/** Events this visibility may see: staff every event, visitors the public ones. */
function visible(db: Kysely<DB>, visibility: Visibility) {
  return visibility === 'staff' ? withCounts(db) : withCounts(db).where('is_public', '=', true);
}

/** By start date and time: the API's list and the public pages (through the content registry) alike. */
export async function readEvents(deps: AppDeps, visibility: Visibility): Promise<EventAnswer[]> {
  const rows = await visible(deps.database.db, visibility)
    .orderBy('start_date')
    .orderBy('start_time')
    .orderBy('id')
    .execute();
  return rows.map(toEventAnswer);
}

/**
 * Staff see the events of their scope (docs/API.md, Branches); visitors every public one, or those of the branch
 * their `?branch=` names (`scope`) and below.
 */
export async function listEvents(deps: AppDeps, viewer: UserRow | undefined, scope?: Scope): Promise<EventAnswer[]> {
  if (!scope) return readEvents(deps, visibilityOf(viewer));
  const rows = await inScope(visible(deps.database.db, visibilityOf(viewer)), scope, 'events.branch_id')
    .orderBy('start_date')
    .orderBy('start_time')
    .orderBy('id')
    .execute();
  return rows.map(toEventAnswer);
}

/** One event, or undefined when it does not exist or this visibility may not see it. */
export async function readEvent(deps: AppDeps, visibility: Visibility, id: string): Promise<EventAnswer | undefined> {
  const row = await visible(deps.database.db, visibility).where('events.id', '=', id).executeTakeFirst();
  return row && toEventAnswer(row);
}

/** One event, or 404 when it does not exist or is private and the caller anonymous. */
export async function getEvent(deps: AppDeps, viewer: UserRow | undefined, id: string): Promise<EventAnswer> {
  const event = await readEvent(deps, visibilityOf(viewer), id);
  if (!event) throw new ApiError(404, EVENT_NOT_FOUND);
  return event;
}

// ---- Changes ----

/** The columns of the fields sent; fields left out are absent (undefined), so an UPDATE leaves them alone. */
function columnsOf(input: EventUpdate): Updateable<EventsTable> {
  const columns: Updateable<EventsTable> = {
    title: input.title,
    description: input.description,
    category: input.category,
    type: input.type,
    status: input.status,
    start_date: input.startDate,
    // An end date cleared (null or '') means a one-day event: it ends on its start date (set by the caller).
    end_date: input.endDate || undefined,
    start_time: input.startTime,
    end_time: input.endTime === undefined ? undefined : (input.endTime ?? ''),
    location: input.location,
    capacity: input.capacity,
    organizer: input.organizer,
    is_public: input.isPublic,
    requires_registration: input.requiresRegistration,
    tags: input.tags && writeTags(input.tags),
    image_url: input.imageUrl,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
}

async function loadEvent(db: Kysely<DB>, id: string): Promise<EventRow> {
  const row = await withCounts(db).where('events.id', '=', id).executeTakeFirst();
  if (!row) throw new ApiError(404, EVENT_NOT_FOUND);
  return row;
}

/** What a new event starts with where the form gives nothing. */
const NEW_EVENT = {
  description: '',
  status: 'upcoming',
  end_time: '',
  capacity: null,
  organizer: '',
  is_public: true,
  requires_registration: false,
  tags: '[]',
  image_url: null,
} as const;

/** Inserts an event under a fresh slug of its title, recorded as `action`; answers it as stored. */
async function insertEvent(
  deps: AppDeps,
  actor: UserRow,
  values: Omit<Insertable<EventsTable>, 'id' | 'created_at' | 'updated_at'>,
  entry: { action: TypedAuditAction; title: string },
): Promise<EventAnswer> {
  const id = await insertItem(deps, 'events', actor, values, entry);
  return toEventAnswer(await loadEvent(deps.database.db, id));
}

export async function createEvent(
  deps: AppDeps,
  actor: UserRow,
  input: EventCreate,
  scope: Scope,
): Promise<EventAnswer> {
  // The creator's branch unless another of their scope is named (docs/API.md, Branches).
  const branch =
    input.branchId === undefined
      ? actor.branch_id
      : (await branchInScope(deps.database.db, scope, input.branchId, 'branchId')).id;
  const values = {
    ...NEW_EVENT,
    ...(columnsOf(input) as Insertable<EventsTable>),
    end_date: input.endDate || input.startDate,
    branch_id: branch,
  };
  return insertEvent(deps, actor, values, { action: 'create_event', title: input.title });
}

/**
 * Two staff editing one event: each PATCH writes only the fields it sent, in one UPDATE, so the last write wins
 * field by field. The end date is checked against the start date as they will stand after the change.
 */
export async function updateEvent(deps: AppDeps, actor: UserRow, id: string, input: EventUpdate): Promise<EventAnswer> {
  const db = deps.database.db;
  const before = await loadEvent(db, id);
  const columns = columnsOf(input);
  const startDate = input.startDate ?? before.start_date;
  if (input.endDate === null || input.endDate === '') columns.end_date = startDate;
  if (endsBeforeStart({ startDate, endDate: columns.end_date ?? before.end_date }))
    throw fieldError('endDate', END_BEFORE_START);
  if (!Object.keys(columns).length) return toEventAnswer(before);
  await recorded(
    deps,
    'events',
    actor,
    { action: 'update_event', title: input.title ?? before.title, id },
    (trx, now) => updateItem(trx, 'events', id, columns, now),
  );
  return toEventAnswer(await loadEvent(db, id));
}

export async function deleteEvent(deps: AppDeps, actor: UserRow, id: string): Promise<void> {
  const before = await loadEvent(deps.database.db, id);
  // Its registrations go with it (ON DELETE CASCADE).
  await recorded(deps, 'events', actor, { action: 'delete_event', title: before.title, id }, (trx) =>
    deleteItem(trx, 'events', id),
  );
}

const COPY_SUFFIX = ' (copy)';

/** A copy of every field under a new id and the title "… (copy)", without the registrations. */
export async function duplicateEvent(deps: AppDeps, actor: UserRow, id: string): Promise<EventAnswer> {
  const original = await loadEvent(deps.database.db, id);
  const {
    id: _id,
    created_at: _created,
    updated_at: _updated,
    registered: _registered,
    waitlist: _waitlist,
    ...fields
  } = original;
  const title = original.title.slice(0, contentFieldRules.title.maxLength - COPY_SUFFIX.length) + COPY_SUFFIX;
  return insertEvent(deps, actor, { ...fields, title }, { action: 'duplicate_event', title: original.title });
}
