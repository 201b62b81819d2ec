// The background check of online gifts (CONTRACT: a gift still pending 15 minutes after it began is verified with
// Paystack), so a lost webhook, or a process killed between Paystack's success and our write, still credits the
// gift. The job runner runs it every minute (src/server/jobs/giving-check.ts). A pass claims a few old pending
// gifts by stamping `updated_at`, so each is asked about at most once a minute whichever instance looks; on
// PostgreSQL the claim skips rows another instance is claiming that instant (FOR UPDATE SKIP LOCKED, as the outbox
// worker does). Crediting itself is safe to repeat (online.ts applyVerification moves only a pending gift).
import type { AppDeps } from '../kernel/context';
import { iso } from '../db/time';
import { ProviderUnavailable } from './provider';
import { applyVerification, providerOf } from './online';

/** Asked about this many gifts a pass at most, so a backlog does not flood Paystack. */
const BATCH = 20;
/** A payment not completed after a day is given up (Paystack's checkout has long expired). */
const GIVE_UP_MS = 24 * 3_600_000;

/** One pass: asks Paystack about a few gifts pending longer than `afterMs`; answers how many. */
export async function checkPendingGifts(deps: AppDeps): Promise<number> {
  const { afterMs, everyMs } = deps.config.givingVerify;
  const provider = providerOf(deps);
  if (!provider) return 0;
  const { db, dialect } = deps.database;
  const now = deps.now();
  const due = db
    .selectFrom('gifts')
    .select('id')
    .where('status', '=', 'pending')
    .where('method', '=', 'paystack')
    .where('created_at', '<=', iso(now - afterMs))
    .where('updated_at', '<=', iso(now - everyMs + 1))
    .orderBy('updated_at')
    .limit(BATCH);
  const claimed = await db
    .updateTable('gifts')
    .set({ updated_at: iso(now) })
    .where('id', 'in', dialect === 'postgres' ? due.forUpdate().skipLocked() : due)
    .where('status', '=', 'pending')
    .returning(['reference', 'created_at'])
    .execute();
  for (const gift of claimed) {
    const giveUp = now - Date.parse(gift.created_at) >= GIVE_UP_MS;
    try {
      const verified = await provider.verify(gift.reference);
      if (verified) await applyVerification(deps, verified, { giveUp });
      // Paystack knows no such payment (the process stopped before it was started): nobody can pay it.
      else await failUnknown(deps, gift.reference);
    } catch (err) {
      if (!(err instanceof ProviderUnavailable)) throw err;
      // Paystack is down: the gift stays pending and is asked about again next minute.
      console.error(JSON.stringify({ level: 'warn', msg: 'giving check: Paystack unavailable', error: err.message }));
      break;
    }
  }
  return claimed.length;
}

async function failUnknown(deps: AppDeps, reference: string) {
  await deps.database.db
    .updateTable('gifts')
    .set({ status: 'failed', flag_reason: 'Paystack has no such payment.', updated_at: iso(deps.now()) })
    .where('reference', '=', reference)
    .where('status', '=', 'pending')
    .execute();
}
