// The Paystack driver (https://paystack.com/docs/api/transaction/): POST /transaction/initialize and
// GET /transaction/verify/{reference} with the secret key as a bearer token; webhooks signed with
// `x-paystack-signature`, the hex HMAC-SHA512 of the raw body keyed with the same secret key. Every call gives up
// after TIMEOUT_MS, so a slow Paystack turns into a clear 502 for the giver rather than a hung page.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaystackConfig, ServerConfig } from '../config';
import type { PaymentProvider, PaymentStart, Verification } from '../kernel/ports';
import { ProviderUnavailable } from './provider';

const TIMEOUT_MS = 10_000;

/**
 * Where Paystack's authorization_url sends the giver: its checkout, and (a test's fake Paystack) the API's own
 * origin. /give's form post ends there, so its Content-Security-Policy form-action must allow them.
 */
export const checkoutOrigins = (config: PaystackConfig) => [
  ...new Set(['https://checkout.paystack.com', new URL(config.baseUrl).origin]),
];

type PaystackAnswer<T> = { status: boolean; message?: string; data?: T };

interface VerifyData {
  status: string;
  reference: string;
  amount: number;
  currency: string;
  paid_at?: string | null;
  paidAt?: string | null;
  channel?: string | null;
  id?: number | string | null;
}

export function paystackProvider(config: PaystackConfig): PaymentProvider {
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown) {
    let res: Response;
    try {
      res = await fetch(`${config.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${config.secretKey}`,
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new ProviderUnavailable(`Paystack unreachable: ${(err as Error).message}`);
    }
    let answer: PaystackAnswer<T>;
    try {
      answer = (await res.json()) as PaystackAnswer<T>;
    } catch {
      throw new ProviderUnavailable(`Paystack answered ${res.status} without JSON`);
    }
    return { httpStatus: res.status, answer };
  }

  return {
    async initialize(start: PaymentStart) {
      const { httpStatus, answer } = await call<{ authorization_url?: string }>('POST', '/transaction/initialize', {
        email: start.email,
        amount: start.amountPesewas,
        currency: 'GHS',
        reference: start.reference,
        callback_url: start.callbackUrl,
        metadata: start.metadata,
        channels: ['mobile_money', 'card'],
        ...(start.subaccount && { subaccount: start.subaccount }),
      });
      const url = answer.data?.authorization_url;
      if (httpStatus >= 300 || !answer.status || typeof url !== 'string' || !/^https?:\/\//.test(url)) {
        throw new ProviderUnavailable(`Paystack refused to start the payment (${httpStatus}): ${answer.message ?? ''}`);
      }
      return { authorizationUrl: url };
    },

    async verify(reference: string): Promise<Verification | null> {
      const { httpStatus, answer } = await call<VerifyData>(
        'GET',
        `/transaction/verify/${encodeURIComponent(reference)}`,
      );
      // Paystack answers an unknown reference with a 4xx and status false.
      if (httpStatus >= 400 && httpStatus < 500 && answer.status === false) return null;
      const data = answer.data;
      if (httpStatus >= 300 || !answer.status || !data || typeof data.amount !== 'number') {
        throw new ProviderUnavailable(`Paystack could not verify (${httpStatus}): ${answer.message ?? ''}`);
      }
      return {
        reference: String(data.reference),
        status: String(data.status),
        amountPesewas: data.amount,
        currency: String(data.currency),
        paidAt: data.paid_at ?? data.paidAt ?? null,
        channel: data.channel ?? null,
        providerId: data.id == null ? null : String(data.id),
      };
    },

    verifyWebhook(rawBody: Uint8Array, headers: Headers) {
      const given = headers.get('x-paystack-signature') ?? '';
      if (!/^[0-9a-f]{128}$/i.test(given)) return null;
      const expected = createHmac('sha512', config.secretKey).update(rawBody).digest();
      if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) return null;
      try {
        const body = JSON.parse(Buffer.from(rawBody).toString('utf8')) as {
          event?: unknown;
          data?: { reference?: unknown };
        };
        return {
          event: typeof body.event === 'string' ? body.event : '',
          reference: typeof body.data?.reference === 'string' ? body.data.reference : null,
        };
      } catch {
        return null;
      }
    },
  };
}

/** The signature Paystack puts on a webhook (the tests' fake Paystack signs with it too). */
export const paystackSignature = (secretKey: string, rawBody: string | Uint8Array) =>
  createHmac('sha512', secretKey).update(rawBody).digest('hex');

/** The configured payment provider for the app's dependencies (deps.payments): Paystack, or null without its key. */
export const paymentsOf = (config: Pick<ServerConfig, 'paystack'>): PaymentProvider | null =>
  config.paystack ? paystackProvider(config.paystack) : null;
