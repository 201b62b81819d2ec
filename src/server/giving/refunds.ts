// A refund (docs/API.md, Giving): a paid gift given back, wholly or in part, by staff; audited.
import type { z } from 'zod';
import type { AppDeps, UserRow } from '../kernel/context';
import { ApiError, fieldError } from '../kernel/errors';
import { iso } from '../db/time';
import { withAudit } from '../activity/audit';
import { formatCedis } from '../../lib/shared/giving/money';
import { GIVING_TEXTS, type refundBodySchema } from '../../lib/shared/giving/api';
import { oneGift } from './gifts';

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
