// Gift reconciliation: the gifts still pending a while after they began are verified with Paystack
// (src/server/giving/reconcile.ts), every GIVING_VERIFY_EVERY_MS (a minute; shorter only in tests).
import { checkPendingGifts } from '../giving/reconcile';
import type { AppJob } from './runner';

export const givingCheckJob: AppJob = {
  name: 'giving-check',
  every: (config) => config.givingVerify.everyMs,
  // Twenty questions to Paystack at most, each with its own timeout.
  leaseMs: 5 * 60_000,
  run: (deps) => checkPendingGifts(deps),
};
