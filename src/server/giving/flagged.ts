// A flagged gift resolved (docs/API.md, Giving): Paystack's answer did not match the gift (./online.ts flags it), and
// staff, having looked, credit it or close it; audited.
import { sql } from 'kysely';
import type { z } from 'zod';
import type { AppDeps, UserRow } from '../kernel/context';
import { ApiError } from '../kernel/errors';
import { iso } from '../db/time';
import { churchContact } from '../settings/church';
import { withAudit } from '../activity/audit';
import { GIVING_TEXTS, type resolveBodySchema } from '../../lib/shared/giving/api';
import { oneGift } from './gifts';
import { queueReceipt } from './receipts';

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
