// What staff record (docs/API.md, Giving): a cash, cheque, bank or mobile money gift, and a Sunday's batch of envelopes
// that must add up to its counted total. Each audited. A refund is ./refunds.ts, a flagged gift resolved ./flagged.ts.
import { randomBytes } from 'node:crypto';
import type { Selectable, Transaction } from 'kysely';
import type { AppDeps, Scope, UserRow } from '../kernel/context';
import type { DB, GiftsTable } from '../db/schema';
import { fieldError } from '../kernel/errors';
import { iso } from '../db/time';
import { withAudit } from '../activity/audit';
import { CURRENCY, formatCedis, toCedis } from '../../lib/shared/giving/money';
import {
  GIVING_TEXTS,
  type BatchAnswer,
  type batchBodySchema,
  type staffGiftBodySchema,
} from '../../lib/shared/giving/api';
import type { z } from 'zod';
import { fullName } from '../../lib/shared/format';
import { requireFund } from './funds';
import { type GiftJoined, giftAnswer, giftQuery, oneGift } from './gifts';
import { branchInScope } from '../kernel/scope';

type GiftRow = Selectable<GiftsTable>;
const staffReference = (method: string) =>
  `${method.toUpperCase().replace('_', '')}-${randomBytes(8).toString('hex').toUpperCase()}`;

/** POST /giving/gifts/: a cash, cheque, bank or mobile money gift, paid on its date; audited. */
export async function recordGift(
  deps: AppDeps,
  actor: UserRow,
  scope: Scope,
  body: z.output<typeof staffGiftBodySchema>,
) {
  const now = deps.now();
  const id = await deps.database.db.transaction().execute(async (trx) => {
    const branchId = await giftBranch(trx, actor, scope, body.branchId);
    const fund = await requireFund(trx, body.fund, 'fund', false);
    const giver = await giverOf(trx, body, 'user_id');
    const gift = { ...body, ...giver, fundId: fund.id, batchId: null, branchId };
    const inserted = await insertStaffGift(trx, actor, gift, now);
    const what = `${formatCedis(body.amount)} to ${fund.name}${giver.name ? ` from ${giver.name}` : ''}`;
    await withAudit(trx, { actor, target: null, targetName: what, action: 'record_gift' }, now);
    return inserted;
  });
  return oneGift(deps.database.db, id);
}

/** A recorded gift's branch: the recorder's unless another of their scope is named (docs/API.md, Branches). */
async function giftBranch(trx: Transaction<DB>, actor: UserRow, scope: Scope, branchId: number | undefined) {
  if (branchId === undefined) return actor.branch_id;
  return Number((await branchInScope(trx, scope, branchId, 'branchId')).id);
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
    branchId: number;
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
      branch_id: gift.branchId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** POST /giving/batches/: a Sunday's envelopes in one transaction (the total was checked against the sum). */
export async function recordBatch(
  deps: AppDeps,
  actor: UserRow,
  scope: Scope,
  body: z.output<typeof batchBodySchema>,
): Promise<BatchAnswer> {
  const now = deps.now();
  const db = deps.database.db;
  const batchId = await db.transaction().execute(async (trx) => {
    const branchId = await giftBranch(trx, actor, scope, body.branchId);
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
          branchId,
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
