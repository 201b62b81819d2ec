// Fake SMS providers for the tests: small HTTP servers on 127.0.0.1 that speak Arkesel's and Hubtel's documented
// APIs (path, method, authentication, the JSON body's shape, their success and error answers). The product is
// pointed at one with SMS_BASE_URL and never knows. `mode` makes a provider fail the way real ones do: a 5xx, a
// 2xx that says it did not send, or no answer at all; `refuse` lists numbers answered with a 4xx (a bad number).
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';

export type FakeMode = 'ok' | 'server-error' | 'not-sent' | 'hang';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body, or the raw text when it was not JSON. */
  body: unknown;
}

/** One SMS the provider accepted. */
export interface AcceptedSms {
  to: string;
  text: string;
  sender: string;
  /** Hubtel's ClientReference (the outbox key); Arkesel takes none. */
  reference?: string;
  id: string;
}

export interface FakeSmsProvider {
  url: string;
  /** Every request, answered or not. */
  requests: ReceivedRequest[];
  accepted: AcceptedSms[];
  mode: FakeMode;
  /** Numbers answered as invalid (Arkesel 422, Hubtel 400). */
  refuse: Set<string>;
  close(): Promise<void>;
}

export const ARKESEL_KEY = 'arkesel-test-key';
export const HUBTEL_ID = 'hubtel-client';
export const HUBTEL_SECRET = 'hubtel-secret';

/** Both providers take 233XXXXXXXXX (and other countries' digits), a sender id of at most 11 characters. */
const NUMBER = /^\d{10,15}$/;
const SENDER = /^[A-Za-z0-9 ]{1,11}$/;

type Handler = (fake: FakeSmsProvider, req: ReceivedRequest, res: ServerResponse) => void;

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

async function startFake(path: string, handle: Handler): Promise<FakeSmsProvider> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        /* not JSON: kept as text, refused below */
      }
      const received = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body };
      fake.requests.push(received);
      if (received.path !== path) return json(res, 404, { status: 'error', message: 'Not found' });
      if (received.method !== 'POST') return json(res, 405, { status: 'error', message: 'Method not allowed' });
      if (fake.mode === 'hang') return; // never answers; closed by close()
      if (fake.mode === 'server-error') return json(res, 500, { status: 'error', message: 'Internal server error' });
      handle(fake, received, res);
    });
  });
  const fake: FakeSmsProvider = {
    url: '',
    requests: [],
    accepted: [],
    mode: 'ok',
    refuse: new Set(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections(); // the hanging requests too
        server.close(() => resolve());
      }),
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

/** Arkesel SMS API v2: POST /api/v2/sms/send, header `api-key`, JSON `{sender, message, recipients}`. */
export function startFakeArkesel(apiKey = ARKESEL_KEY): Promise<FakeSmsProvider> {
  return startFake('/api/v2/sms/send', (fake, req, res) => {
    if (req.headers['api-key'] !== apiKey) return json(res, 401, { status: 'error', message: 'Invalid API key' });
    const body = req.body as { sender?: unknown; message?: unknown; recipients?: unknown };
    if (!req.headers['content-type']?.startsWith('application/json') || typeof body !== 'object' || !body) {
      return json(res, 422, { status: 'error', message: 'The request body must be JSON' });
    }
    if (typeof body.sender !== 'string' || !SENDER.test(body.sender)) {
      return json(res, 422, { status: 'error', message: 'The sender must be at most 11 characters' });
    }
    if (typeof body.message !== 'string' || !body.message) {
      return json(res, 422, { status: 'error', message: 'The message field is required' });
    }
    const recipients = body.recipients;
    if (
      !Array.isArray(recipients) ||
      !recipients.length ||
      recipients.some((r) => typeof r !== 'string' || !NUMBER.test(r) || fake.refuse.has(r))
    ) {
      return json(res, 422, { status: 'error', message: 'Invalid phone number(s) in recipients' });
    }
    if (fake.mode === 'not-sent') return json(res, 200, { status: 'error', message: 'Insufficient balance' });
    const data = (recipients as string[]).map((recipient) => ({ recipient, id: randomUUID() }));
    for (const d of data) fake.accepted.push({ to: d.recipient, text: body.message, sender: body.sender, id: d.id });
    json(res, 200, { status: 'success', data });
  });
}

/** Hubtel SMS: POST /v1/messages/send, Basic authentication, JSON `{From, To, Content, ClientReference}`. */
export function startFakeHubtel(clientId = HUBTEL_ID, clientSecret = HUBTEL_SECRET): Promise<FakeSmsProvider> {
  const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
  return startFake('/v1/messages/send', (fake, req, res) => {
    if (req.headers.authorization !== expected) return json(res, 401, { message: 'Unauthorized' });
    const body = req.body as { From?: unknown; To?: unknown; Content?: unknown; ClientReference?: unknown };
    if (!req.headers['content-type']?.startsWith('application/json') || typeof body !== 'object' || !body) {
      return json(res, 400, { message: 'The request body must be JSON' });
    }
    if (typeof body.From !== 'string' || !SENDER.test(body.From)) {
      return json(res, 400, { message: 'Invalid sender id', responseCode: '4000' });
    }
    if (typeof body.To !== 'string' || !NUMBER.test(body.To) || fake.refuse.has(body.To)) {
      return json(res, 400, { message: 'Invalid destination', responseCode: '4000' });
    }
    if (typeof body.Content !== 'string' || !body.Content) {
      return json(res, 400, { message: 'Content is required', responseCode: '4000' });
    }
    if (fake.mode === 'not-sent') {
      return json(res, 200, { messageId: null, status: 1, statusDescription: 'insufficient prepaid balance' });
    }
    const id = randomUUID();
    fake.accepted.push({
      to: body.To,
      text: body.Content,
      sender: body.From,
      ...(typeof body.ClientReference === 'string' && { reference: body.ClientReference }),
      id,
    });
    json(res, 201, {
      rate: 0.03,
      messageId: id,
      status: 0,
      networkId: '62001',
      clientReference: body.ClientReference ?? null,
      statusDescription: 'request submitted successfully',
    });
  });
}
