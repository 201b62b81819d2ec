// A payment provider's failure as giving sees it. The provider itself is a port (PaymentProvider, kernel/ports.ts:
// start a payment, ask how it went, judge a webhook) in the app's dependencies (deps.payments), with Paystack as
// the driver (./paystack.ts); tests plug in the same driver pointed at a local Paystack, as the mailer is plugged.

/** The provider could not be reached, timed out, or refused the call: the giver is told to try again (502). */
export class ProviderUnavailable extends Error {}
