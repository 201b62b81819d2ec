// A payment provider as giving sees it (DESIGN "Money"): start a payment, ask how a payment went, and judge a
// webhook. Paystack is the driver (./paystack.ts); another (Hubtel, say) implements the same three calls.
// Amounts are pesewas; references are ours (service.ts makes them), so the provider knows a gift by its reference.

export interface PaymentStart {
  reference: string;
  amountPesewas: number;
  email: string;
  /** Where the provider sends the giver back: {SITE_URL}/give/thanks. */
  callbackUrl: string;
  metadata: Record<string, string | number | null>;
}

/** What the provider says of a payment. `status` 'success' is the only one that pays a gift. */
export interface Verification {
  reference: string;
  status: 'success' | 'failed' | 'abandoned' | 'pending' | 'reversed' | (string & {});
  amountPesewas: number;
  currency: string;
  paidAt: string | null;
  /** How the giver paid: 'mobile_money', 'card', 'bank', … */
  channel: string | null;
  /** The provider's own id of the transaction. */
  providerId: string | null;
}

/** A webhook whose signature was right: the event and the payment it names. */
export interface WebhookEvent {
  event: string;
  reference: string | null;
}

export interface PaymentProvider {
  /** Answers where the giver pays; ProviderUnavailable when the provider is down or refuses. */
  initialize(start: PaymentStart): Promise<{ authorizationUrl: string }>;
  /** The provider's word on a payment; null when it knows no such reference; ProviderUnavailable when down. */
  verify(reference: string): Promise<Verification | null>;
  /** The event of a webhook whose signature over the raw body is right, else null (nothing is trusted). */
  verifyWebhook(rawBody: Uint8Array, headers: Headers): WebhookEvent | null;
}

/** The provider could not be reached, timed out, or refused the call: the giver is told to try again (502). */
export class ProviderUnavailable extends Error {}
