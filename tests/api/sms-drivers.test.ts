// The SMS drivers against fake providers that speak Arkesel's and Hubtel's documented APIs (./sms-providers.ts):
// each driver's request (path, method, authentication, JSON body) and answer; a 4xx is SendRefused (the outbox
// fails that row at once), a 5xx, a 2xx that says it did not send, a refused connection and a provider that never
// answers are plain errors (the outbox retries); the SMS_ variables' checks at start and their defaults; without
// SMS_PROVIDER an SMS is one JSON line in the log.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServer } from 'node:net';
import { ConfigError, loadConfig } from '../../src/server/config';
import { SendRefused, type SmsSender } from '../../src/server/kernel/ports';
import { createSmsSender } from '../../src/server/sms';
import { TEST_ENV } from './helpers';
import {
  ARKESEL_KEY,
  HUBTEL_ID,
  HUBTEL_SECRET,
  startFakeArkesel,
  startFakeHubtel,
  type FakeSmsProvider,
} from './sms-providers';

const config = (env: Record<string, string>) => loadConfig({ ...TEST_ENV, NODE_ENV: 'test', ...env });

const arkeselEnv = (url: string, env: Record<string, string> = {}) => ({
  SMS_PROVIDER: 'arkesel',
  SMS_API_KEY: ARKESEL_KEY,
  SMS_SENDER_ID: 'GraceChapel',
  SMS_BASE_URL: url,
  ...env,
});
const hubtelEnv = (url: string, env: Record<string, string> = {}) => ({
  SMS_PROVIDER: 'hubtel',
  SMS_CLIENT_ID: HUBTEL_ID,
  SMS_CLIENT_SECRET: HUBTEL_SECRET,
  SMS_SENDER_ID: 'Grace',
  SMS_BASE_URL: url,
  ...env,
});

/** The error a send rejects with (the test fails if it resolves). */
async function failure(sender: SmsSender, to = '233245550100'): Promise<Error> {
  const result = await sender.send({ to, text: 'Hello', key: 'test:1' }).then(
    () => null,
    (err: unknown) => err as Error,
  );
  if (!result) throw new Error('the send succeeded');
  return result;
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe.each<{
  name: string;
  start: () => Promise<FakeSmsProvider>;
  env: (url: string, env?: Record<string, string>) => Record<string, string>;
  badCredentials: Record<string, string>;
}>([
  { name: 'Arkesel', start: () => startFakeArkesel(), env: arkeselEnv, badCredentials: { SMS_API_KEY: 'wrong' } },
  { name: 'Hubtel', start: () => startFakeHubtel(), env: hubtelEnv, badCredentials: { SMS_CLIENT_SECRET: 'wrong' } },
])('the $name driver', ({ name, start, env, badCredentials }) => {
  let fake: FakeSmsProvider;
  beforeAll(async () => {
    fake = await start();
  });
  afterEach(() => {
    fake.mode = 'ok';
    fake.refuse.clear();
    fake.requests.length = 0;
    fake.accepted.length = 0;
  });
  afterAll(() => fake?.close());

  it('sends one SMS as the provider documents it and gives back its id', async () => {
    const sender = createSmsSender(config(env(fake.url)));
    expect(sender.provider).toBe(name.toLowerCase());
    const result = await sender.send({ to: '233245550100', text: 'Service at 9 am — bring a friend', key: 'k:1' });
    expect(fake.requests).toHaveLength(1);
    const [req] = fake.requests;
    expect(req.method).toBe('POST');
    expect(req.headers['content-type']).toBe('application/json');
    if (name === 'Arkesel') {
      expect(req.path).toBe('/api/v2/sms/send');
      expect(req.headers['api-key']).toBe(ARKESEL_KEY);
      expect(req.body).toEqual({
        sender: 'GraceChapel',
        message: 'Service at 9 am — bring a friend',
        recipients: ['233245550100'],
      });
    } else {
      expect(req.path).toBe('/v1/messages/send');
      expect(req.headers.authorization).toBe(`Basic ${Buffer.from('hubtel-client:hubtel-secret').toString('base64')}`);
      expect(req.body).toEqual({
        From: 'Grace',
        To: '233245550100',
        Content: 'Service at 9 am — bring a friend',
        ClientReference: 'k:1',
      });
    }
    expect(fake.accepted).toHaveLength(1);
    expect(result).toEqual({ providerId: fake.accepted[0].id });
    expect(sender.health?.()).toMatchObject({ configured: true, provider: name.toLowerCase(), last: { ok: true } });
  });

  it('a bad key or a bad number is SendRefused with the provider message', async () => {
    const refusedKey = await failure(createSmsSender(config(env(fake.url, badCredentials))));
    expect(refusedKey).toBeInstanceOf(SendRefused);
    expect(refusedKey.message).toMatch(name === 'Arkesel' ? /401.*Invalid API key/ : /401.*Unauthorized/);

    const sender = createSmsSender(config(env(fake.url)));
    fake.refuse.add('233245550101');
    const refusedNumber = await failure(sender, '233245550101');
    expect(refusedNumber).toBeInstanceOf(SendRefused);
    expect(refusedNumber.message).toMatch(
      name === 'Arkesel' ? /422.*Invalid phone number/ : /400.*Invalid destination/,
    );
    expect(sender.health?.()).toMatchObject({ last: { ok: false, error: refusedNumber.message } });
    expect(fake.accepted).toEqual([]);
  });

  it('a 5xx, a 2xx that did not send, a refused connection and no answer are errors to retry', async () => {
    const sender = createSmsSender(config(env(fake.url)));
    fake.mode = 'server-error';
    const down = await failure(sender);
    expect(down).not.toBeInstanceOf(SendRefused);
    expect(down.message).toMatch(/answered 500/);

    fake.mode = 'not-sent';
    const notSent = await failure(sender);
    expect(notSent).not.toBeInstanceOf(SendRefused);
    expect(notSent.message).toMatch(name === 'Arkesel' ? /Insufficient balance/ : /insufficient prepaid balance/);

    const port = await closedPort();
    const refused = await failure(createSmsSender(config(env(`http://127.0.0.1:${port}`))));
    expect(refused).not.toBeInstanceOf(SendRefused);
    expect(refused.message).toMatch(/did not answer: ECONNREFUSED/);

    fake.mode = 'hang';
    const started = Date.now();
    const slow = await failure(createSmsSender(config(env(fake.url)), { timeoutMs: 300 }));
    expect(slow).not.toBeInstanceOf(SendRefused);
    expect(slow.message).toMatch(/no answer within 0.3 s/);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(fake.accepted).toEqual([]);
  });
});

describe('the SMS configuration', () => {
  const refusal = (env: Record<string, string>) => {
    try {
      config(env);
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
    throw new Error('the configuration was accepted');
  };

  it('is unset without SMS_PROVIDER: SMS go to the log as one JSON line', async () => {
    const c = config({});
    expect(c.sms).toBeUndefined();
    const sender = createSmsSender(c);
    expect(sender.provider).toBe('log');
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      await sender.send({ to: '233245550100', text: 'Hello', key: 'k:2' });
      expect(log).toHaveBeenCalledTimes(1);
      expect(JSON.parse(String(log.mock.calls[0][0]))).toEqual({
        level: 'info',
        msg: 'sms',
        to: '233245550100',
        key: 'k:2',
        text: 'Hello',
      });
    } finally {
      log.mockRestore();
    }
    expect(sender.health?.()).toMatchObject({ configured: false, provider: 'log', last: { ok: true } });
  });

  it("defaults each provider's base URL and keeps only its credentials", () => {
    expect(config({ ...arkeselEnv(''), SMS_BASE_URL: '' }).sms).toEqual({
      provider: 'arkesel',
      senderId: 'GraceChapel',
      baseUrl: 'https://sms.arkesel.com',
      apiKey: ARKESEL_KEY,
    });
    expect(config({ ...hubtelEnv(''), SMS_BASE_URL: '', SMS_API_KEY: 'ignored' }).sms).toEqual({
      provider: 'hubtel',
      senderId: 'Grace',
      baseUrl: 'https://sms.hubtel.com',
      clientId: HUBTEL_ID,
      clientSecret: HUBTEL_SECRET,
    });
    expect(config(arkeselEnv('http://127.0.0.1:9999/')).sms?.baseUrl).toBe('http://127.0.0.1:9999');
  });

  it('refuses a sender id over 11 characters or with other characters', () => {
    expect(refusal(arkeselEnv('http://x', { SMS_SENDER_ID: 'GraceChapel1' }))).toMatch(
      /SMS_SENDER_ID must be at most 11 letters, digits and spaces/,
    );
    expect(refusal(arkeselEnv('http://x', { SMS_SENDER_ID: 'Grace-Chap' }))).toMatch(/SMS_SENDER_ID/);
    expect(config(arkeselEnv('http://x', { SMS_SENDER_ID: 'Grace 2024' })).sms?.senderId).toBe('Grace 2024');
  });

  it('refuses a provider without its sender id or credentials, or an unknown one', () => {
    expect(refusal(arkeselEnv('http://x', { SMS_API_KEY: '' }))).toMatch(
      /SMS_API_KEY is required when SMS_PROVIDER=arkesel/,
    );
    expect(refusal(arkeselEnv('http://x', { SMS_SENDER_ID: '' }))).toMatch(/SMS_SENDER_ID is required/);
    const hubtel = refusal(hubtelEnv('http://x', { SMS_CLIENT_ID: '', SMS_CLIENT_SECRET: ' ' }));
    expect(hubtel).toMatch(/SMS_CLIENT_ID is required when SMS_PROVIDER=hubtel/);
    expect(hubtel).toMatch(/SMS_CLIENT_SECRET is required when SMS_PROVIDER=hubtel/);
    expect(refusal({ SMS_PROVIDER: 'twilio' })).toMatch(/SMS_PROVIDER must be arkesel or hubtel/);
    expect(refusal(arkeselEnv('ftp://x'))).toMatch(/SMS_BASE_URL must be an http/);
  });
});
