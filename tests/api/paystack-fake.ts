// A fake Paystack for the tests: a small HTTP server on 127.0.0.1 speaking Paystack's documented transaction API
// (https://paystack.com/docs/api/transaction/): POST /transaction/initialize and GET /transaction/verify/{reference}
// with the secret key as a bearer token, answers {status, message, data}; a checkout page at
// /checkout/{access_code} whose Pay button marks the payment successful, sends the signed `charge.success` webhook
// to the product (x-paystack-signature: hex HMAC-SHA512 of the raw body with the secret key) and sends the giver
// back to the callback URL with ?trxref=&reference=, as Paystack does. The product is pointed at it with
// PAYSTACK_BASE_URL and never knows. `mode` makes it fail as a real one can: down (5xx), refusing (4xx,
// status false), or hanging; `webhooks = false` loses the webhooks; pay() may pay another amount or currency.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac, randomBytes } from 'node:crypto';

export const PAYSTACK_KEY = 'sk_test_fake_0123456789abcdef';

export type PaystackMode = 'ok' | 'down' | 'refuse' | 'hang';

export interface FakeTransaction {
  id: number;
  reference: string;
  amount: number;
  currency: string;
  email: string;
  status: 'ongoing' | 'pending' | 'abandoned' | 'success' | 'failed';
  accessCode: string;
  callbackUrl: string | null;
  channel: string | null;
  paidAt: string | null;
  metadata: unknown;
  /** The subaccount the initialize call named (a branch's, docs/API.md Giving), else null. */
  subaccount: string | null;
}

export interface PaystackRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface FakePaystack {
  url: string;
  mode: PaystackMode;
  /** Where charge.success webhooks go (the product's /api/v1/giving/webhooks/paystack/). */
  webhookUrl: string;
  /** False: payments succeed but no webhook is sent (a lost webhook). */
  webhooks: boolean;
  requests: PaystackRequest[];
  transactions: Map<string, FakeTransaction>;
  /** The giver pays (as the checkout's Pay button does): success, optionally another amount or currency. */
  pay(
    reference: string,
    opts?: { amount?: number; currency?: string; channel?: string; webhook?: boolean },
  ): Promise<Response | undefined>;
  /** A charge.success event's body for a transaction, as Paystack sends it. */
  eventBody(reference: string): string;
  /** Posts a body to the webhook URL signed with `key` (the real key unless a test forges one). */
  sendWebhook(body: string, key?: string | null): Promise<Response>;
  close(): Promise<void>;
}

export const sign = (body: string, key = PAYSTACK_KEY) => createHmac('sha512', key).update(body).digest('hex');

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startFakePaystack({ port = 0 }: { port?: number } = {}): Promise<FakePaystack> {
  let nextId = 4_000_000;
  const byCode = new Map<string, string>();
  const hanging = new Set<ServerResponse>();

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        /* a form post or nothing */
      }
      const path = req.url ?? '';
      fake.requests.push({ method: req.method ?? '', path, headers: req.headers, body });
      void handle(req.method ?? '', path, req.headers, body, text, res).catch((err: unknown) => {
        json(res, 500, { status: false, message: String(err) });
      });
    });
  });

  async function handle(
    method: string,
    path: string,
    headers: IncomingHttpHeaders,
    body: unknown,
    text: string,
    res: ServerResponse,
  ) {
    const checkout = /^\/checkout\/([\w-]+)(\/pay)?$/.exec(path);
    if (checkout) return handleCheckout(method, checkout[1], !!checkout[2], text, res);
    if (fake.mode === 'hang') return void hanging.add(res);
    if (fake.mode === 'down') return json(res, 503, { status: false, message: 'Service unavailable' });
    if (headers.authorization !== `Bearer ${PAYSTACK_KEY}`) {
      return json(res, 401, { status: false, message: 'Invalid key' });
    }
    if (method === 'POST' && path === '/transaction/initialize') {
      if (fake.mode === 'refuse')
        return json(res, 400, { status: false, message: 'Currency not supported by merchant' });
      const b = (body ?? {}) as Record<string, unknown>;
      const amount = typeof b.amount === 'string' && /^\d+$/.test(b.amount) ? Number(b.amount) : b.amount;
      if (typeof b.email !== 'string' || !b.email.includes('@')) {
        return json(res, 400, { status: false, message: 'Invalid Email Address Passed' });
      }
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) {
        return json(res, 400, { status: false, message: 'Invalid Amount Sent' });
      }
      const reference = typeof b.reference === 'string' ? b.reference : `T${randomBytes(6).toString('hex')}`;
      if (fake.transactions.has(reference)) {
        return json(res, 400, { status: false, message: 'Duplicate Transaction Reference' });
      }
      const accessCode = randomBytes(8).toString('hex');
      fake.transactions.set(reference, {
        id: nextId++,
        reference,
        amount,
        currency: typeof b.currency === 'string' ? b.currency : 'NGN',
        email: b.email,
        status: 'ongoing',
        accessCode,
        callbackUrl: typeof b.callback_url === 'string' ? b.callback_url : null,
        channel: null,
        paidAt: null,
        metadata: b.metadata ?? null,
        subaccount: typeof b.subaccount === 'string' ? b.subaccount : null,
      });
      byCode.set(accessCode, reference);
      return json(res, 200, {
        status: true,
        message: 'Authorization URL created',
        data: { authorization_url: `${fake.url}/checkout/${accessCode}`, access_code: accessCode, reference },
      });
    }
    const verify = /^\/transaction\/verify\/([^/?]+)$/.exec(path);
    if (method === 'GET' && verify) {
      const tx = fake.transactions.get(decodeURIComponent(verify[1]));
      if (!tx) return json(res, 400, { status: false, message: 'Transaction reference not found' });
      return json(res, 200, { status: true, message: 'Verification successful', data: transactionData(tx) });
    }
    return json(res, 404, { status: false, message: 'Not found' });
  }

  function transactionData(tx: FakeTransaction) {
    return {
      id: tx.id,
      domain: 'test',
      // An unpaid checkout reads 'abandoned' on verify, as Paystack's does.
      status: tx.status === 'ongoing' ? 'abandoned' : tx.status,
      reference: tx.reference,
      amount: tx.amount,
      currency: tx.currency,
      gateway_response: tx.status === 'success' ? 'Approved' : 'The transaction was not completed',
      paid_at: tx.paidAt,
      paidAt: tx.paidAt,
      created_at: new Date().toISOString(),
      channel: tx.channel,
      metadata: tx.metadata,
      customer: { email: tx.email },
    };
  }

  async function handleCheckout(method: string, code: string, pay: boolean, text: string, res: ServerResponse) {
    const reference = byCode.get(code);
    const tx = reference ? fake.transactions.get(reference) : undefined;
    if (!tx) return void res.writeHead(404, { 'Content-Type': 'text/plain' }).end('No such checkout');
    if (!pay && method === 'GET') {
      const cedis = (tx.amount / 100).toFixed(2);
      return void res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Paystack checkout</title></head><body>` +
          `<main><h1>Pay ${tx.currency} ${cedis}</h1><p>${escape(tx.email)}</p>` +
          // Not what Paystack shows: the end-to-end tests read here which account the money settles to.
          `<p>Settles to ${tx.subaccount ? escape(tx.subaccount) : 'the main account'}</p>` +
          `<form method="post" action="/checkout/${code}/pay">` +
          `<label>Channel <select name="channel"><option value="mobile_money">Mobile money</option>` +
          `<option value="card">Card</option></select></label>` +
          `<button type="submit">Pay</button></form></main></body></html>`,
      );
    }
    if (pay && method === 'POST') {
      const channel = new URLSearchParams(text).get('channel') ?? 'mobile_money';
      await fake.pay(tx.reference, { channel });
      const back = new URL(tx.callbackUrl ?? `${fake.url}/`);
      back.searchParams.set('trxref', tx.reference);
      back.searchParams.set('reference', tx.reference);
      return void res.writeHead(302, { Location: back.toString() }).end();
    }
    res.writeHead(405).end();
  }

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const fake: FakePaystack = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    mode: 'ok',
    webhookUrl: '',
    webhooks: true,
    requests: [],
    transactions: new Map(),
    async pay(reference, opts = {}) {
      const tx = fake.transactions.get(reference);
      if (!tx) throw new Error(`no transaction ${reference}`);
      tx.status = 'success';
      tx.paidAt = new Date().toISOString();
      tx.channel = opts.channel ?? 'mobile_money';
      if (opts.amount !== undefined) tx.amount = opts.amount;
      if (opts.currency !== undefined) tx.currency = opts.currency;
      if ((opts.webhook ?? fake.webhooks) && fake.webhookUrl) return fake.sendWebhook(fake.eventBody(reference));
      return undefined;
    },
    eventBody(reference) {
      const tx = fake.transactions.get(reference);
      if (!tx) throw new Error(`no transaction ${reference}`);
      return JSON.stringify({ event: 'charge.success', data: transactionData(tx) });
    },
    sendWebhook(body, key = PAYSTACK_KEY) {
      return fetch(fake.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(key !== null && { 'x-paystack-signature': sign(body, key) }),
        },
        body,
      });
    },
    close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
