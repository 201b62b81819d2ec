// Giving (docs/API.md, Giving): funds, online gifts through the payment provider, and what staff record. Every
// amount here is pesewas (lib/shared/giving/money.ts); answers give cedis.
//
// An online gift's life: startGift writes it `pending` with its own reference, then asks the provider where the
// giver pays; if the provider is down or refuses, the row is marked `failed` at once (nothing half-made stays
// pending) and the giver gets a 502. Only a verified provider answer moves a gift on (credit): `paid` with its
// receipt queued in the same transaction, or `flagged` when the amount or currency differs. The update is
// conditional on the status it moves from, so two instances (or a webhook, the thanks page and the background
// check at once) credit a gift once and queue one receipt.
import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type NotNull, type Selectable, type Transaction } from 'kysely';
import type { AppDeps, UserRow } from '../kernel/context';
import type { DB, GiftsTable } from '../db/schema';
import { ApiError, fieldError } from '../kernel/errors';
import { iso } from '../db/time';
import { admitSubmission } from '../public/limit';
import { RATE_WINDOW_MS, checkRate, countCall, type RateRule } from '../kernel/rate-limit';
import { clientFrom } from '../kernel/client';
import { queueEmail, queueSms } from '../outbox/queue';
import { oneLine } from '../notifications/service';
import { churchContact, signature } from '../settings/church';
import { withAudit } from '../activity/audit';
import { smsNumber, visitorMayBeTexted } from '../../lib/shared/sms/numbers';
import { normalisePhone } from '../../lib/shared/phone';
import { CURRENCY, amountText, formatCedis, toCedis } from '../../lib/shared/giving/money';
import {
  GIFT_METHOD_LABELS,
  GIVING_TEXTS,
  type BatchAnswer,
  type FundAnswer,
  type GiftAnswer,
  type GiftInput,
  type GiftStarted,
  type PublicFund,
  type giftQuerySchema,
  type batchBodySchema,
  type fundBodySchema,
  type fundChangeSchema,
  type refundBodySchema,
  type resolveBodySchema,
  type staffGiftBodySchema,
} from '../../lib/shared/giving/api';
import type { z } from 'zod';
import type { Caller, GivingStatement, ThanksAnswer } from '../../lib/shared/giving/reader';
import { fullName } from '../../lib/shared/format';
import type { PaymentProvider, Verification } from '../kernel/ports';
import { ProviderUnavailable } from './provider';

type GiftRow = Selectable<GiftsTable>;
type Writer = Kysely<DB> | Transaction<DB>;

/** The app's payment provider (the port deps.payments), or null when online giving is not set up. */
export const providerOf = (deps: AppDeps): PaymentProvider | null => deps.payments ?? null;

/** Where the provider sends the giver back (CONTRACT: {SITE_URL}/give/thanks). */
export const thanksUrl = (deps: AppDeps) => `${deps.config.siteUrl}/give/thanks`;

/** Ours, unique, and what the provider knows the payment by: GC- and 20 hex digits. */
const newReference = () => `GC-${randomBytes(10).toString('hex').toUpperCase()}`;

// ---- Funds ----

const fundAnswer = (row: Selectable<DB['funds']>): FundAnswer => ({
  id: Number(row.id),
  name: row.name,
  description: row.description,
  active: Boolean(row.active),
  sort: Number(row.sort),
  createdAt: row.created_at,
});

/** The funds that take gifts, in the church's order (GET /giving/funds/, /give's select). */
export async function activeFunds(db: Kysely<DB>): Promise<PublicFund[]> {
  const rows = await db
    .selectFrom('funds')
    .select(['id', 'name', 'description'])
    .where('active', '=', true)
    .orderBy('sort')
    .orderBy('name')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), name: r.name, description: r.description }));
}

export async function allFunds(db: Kysely<DB>): Promise<FundAnswer[]> {
  const rows = await db.selectFrom('funds').selectAll().orderBy('sort').orderBy('name').execute();
  return rows.map(fundAnswer);
}

/** A fund named by id or by name (case-insensitive); only an active one unless staff record an older gift. */
async function fundOf(db: Writer, ref: number | string, { activeOnly }: { activeOnly: boolean }) {
  let query = db.selectFrom('funds').select(['id', 'name', 'active']);
  query =
    typeof ref === 'number' || /^\d+$/.test(ref)
      ? query.where('id', '=', Number(ref))
      : query.where(sql`lower(name)`, '=', ref.toLowerCase());
  const row = await query.executeTakeFirst();
  if (!row || (activeOnly && !row.active)) return undefined;
  return { id: Number(row.id), name: row.name };
}

async function requireFund(db: Writer, ref: number | string, field = 'fund', activeOnly = true) {
  const fund = await fundOf(db, ref, { activeOnly });
  if (!fund) throw fieldError(field, GIVING_TEXTS.unknownFund);
  return fund;
}

export async function createFund(deps: AppDeps, actor: UserRow, body: z.output<typeof fundBodySchema>) {
  const now = deps.now();
  return deps.database.db.transaction().execute(async (trx) => {
    await refuseTakenName(trx, body.name);
    const row = await trx
      .insertInto('funds')
      .values({ ...body, created_at: iso(now) })
      .returningAll()
      .executeTakeFirstOrThrow();
    await withAudit(trx, { actor, target: null, targetName: body.name, action: 'create_fund' }, now);
    return fundAnswer(row);
  });
}

async function refuseTakenName(trx: Writer, name: string, except?: number) {
  let query = trx
    .selectFrom('funds')
    .select('id')
    .where(sql`lower(name)`, '=', name.toLowerCase());
  if (except) query = query.where('id', '!=', except);
  if (await query.executeTakeFirst())
    throw new ApiError(409, GIVING_TEXTS.fundTaken, { name: [GIVING_TEXTS.fundTaken] });
}

export async function changeFund(deps: AppDeps, actor: UserRow, id: number, change: z.output<typeof fundChangeSchema>) {
  const now = deps.now();
  return deps.database.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('funds').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw new ApiError(404, GIVING_TEXTS.fundNotFound);
    if (change.name) await refuseTakenName(trx, change.name, id);
    const row = Object.keys(change).length
      ? await trx.updateTable('funds').set(change).where('id', '=', id).returningAll().executeTakeFirstOrThrow()
      : before;
    await withAudit(trx, { actor, target: null, targetName: row.name, action: 'update_fund' }, now);
    return fundAnswer(row);
  });
}

export async function deleteFund(deps: AppDeps, actor: UserRow, id: number) {
  const now = deps.now();
  await deps.database.db.transaction().execute(async (trx) => {
    const fund = await trx.selectFrom('funds').select('name').where('id', '=', id).executeTakeFirst();
    if (!fund) throw new ApiError(404, GIVING_TEXTS.fundNotFound);
    const used = await trx.selectFrom('gifts').select('id').where('fund_id', '=', id).executeTakeFirst();
    if (used) throw new ApiError(409, GIVING_TEXTS.fundHasGifts);
    await trx.deleteFrom('funds').where('id', '=', id).execute();
    await withAudit(trx, { actor, target: null, targetName: fund.name, action: 'delete_fund' }, now);
  });
}

// ---- Online gifts ----

/**
 * POST /giving/: the gift row first (`pending`, its reference), then the provider. `userId` links a signed-in
 * member's gift to them. 503 without a provider; 502 (and the row `failed`) when the provider cannot start it.
 */
export async function startGift(
  deps: AppDeps,
  clientKey: string,
  userId: number | null,
  input: GiftInput,
): Promise<GiftStarted> {
  const provider = providerOf(deps);
  if (!provider) throw new ApiError(503, GIVING_TEXTS.notConfigured);
  const db = deps.database.db;
  const fund = await requireFund(db, input.fund);
  const reference = newReference();
  const stamp = iso(deps.now());
  await admitSubmission(deps, 'gift', clientKey, (trx) =>
    trx
      .insertInto('gifts')
      .values({
        reference,
        fund_id: fund.id,
        amount: input.amount,
        currency: CURRENCY,
        status: 'pending',
        method: 'paystack',
        name: input.name,
        email: input.email,
        phone: input.phone,
        note: input.note,
        user_id: userId,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute(),
  );
  try {
    const { authorizationUrl } = await provider.initialize({
      reference,
      amountPesewas: input.amount,
      email: input.email,
      callbackUrl: thanksUrl(deps),
      metadata: { fund: fund.name, name: input.name, gift_reference: reference },
    });
    return { reference, authorization_url: authorizationUrl };
  } catch (err) {
    if (!(err instanceof ProviderUnavailable)) throw err;
    console.error(
      JSON.stringify({ level: 'error', msg: 'giving: provider unavailable', reference, error: err.message }),
    );
    await db
      .updateTable('gifts')
      .set({ status: 'failed', flag_reason: 'The payment could not be started.', updated_at: iso(deps.now()) })
      .where('reference', '=', reference)
      .where('status', '=', 'pending')
      .execute();
    throw new ApiError(502, GIVING_TEXTS.unavailable);
  }
}

export type CreditOutcome = 'paid' | 'flagged' | 'failed' | 'unchanged';

/**
 * Applies the provider's verified word on a gift: `success` with the gift's amount and currency pays it (receipt
 * queued in the same transaction), a different amount or currency flags it for staff; `failed` (or `abandoned`
 * once `giveUp` says it has waited long enough) fails it. Only a `pending` gift moves, so the same word twice, or
 * from two instances at once, changes nothing the second time.
 */
export async function applyVerification(
  deps: AppDeps,
  verified: Verification,
  { giveUp = false }: { giveUp?: boolean } = {},
): Promise<CreditOutcome> {
  const now = deps.now();
  const stamp = iso(now);
  const db = deps.database.db;
  const church = verified.status === 'success' ? await churchContact(db) : undefined;
  const outcome = await db.transaction().execute(async (trx): Promise<CreditOutcome> => {
    const pending = trx
      .updateTable('gifts')
      .where('reference', '=', verified.reference)
      .where('method', '=', 'paystack')
      .where('status', '=', 'pending');
    if (verified.status === 'success') {
      const gift = await trx
        .selectFrom('gifts')
        .select(['amount', 'currency'])
        .where('reference', '=', verified.reference)
        .executeTakeFirst();
      if (!gift) return 'unchanged';
      const details = { channel: verified.channel, provider_id: verified.providerId, updated_at: stamp };
      if (gift.amount !== verified.amountPesewas || gift.currency !== verified.currency) {
        const reason = `Paystack received ${verified.currency} ${amountText(verified.amountPesewas)} for a gift of ${gift.currency} ${amountText(gift.amount)}.`;
        const flagged = await pending.set({ ...details, status: 'flagged', flag_reason: reason }).executeTakeFirst();
        return flagged.numUpdatedRows > 0n ? 'flagged' : 'unchanged';
      }
      const paid = await pending
        .set({ ...details, status: 'paid', paid_at: verified.paidAt ? iso(Date.parse(verified.paidAt) || now) : stamp })
        .returningAll()
        .executeTakeFirst();
      if (!paid) return 'unchanged';
      await queueReceipt(trx, deps, paid, church!, now);
      return 'paid';
    }
    if (verified.status === 'failed' || verified.status === 'reversed' || (giveUp && verified.status === 'abandoned')) {
      const failed = await pending
        .set({ status: 'failed', channel: verified.channel, updated_at: stamp })
        .executeTakeFirst();
      return failed.numUpdatedRows > 0n ? 'failed' : 'unchanged';
    }
    return 'unchanged';
  });
  if (outcome === 'paid') deps.outbox?.wake();
  return outcome;
}

/** The receipt of a paid gift: by email, and by SMS when the giver gave a phone and SMS is configured. */
async function queueReceipt(
  trx: Transaction<DB>,
  deps: AppDeps,
  gift: GiftRow,
  church: Awaited<ReturnType<typeof churchContact>>,
  now: number,
) {
  const fund = await trx.selectFrom('funds').select('name').where('id', '=', gift.fund_id).executeTakeFirstOrThrow();
  const amount = formatCedis(gift.amount);
  const date = (gift.paid_at ?? iso(now)).slice(0, 10);
  const key = `gift:${gift.reference}:receipt`;
  if (gift.email) {
    await queueEmail(
      trx,
      key,
      {
        to: oneLine(gift.email),
        subject: `Receipt for your gift: ${amount} to ${oneLine(fund.name)}`,
        text:
          [
            `Dear ${oneLine(gift.name ?? 'friend')},`,
            '',
            'Thank you for your gift. This is your receipt.',
            '',
            `Fund: ${fund.name}`,
            `Amount: ${amount}`,
            `Date: ${date}`,
            `Reference: ${gift.reference}`,
          ].join('\n') + signature(church),
      },
      now,
    );
  }
  const sms = deps.config.sms && gift.phone ? smsNumber(gift.phone) : undefined;
  // Anyone can start a gift, so its receipt is an SMS a visitor causes: only to SMS_VISITOR_COUNTRIES.
  if (sms?.ok && visitorMayBeTexted(deps.config.smsVisitorCountries, sms.number)) {
    const text = `Thank you for your gift of ${amount} to ${fund.name} on ${date}. Ref ${gift.reference}.`;
    await queueSms(trx, `${key}:sms`, { to: sms.number, text }, now);
  }
}

/** Asks the provider about one gift and applies the answer (the thanks page, webhooks, the background check). */
export async function verifyGift(deps: AppDeps, reference: string, options?: { giveUp?: boolean }) {
  const provider = providerOf(deps);
  if (!provider) return { verified: null, outcome: 'unchanged' as CreditOutcome };
  const verified = await provider.verify(reference);
  if (!verified || verified.reference !== reference) return { verified: null, outcome: 'unchanged' as CreditOutcome };
  return { verified, outcome: await applyVerification(deps, verified, options) };
}

/**
 * POST /giving/webhooks/paystack/: the signature over the raw body first (401 and nothing read otherwise); a
 * `charge.success` is then verified with the provider by its reference, never taken from the body.
 */
export async function receiveWebhook(deps: AppDeps, rawBody: Uint8Array, headers: Headers) {
  const provider = providerOf(deps);
  const event = provider?.verifyWebhook(rawBody, headers);
  if (!event) throw new ApiError(401, GIVING_TEXTS.badSignature);
  if (event.event !== 'charge.success' || !event.reference) return;
  try {
    await verifyGift(deps, event.reference);
  } catch (err) {
    // Paystack tries a webhook again when it is not answered 200: let it, while it cannot be verified.
    if (err instanceof ProviderUnavailable) throw new ApiError(502, GIVING_TEXTS.unavailable);
    throw err;
  }
}

/** Paystack's words for a payment still under way. */
const IN_PROGRESS = new Set(['ongoing', 'pending', 'processing', 'queued', 'send_otp', 'send_birthday', 'send_pin']);

/** Thanks pages one address may have verified with the provider in ten minutes (docs/API.md, Accounts and sessions). */
const thanksRule = (deps: AppDeps): RateRule => ({
  kind: 'give-thanks',
  limit: deps.config.publicRateLimit,
  windowMs: RATE_WINDOW_MS,
  detail: GIVING_TEXTS.unavailable,
});

/**
 * What the thanks page shows: a receipt only when the provider confirmed the gift as given. Only a gift still
 * pending is verified with the provider, and at most PUBLIC_RATE_LIMIT times per address in ten minutes: a gift
 * already settled answers from what is stored, so nobody can spend the church's provider quota by reloading the
 * page (or a script by calling it); past the limit the page says the receipt comes by email.
 */
export async function thanks(deps: AppDeps, reference: string | null, caller: Caller): Promise<ThanksAnswer> {
  const ref = reference?.trim() ?? '';
  if (!/^[\w.=-]{1,100}$/.test(ref)) return { state: 'not-completed', reference: null };
  const db = deps.database.db;
  const exists = await db.selectFrom('gifts').select('status').where('reference', '=', ref).executeTakeFirst();
  if (!exists) return { state: 'not-completed', reference: null };
  let verified: Verification | null = null;
  if (exists.status === 'pending') {
    const key = clientFrom(deps.config, caller.forwardedFor, caller.remote).key;
    const now = deps.now();
    try {
      await checkRate(db, thanksRule(deps), key, now);
      await countCall(db, thanksRule(deps), key, now);
      verified = (await verifyGift(deps, ref)).verified;
    } catch (err) {
      if (err instanceof ProviderUnavailable) return { state: 'unverified', reference: ref };
      if (err instanceof ApiError && err.status === 429) return { state: 'unverified', reference: ref };
      throw err;
    }
  }
  const gift = await db
    .selectFrom('gifts')
    .innerJoin('funds', 'funds.id', 'gifts.fund_id')
    .select(['gifts.status', 'gifts.amount', 'gifts.currency', 'gifts.paid_at', 'gifts.name', 'funds.name as fund'])
    .where('gifts.reference', '=', ref)
    .executeTakeFirstOrThrow();
  // Paid only once a verified answer of the provider with the gift's amount and currency credited it.
  const confirmed = gift.status === 'paid';
  // A mobile money payment waits for the giver's approval on their phone: not failed, not confirmed yet.
  const waiting = gift.status === 'pending' && IN_PROGRESS.has(verified?.status ?? '');
  // A payment that differs from the gift (flagged) was still taken: never tell its giver they were not charged.
  if (gift.status === 'flagged') return { state: 'flagged', reference: ref };
  if (!confirmed) return waiting ? { state: 'unverified', reference: ref } : { state: 'not-completed', reference: ref };
  return {
    state: 'paid',
    reference: ref,
    fund: gift.fund,
    amount: formatCedis(gift.amount),
    date: (gift.paid_at ?? '').slice(0, 10),
    name: gift.name,
  };
}

// ---- What staff and members see ----

function giftQuery(db: Kysely<DB>) {
  // Every gift has its fund (fund_id is a required reference), so a left join finds the same rows; it keeps gifts
  // the outer loop on SQLite, whose planner would otherwise start from the few funds and sort every gift rather
  // than read the newest through gifts_created.
  return db
    .selectFrom('gifts')
    .leftJoin('funds', 'funds.id', 'gifts.fund_id')
    .leftJoin('users as recorder', 'recorder.id', 'gifts.recorded_by')
    .leftJoin('users as refunder', 'refunder.id', 'gifts.refunded_by')
    .selectAll('gifts')
    .select(['funds.name as fund', 'recorder.username as recorder', 'refunder.username as refunder'])
    .$narrowType<{ fund: NotNull }>();
}
type GiftJoined = GiftRow & { fund: string; recorder: string | null; refunder: string | null };

function giftAnswer(row: GiftJoined): GiftAnswer {
  return {
    id: Number(row.id),
    reference: row.reference,
    fund: row.fund,
    amount: toCedis(row.amount),
    currency: CURRENCY,
    status: row.status,
    method: row.method,
    name: row.name,
    email: row.email,
    paidAt: row.paid_at,
    createdAt: row.created_at,
    fundId: Number(row.fund_id),
    phone: row.phone,
    note: row.note,
    channel: row.channel,
    flagReason: row.flag_reason,
    resolutionNote: row.resolution_note,
    batchId: row.batch_id == null ? null : Number(row.batch_id),
    userId: row.user_id == null ? null : Number(row.user_id),
    transactionId: row.provider_id,
    recordedBy: row.recorder,
    refund:
      row.refund_amount == null
        ? null
        : {
            amount: toCedis(row.refund_amount),
            date: row.refund_date ?? '',
            reason: row.refund_reason ?? '',
            by: row.refunder,
          },
  };
}

/** GET /giving/gifts/: newest first, by the filters (from/to are days of paidAt, else createdAt). */
export async function listGifts(db: Kysely<DB>, filter: z.output<typeof giftQuerySchema>): Promise<GiftAnswer[]> {
  let query = giftQuery(db);
  if (filter.fund) query = query.where('gifts.fund_id', '=', filter.fund);
  if (filter.status) query = query.where('gifts.status', '=', filter.status);
  if (filter.method) query = query.where('gifts.method', '=', filter.method);
  // As the gifts_day index reads it (migration 0013).
  const day = sql<string>`coalesce(gifts.paid_at, gifts.created_at)`;
  if (filter.from) query = query.where(day, '>=', filter.from);
  if (filter.to) query = query.where(day, '<', nextDay(filter.to));
  if (filter.q) {
    const like = `%${filter.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // A whole phone as staff write it (024 555 0123) finds the number stored whole (+233245550123).
    const phone = normalisePhone(filter.q);
    query = query.where((eb) =>
      eb.or([
        ...['gifts.name', 'gifts.email', 'gifts.reference', 'gifts.phone', 'gifts.provider_id'].map((col) =>
          eb(sql`lower(coalesce(${sql.ref(col)}, ''))`, 'like', sql`${like} escape '\\'`),
        ),
        ...(phone ? [eb('gifts.phone', '=', phone)] : []),
      ]),
    );
  }
  const rows = await query.orderBy('gifts.created_at', 'desc').orderBy('gifts.id', 'desc').limit(5000).execute();
  return rows.map(giftAnswer);
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** A member's own gifts, newest first (GET /members/me/ `gifts`, /my/gifts). */
export async function giftsOfUser(db: Kysely<DB>, userId: number) {
  const rows = await db
    .selectFrom('gifts')
    .innerJoin('funds', 'funds.id', 'gifts.fund_id')
    .select([
      'gifts.id',
      'gifts.reference',
      'funds.name as fund',
      'gifts.amount',
      'gifts.status',
      'gifts.method',
      'gifts.paid_at',
      'gifts.created_at',
    ])
    .where('gifts.user_id', '=', userId)
    .orderBy('gifts.created_at', 'desc')
    .orderBy('gifts.id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    reference: r.reference,
    fund: r.fund,
    amount: toCedis(r.amount),
    currency: CURRENCY,
    status: r.status,
    method: r.method,
    paidAt: r.paid_at,
    createdAt: r.created_at,
  }));
}

/** A member's yearly statement: their paid gifts of that year (less refunds), and the years they gave in. */
export async function statementOf(db: Kysely<DB>, userId: number, year: number): Promise<GivingStatement | null> {
  const user = await db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'username', 'email'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return null;
  const rows = await db
    .selectFrom('gifts')
    .innerJoin('funds', 'funds.id', 'gifts.fund_id')
    .select([
      'gifts.reference',
      'funds.name as fund',
      'gifts.amount',
      'gifts.refund_amount',
      'gifts.paid_at',
      'gifts.method',
    ])
    .where('gifts.user_id', '=', userId)
    .where('gifts.status', 'in', ['paid', 'refunded'])
    .orderBy('gifts.paid_at')
    .execute();
  const years = [...new Set(rows.map((r) => Number((r.paid_at ?? '').slice(0, 4))))].filter(Boolean);
  // What counts as given, as in every giving figure (summary.ts): the gift less what went back.
  const ofYear = rows
    .filter((r) => (r.paid_at ?? '').startsWith(`${year}-`))
    .map((r) => ({ ...r, given: r.amount - (r.refund_amount ?? 0) }));
  const total = ofYear.reduce((sum, r) => sum + r.given, 0);
  return {
    year,
    name: fullName(user),
    email: user.email,
    gifts: ofYear.map((r) => ({
      reference: r.reference,
      fund: r.fund,
      date: (r.paid_at ?? '').slice(0, 10),
      method: GIFT_METHOD_LABELS[r.method],
      amount: formatCedis(r.given),
    })),
    total: formatCedis(total),
    years: years.sort((a, b) => b - a),
  };
}

async function oneGift(db: Writer, id: number): Promise<GiftAnswer> {
  const row = await giftQuery(db as Kysely<DB>)
    .where('gifts.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new ApiError(404, GIVING_TEXTS.giftNotFound);
  return giftAnswer(row as GiftJoined);
}

/** A staff gift's reference: its method and a random part (cash and cheques have no provider reference). */
const staffReference = (method: string) =>
  `${method.toUpperCase().replace('_', '')}-${randomBytes(8).toString('hex').toUpperCase()}`;

/** POST /giving/gifts/: a cash, cheque, bank or mobile money gift, paid on its date; audited. */
export async function recordGift(deps: AppDeps, actor: UserRow, body: z.output<typeof staffGiftBodySchema>) {
  const now = deps.now();
  const id = await deps.database.db.transaction().execute(async (trx) => {
    const fund = await requireFund(trx, body.fund, 'fund', false);
    const giver = await giverOf(trx, body, 'user_id');
    const inserted = await insertStaffGift(trx, actor, { ...body, ...giver, fundId: fund.id, batchId: null }, now);
    const what = `${formatCedis(body.amount)} to ${fund.name}${giver.name ? ` from ${giver.name}` : ''}`;
    await withAudit(trx, { actor, target: null, targetName: what, action: 'record_gift' }, now);
    return inserted;
  });
  return oneGift(deps.database.db, id);
}

/**
 * A staff gift's giver: the linked account (which must exist), named by the account when staff gave no name, so
 * the list reads who gave; or only the name a visitor's envelope carried.
 */
async function giverOf(
  trx: Transaction<DB>,
  gift: { user_id?: number | null; name?: string | null },
  field: string,
): Promise<{ userId: number | null; name: string | null }> {
  if (!gift.user_id) return { userId: null, name: gift.name ?? null };
  const user = await trx
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'username'])
    .where('id', '=', gift.user_id)
    .executeTakeFirst();
  if (!user) throw fieldError(field, GIVING_TEXTS.giverNotFound);
  return { userId: Number(user.id), name: gift.name || fullName(user) };
}

async function insertStaffGift(
  trx: Transaction<DB>,
  actor: UserRow,
  gift: {
    fundId: number;
    amount: number;
    method: GiftRow['method'];
    date: string;
    name: string | null;
    userId: number | null;
    transaction_id?: string | null;
    batchId: number | null;
  },
  now: number,
) {
  const stamp = iso(now);
  const row = await trx
    .insertInto('gifts')
    .values({
      reference: staffReference(gift.method),
      fund_id: gift.fundId,
      amount: gift.amount,
      currency: CURRENCY,
      status: 'paid',
      method: gift.method,
      name: gift.name,
      user_id: gift.userId,
      // Kept where an online gift keeps Paystack's id: what staff look a mobile money payment up by.
      provider_id: gift.transaction_id ?? null,
      paid_at: `${gift.date}T12:00:00.000Z`,
      batch_id: gift.batchId,
      recorded_by: actor.id,
      created_at: stamp,
      updated_at: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** POST /giving/batches/: a Sunday's envelopes in one transaction (the total was checked against the sum). */
export async function recordBatch(
  deps: AppDeps,
  actor: UserRow,
  body: z.output<typeof batchBodySchema>,
): Promise<BatchAnswer> {
  const now = deps.now();
  const db = deps.database.db;
  const batchId = await db.transaction().execute(async (trx) => {
    const funds = [];
    for (const [i, gift] of body.gifts.entries())
      funds.push(await requireFund(trx, gift.fund, `gifts.${i}.fund`, false));
    const batch = await trx
      .insertInto('gift_batches')
      .values({
        date: body.date,
        method: body.method,
        total: body.total,
        count: body.gifts.length,
        recorded_by: actor.id,
        created_at: iso(now),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(batch.id);
    for (const [i, gift] of body.gifts.entries()) {
      const giver = await giverOf(trx, gift, `gifts.${i}.user_id`);
      await insertStaffGift(
        trx,
        actor,
        {
          fundId: funds[i].id,
          amount: gift.amount,
          method: body.method,
          date: body.date,
          ...giver,
          transaction_id: gift.transaction_id,
          batchId: id,
        },
        now,
      );
    }
    const what = `${body.gifts.length} gifts of ${body.date}, ${formatCedis(body.total)}`;
    await withAudit(trx, { actor, target: null, targetName: what, action: 'record_batch' }, now);
    return id;
  });
  const rows = await giftQuery(db).where('gifts.batch_id', '=', batchId).orderBy('gifts.id').execute();
  return {
    id: batchId,
    date: body.date,
    method: body.method,
    total: toCedis(body.total),
    count: rows.length,
    gifts: rows.map((r) => giftAnswer(r as GiftJoined)),
  };
}

/** POST /giving/gifts/{id}/refund/: a paid gift, wholly or in part; the gift becomes `refunded`; audited. */
export async function refundGift(deps: AppDeps, actor: UserRow, id: number, body: z.output<typeof refundBodySchema>) {
  const now = deps.now();
  await deps.database.db.transaction().execute(async (trx) => {
    const gift = await trx
      .selectFrom('gifts')
      .select(['status', 'amount', 'reference'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!gift) throw new ApiError(404, GIVING_TEXTS.giftNotFound);
    if (gift.status !== 'paid') throw new ApiError(409, GIVING_TEXTS.notRefundable);
    const amount = body.amount ?? gift.amount;
    if (amount > gift.amount) throw fieldError('amount', GIVING_TEXTS.refundTooLarge);
    const done = await trx
      .updateTable('gifts')
      .set({
        status: 'refunded',
        refund_amount: amount,
        refund_date: body.date ?? iso(now).slice(0, 10),
        refund_reason: body.reason,
        refunded_by: actor.id,
        updated_at: iso(now),
      })
      .where('id', '=', id)
      .where('status', '=', 'paid')
      .executeTakeFirst();
    if (done.numUpdatedRows === 0n) throw new ApiError(409, GIVING_TEXTS.notRefundable);
    const what = `${formatCedis(amount)} of gift ${gift.reference}`;
    await withAudit(trx, { actor, target: null, targetName: what, action: 'refund_gift', reason: body.reason }, now);
  });
  return oneGift(deps.database.db, id);
}

/**
 * POST /giving/gifts/{id}/resolve/: staff looked at a flagged gift. `paid` credits it (at `amount` when what
 * arrived differs) and sends the receipt; `failed` closes it. Audited, with staff's note as the entry's reason.
 */
export async function resolveGift(deps: AppDeps, actor: UserRow, id: number, body: z.output<typeof resolveBodySchema>) {
  const now = deps.now();
  const church = await churchContact(deps.database.db);
  await deps.database.db.transaction().execute(async (trx) => {
    const update = trx
      .updateTable('gifts')
      .where('id', '=', id)
      .where('status', '=', 'flagged')
      .set({ updated_at: iso(now), recorded_by: actor.id, resolution_note: body.note });
    const row =
      body.status === 'paid'
        ? await update
            .set((eb) => ({
              status: 'paid',
              paid_at: eb.fn.coalesce('paid_at', sql.lit(iso(now))),
              ...(body.amount !== undefined && { amount: body.amount }),
            }))
            .returningAll()
            .executeTakeFirst()
        : await update.set({ status: 'failed' }).returningAll().executeTakeFirst();
    if (!row) {
      const exists = await trx.selectFrom('gifts').select('id').where('id', '=', id).executeTakeFirst();
      throw exists ? new ApiError(409, GIVING_TEXTS.notFlagged) : new ApiError(404, GIVING_TEXTS.giftNotFound);
    }
    if (row.status === 'paid') await queueReceipt(trx, deps, row, church, now);
    const what = `gift ${row.reference} as ${row.status}`;
    await withAudit(trx, { actor, target: null, targetName: what, action: 'resolve_gift', reason: body.note }, now);
  });
  deps.outbox?.wake();
  return oneGift(deps.database.db, id);
}
