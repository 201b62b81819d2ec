// The thanks page's answer (/give/thanks): a receipt only when the provider confirmed the gift. Only a pending gift
// is verified with the provider, at most PUBLIC_RATE_LIMIT times per address in ten minutes.
import type { AppDeps } from '../kernel/context';
import { ApiError } from '../kernel/errors';
import { RATE_WINDOW_MS, checkRate, countCall, type RateRule } from '../kernel/rate-limit';
import { clientFrom } from '../kernel/client';
import { formatCedis } from '../../lib/shared/giving/money';
import { GIVING_TEXTS } from '../../lib/shared/giving/api';
import type { Caller, ThanksAnswer } from '../../lib/shared/giving/reader';
import type { Verification } from '../kernel/ports';
import { ProviderUnavailable } from './provider';
import { verifyGift } from './online';

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
