// Checking children in and out (docs/API.md, Children's check-in; who is a child: children.ts). One check-in is one security code
// for the children a guardian brings at once: unique per day (a pickup finds it by the day and the code), and a
// child is in a service once a day (unique indexes; a race is the same 409 as the check before it).
import { randomInt } from 'node:crypto';
import { type Kysely, type Transaction } from 'kysely';
import {
  CHECKIN_TEXT,
  SECURITY_ALPHABET,
  SECURITY_CODE_LENGTH,
  dayOf,
  type CheckinBody,
  type PresentAnswer,
} from '../../lib/shared/checkin/api';
import { smsNumber } from '../../lib/shared/sms/numbers';
import type { DB } from '../db/schema';
import { iso } from '../db/time';
import type { AppDeps, Scope } from '../kernel/context';
import { ApiError } from '../kernel/errors';
import { inScope } from '../kernel/scope';
import { queueSms } from '../outbox/queue';
import { serviceInScope } from '../services/service';
import { checkinsOf, childId, childrenOf, householdOfChild } from './children';
import type { Caller } from './door';
import type { Labels } from './labels';

type Db = Kysely<DB>;
const isUniqueViolation = (err: unknown) => /unique|duplicate/i.test(String((err as Error)?.message));

/** A phone of the household's head (else of any of its accounts) to text the code to. */
async function guardianPhone(db: Db, householdId: number) {
  const rows = await db
    .selectFrom('users')
    .leftJoin('households', 'households.head_user_id', 'users.id')
    .select(['users.phone_number', 'households.id as heads'])
    .where('users.household_id', '=', householdId)
    .where('users.phone_number', 'is not', null)
    .where('users.phone_number', '!=', '')
    .orderBy('households.id')
    .orderBy('users.id')
    .execute();
  const head = rows.find((r) => r.heads !== null) ?? rows[0];
  return head?.phone_number ?? null;
}

const newCode = () =>
  Array.from({ length: SECURITY_CODE_LENGTH }, () => SECURITY_ALPHABET[randomInt(SECURITY_ALPHABET.length)]).join('');

/**
 * A code not yet given today: random ones, each looked up by the day's unique index (reading all the day's codes
 * held the write lock longer as the morning filled). A race with another station is caught by that index.
 */
async function freeCode(trx: Transaction<DB>, date: string) {
  for (let tries = 0; tries < 50; tries++) {
    const code = newCode();
    const taken = await trx
      .selectFrom('checkin_codes')
      .select('id')
      .where('date', '=', date)
      .where('security_code', '=', code)
      .executeTakeFirst();
    if (!taken) return code;
  }
  throw new ApiError(409, CHECKIN_TEXT.codesExhausted);
}

export interface CheckedIn {
  id: number;
  securityCode: string;
  children: { id: string; name: string }[];
  sms: boolean;
  /** Whether the caller's station has a printer to send the labels to. */
  printer: string | null;
  /** The labels of a check-in just made (a repeat of one made before reads them again when printing). */
  labels?: Labels;
}

async function answerOf(db: Db, codeId: number): Promise<Omit<CheckedIn, 'printer'>> {
  const code = await db.selectFrom('checkin_codes').selectAll().where('id', '=', codeId).executeTakeFirstOrThrow();
  const children = await db
    .selectFrom('child_checkins')
    .select(['person_id', 'user_id', 'name'])
    .where('code_id', '=', codeId)
    .orderBy('id')
    .execute();
  return {
    id: Number(code.id),
    securityCode: code.security_code,
    children: children.map((c) => ({
      id: c.person_id ? childId('p', Number(c.person_id)) : childId('u', Number(c.user_id)),
      name: c.name,
    })),
    sms: code.guardian_phone !== null,
  };
}

/**
 * Checks the children in to the service today under one new code. With an idempotency key (a station's queued
 * check-in sent again), a key already used answers the check-in it made, so a child is never checked in twice.
 */
export async function checkIn(
  deps: AppDeps,
  caller: Caller,
  input: CheckinBody,
  idempotencyKey: string | undefined,
): Promise<CheckedIn> {
  const db = deps.database.db;
  const printer = caller.station?.printer ?? null;
  const key = idempotencyKey
    ? `${caller.station ? `s${caller.station.id}` : `u${caller.userId}`}:${idempotencyKey}`
    : null;
  // A check-in already made under this key (a retry of the same send) is answered again, not made twice.
  const madeBefore = async () => {
    const made = key
      ? await db.selectFrom('checkin_codes').select('id').where('idempotency_key', '=', key).executeTakeFirst()
      : undefined;
    return made ? { ...(await answerOf(db, Number(made.id))), printer } : null;
  };
  const before = await madeBefore();
  if (before) return before;
  const now = deps.now();
  const date = dayOf(now);
  const service = await serviceInScope(db, caller.scope, input.serviceId);
  if (!service) throw new ApiError(404, CHECKIN_TEXT.serviceNotFound);
  const ids = [...new Set(input.childIds)];
  // The household of the first child; every child ticked must be one of its children (one read, not one a child).
  const householdId = await householdOfChild(db, caller.scope, ids[0], now);
  const children = (await childrenOf(db, householdId, now)).filter((c) => ids.includes(c.id));
  if (children.length !== ids.length)
    throw new ApiError(400, CHECKIN_TEXT.unknownChild, { childIds: [CHECKIN_TEXT.unknownChild] });
  const phone = deps.config.sms ? await guardianPhone(db, householdId) : null;
  const texted = phone ? smsNumber(phone) : undefined;

  const alreadyIn = async () =>
    (await checkinsOf(db, children, date, { serviceId: Number(service.id) })).map((r) => r.name);

  for (let attempt = 1; ; attempt++) {
    const already = await alreadyIn();
    if (already.length) throw new ApiError(409, CHECKIN_TEXT.alreadyIn(already.join(', ')));
    try {
      const made = await db.transaction().execute(async (trx) => {
        const securityCode = await freeCode(trx, date);
        const stamp = iso(now);
        const code = await trx
          .insertInto('checkin_codes')
          .values({
            date,
            security_code: securityCode,
            service_id: Number(service.id),
            branch_id: Number(service.branch_id),
            household_id: householdId,
            guardian_name: input.guardianName ?? null,
            guardian_phone: texted?.ok ? phone : null,
            station_id: caller.station ? Number(caller.station.id) : null,
            user_id: caller.userId ?? null,
            idempotency_key: key,
            created_at: stamp,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('child_checkins')
          .values(
            children.map((c) => ({
              code_id: Number(code.id),
              service_id: Number(service.id),
              branch_id: Number(service.branch_id),
              date,
              security_code: securityCode,
              person_id: c.personId,
              user_id: c.userId,
              name: c.name,
              allergies: c.allergies,
              guardian_name: input.guardianName ?? null,
              checked_in_at: stamp,
              checked_in_station: caller.station ? Number(caller.station.id) : null,
              checked_in_by: caller.userId ?? null,
            })),
          )
          .execute();
        if (texted?.ok) {
          const names = children.map((c) => c.name).join(', ');
          await queueSms(
            trx,
            `checkin-${code.id}`,
            {
              to: texted.number,
              text: `Children's check-in: your pickup code is ${securityCode} (${names}). Show it to collect them.`,
            },
            now,
          );
        }
        return { id: Number(code.id), securityCode };
      });
      if (texted?.ok) deps.outbox?.wake();
      // The answer from what was just written, not read back.
      return {
        ...made,
        children: children.map((c) => ({ id: c.id, name: c.name })),
        sms: Boolean(texted?.ok),
        printer,
        labels: { code: made.securityCode, service: service.name, date, children },
      };
    } catch (err) {
      // Another station took the code, or the same child, or sent the same key, at the same moment: look again.
      if (!isUniqueViolation(err) || attempt >= 5) throw err;
      const again = await madeBefore();
      if (again) return again;
    }
  }
}

/** Marks today's children of the code collected, by this station or staff member, now. */
export async function checkOut(deps: AppDeps, caller: Caller, securityCode: string) {
  const db = deps.database.db;
  const now = deps.now();
  const q = db
    .selectFrom('child_checkins')
    .select(['id', 'person_id', 'user_id', 'name', 'collected_at'])
    .where('date', '=', dayOf(now))
    .where('security_code', '=', securityCode)
    .orderBy('id');
  const rows = await inScope(q, caller.scope, 'child_checkins.branch_id').execute();
  if (!rows.length) throw new ApiError(404, CHECKIN_TEXT.codeNotFound);
  const waiting = rows.filter((r) => r.collected_at === null);
  if (!waiting.length) throw new ApiError(409, CHECKIN_TEXT.alreadyCollected(rows.map((r) => r.name).join(', ')));
  // Conditional on still being there: two stations typing the code at once release the children once.
  const done = await db
    .updateTable('child_checkins')
    .set({
      collected_at: iso(now),
      collected_station: caller.station ? Number(caller.station.id) : null,
      collected_by: caller.userId ?? null,
    })
    .where(
      'id',
      'in',
      waiting.map((r) => Number(r.id)),
    )
    .where('collected_at', 'is', null)
    .returning(['id', 'person_id', 'user_id', 'name'])
    .execute();
  if (!done.length) throw new ApiError(409, CHECKIN_TEXT.alreadyCollected(rows.map((r) => r.name).join(', ')));
  done.sort((a, b) => Number(a.id) - Number(b.id));
  return {
    children: done.map((c) => ({
      id: c.person_id ? childId('p', Number(c.person_id)) : childId('u', Number(c.user_id)),
      name: c.name,
    })),
  };
}

/** The children of a service on a date who are checked in and not collected, with allergies (staff). */
export async function present(
  deps: AppDeps,
  scope: Scope,
  serviceId: number,
  date: string | undefined,
): Promise<PresentAnswer> {
  const db = deps.database.db;
  const service = await serviceInScope(db, scope, serviceId);
  if (!service) throw new ApiError(404, CHECKIN_TEXT.serviceNotFound);
  const day = date ?? dayOf(deps.now());
  const rows = await db
    .selectFrom('child_checkins')
    .selectAll()
    .where('service_id', '=', serviceId)
    .where('date', '=', day)
    .where('collected_at', 'is', null)
    .orderBy('name')
    .orderBy('id')
    .execute();
  return {
    service: { id: Number(service.id), name: service.name },
    date: day,
    children: rows.map((r) => ({
      id: r.person_id ? childId('p', Number(r.person_id)) : childId('u', Number(r.user_id)),
      name: r.name,
      allergies: r.allergies,
      securityCode: r.security_code,
      guardianName: r.guardian_name,
      checkedInAt: r.checked_in_at,
    })),
  };
}
