// What staff and members read of gifts: the staff list (filters, search, CSV) and a member's own gifts (their yearly
// statement is ./statements.ts). Amounts are pesewas below, cedis in the answers (lib/shared/giving/money.ts).
import { sql, type Kysely, type NotNull, type Selectable, type Transaction } from 'kysely';
import type { DB, GiftsTable } from '../db/schema';
import { ApiError } from '../kernel/errors';
import type { Scope } from '../kernel/context';
import { inScope } from '../kernel/scope';
import { normalisePhone } from '../../lib/shared/phone';
import { CURRENCY, toCedis } from '../../lib/shared/giving/money';
import { GIVING_TEXTS, type GiftAnswer, type giftQuerySchema } from '../../lib/shared/giving/api';
import type { z } from 'zod';

type Writer = Kysely<DB> | Transaction<DB>;
type GiftRow = Selectable<GiftsTable>;
// ---- What staff and members see ----

export function giftQuery(db: Kysely<DB>) {
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
export type GiftJoined = GiftRow & { fund: string; recorder: string | null; refunder: string | null };

export function giftAnswer(row: GiftJoined): GiftAnswer {
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
    branchId: Number(row.branch_id),
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
export async function listGifts(
  db: Kysely<DB>,
  scope: Scope,
  filter: z.output<typeof giftQuerySchema>,
): Promise<GiftAnswer[]> {
  let query = inScope(giftQuery(db), scope, 'gifts.branch_id');
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

export async function oneGift(db: Writer, id: number): Promise<GiftAnswer> {
  const row = await giftQuery(db as Kysely<DB>)
    .where('gifts.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new ApiError(404, GIVING_TEXTS.giftNotFound);
  return giftAnswer(row as GiftJoined);
}

/** A staff gift's reference: its method and a random part (cash and cheques have no provider reference). */
