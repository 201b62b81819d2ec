// What a member reads about themselves (GET /members/me/, the export): their profile with the directory choices
// and consent dates, and what they made with their email address: event registrations and prayer requests (with
// the updates staff chose to make public). Registrations and prayer requests carry no account, only the email
// they were made with; the member's email is proven by the code that signed them in, so those made with it are
// theirs (an address they no longer use is no longer theirs to see).
import { openToCancel } from '../../lib/shared/registrations/api';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { AppDeps, UserRow } from '../kernel/context';
import { iso } from '../db/time';
import { presentUser } from '../users/read';
import type { MemberPrayer, MemberProfile, MemberRegistration } from '../../lib/shared/members/api';
import type { PRAYER_CATEGORIES, PRAYER_STATUSES } from '../../lib/shared/visitors/rules';
import { pendingEmail } from './codes';

export async function memberProfile(deps: AppDeps, row: UserRow): Promise<MemberProfile> {
  return {
    ...(await presentUser(deps, row)),
    directory_listed: Boolean(row.directory_listed),
    directory_show_phone: Boolean(row.directory_show_phone),
    directory_show_address: Boolean(row.directory_show_address),
    consent_dates: {
      email_notifications: row.email_consent_at ?? null,
      sms_notifications: row.sms_consent_at ?? null,
      directory_listed: row.directory_consent_at ?? null,
    },
    pending_email: await pendingEmail(deps.database.db, Number(row.id), deps.now()),
  };
}

/** Rows made with this email address (stored as typed: compared without case). */
const sameEmail = (column: string, email: string) => sql<boolean>`lower(${sql.ref(column)}) = ${email.toLowerCase()}`;

export async function registrationsOf(
  db: Kysely<DB>,
  email: string,
  nowMs: number,
  id?: number,
): Promise<MemberRegistration[]> {
  let q = db
    .selectFrom('event_registrations as r')
    .innerJoin('events as e', 'e.id', 'r.event_id')
    .select([
      'r.id',
      'r.seats',
      'r.status',
      'r.created_at',
      'e.id as event_id',
      'e.title',
      'e.start_date',
      'e.end_date',
      'e.start_time',
      'e.location',
      'e.status as event_status',
    ])
    .where(sameEmail('r.email', email));
  if (id !== undefined) q = q.where('r.id', '=', id);
  const rows = await q.orderBy('e.start_date', 'desc').orderBy('r.id', 'desc').execute();
  const today = iso(nowMs).slice(0, 10);
  return rows.map((r) => ({
    id: Number(r.id),
    event: { id: r.event_id, title: r.title, startDate: r.start_date, startTime: r.start_time, location: r.location },
    seats: Number(r.seats),
    status: r.status,
    createdAt: r.created_at,
    canCancel: openToCancel(r, { status: r.event_status, startDate: r.start_date, endDate: r.end_date }, today),
  }));
}

export async function prayersOf(db: Kysely<DB>, email: string): Promise<MemberPrayer[]> {
  const rows = await db
    .selectFrom('prayer_requests')
    .selectAll()
    .where(sameEmail('email', email))
    .orderBy('date_requested', 'desc')
    .orderBy('id', 'desc')
    .execute();
  if (!rows.length) return [];
  const updates = await db
    .selectFrom('prayer_updates')
    .selectAll()
    .where(
      'prayer_id',
      'in',
      rows.map((r) => Number(r.id)),
    )
    .where('is_public', '=', true)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    title: r.title,
    description: r.description,
    category: r.category as (typeof PRAYER_CATEGORIES)[number],
    status: r.status as (typeof PRAYER_STATUSES)[number],
    isPublic: Boolean(r.is_public),
    approved: Boolean(r.approved),
    dateRequested: r.date_requested,
    updates: updates
      .filter((u) => Number(u.prayer_id) === Number(r.id))
      .map((u) => ({ id: Number(u.id), text: u.text, author: u.author_name, createdAt: u.created_at })),
  }));
}
