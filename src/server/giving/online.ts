// Online gifts (docs/API.md, Giving): starting one and crediting it. startGift writes the gift `pending` with its
// own reference, then asks the provider (deps.payments, kernel/ports.ts) where the giver pays; if the provider is
// down or refuses, the row is marked `failed` at once (nothing half-made stays pending) and the giver gets a 502.
// Only a verified provider answer moves a gift on: `paid` with its receipt queued in the same transaction
// (./receipts.ts), or `flagged` when the amount or currency differs. Each update is conditional on the status it
// moves from, so two instances (or a webhook, the thanks page and the background check at once) credit a gift once.
import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../kernel/context';
import { ApiError } from '../kernel/errors';
import { iso } from '../db/time';
import { admitSubmission } from '../public/limit';
import { churchContact } from '../settings/church';
import { CURRENCY, amountText } from '../../lib/shared/giving/money';
import { GIVING_TEXTS, type GiftInput, type GiftStarted } from '../../lib/shared/giving/api';
import type { PaymentProvider, Verification } from '../kernel/ports';
import { ProviderUnavailable } from './provider';
import { requireFund } from './funds';
import { queueReceipt } from './receipts';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { fieldError } from '../kernel/errors';
import { BRANCH_UNKNOWN } from '../../lib/shared/messages';

/** The app's payment provider (the port deps.payments), or null when online giving is not set up. */
export const providerOf = (deps: AppDeps): PaymentProvider | null => deps.payments ?? null;

/** Where the provider sends the giver back (CONTRACT: {SITE_URL}/give/thanks). */
export const thanksUrl = (deps: AppDeps) => `${deps.config.siteUrl}/give/thanks`;

/** Ours, unique, and what the provider knows the payment by: GC- and 20 hex digits. */
const newReference = () => `GC-${randomBytes(10).toString('hex').toUpperCase()}`;

// ---- Online gifts ----

/**
 * The branch a giver chose (anyone may give to any assembly, so no scope) and the Paystack subaccount its money
 * settles to: the branch's own code, else the nearest branch above it that has one (its path names them all).
 * No branch chosen: the root, as CONTRACT says of a visitor's gift, and no subaccount (the church's own account).
 */
export async function giftBranch(
  db: Kysely<DB>,
  id: number | undefined,
): Promise<{ branchId: number | undefined; subaccount: string | null }> {
  if (id === undefined) return { branchId: undefined, subaccount: null };
  const branch = await db.selectFrom('branches').select('path').where('id', '=', id).executeTakeFirst();
  if (!branch) throw fieldError('branch', BRANCH_UNKNOWN);
  const above = branch.path.split('/').filter(Boolean).map(Number);
  const withCode = await db
    .selectFrom('branches')
    .select('paystack_subaccount')
    .where('id', 'in', above)
    .where('paystack_subaccount', 'is not', null)
    .orderBy('path', 'desc')
    .limit(1)
    .executeTakeFirst();
  return { branchId: id, subaccount: withCode?.paystack_subaccount ?? null };
}

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
  const branch = await giftBranch(db, input.branch);
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
        branch_id: branch.branchId,
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
      subaccount: branch.subaccount,
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
