// Without a proxy (TRUST_PROXY off) the caller's address is the connection's own: two machines count apart in
// the per-address limits. (The host must hand the Node request to the API for that; once it did not, and every
// caller shared one count, so one visitor could use up everyone's.)
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from './helpers';

const MESSAGE = {
  name: 'Kofi Boateng',
  email: 'kofi@example.org',
  phone: '024 555 0193',
  preferredContact: 'email',
  subject: 'Youth fellowship',
  inquiryType: 'general',
  services: ['youth'],
  message: 'When does the youth fellowship meet on Fridays?',
};

/** A contact message sent from one loopback address (127.0.0.2 is this machine too, as a different client). */
function sendFrom(api: TestApi, localAddress: string): Promise<number> {
  const url = new URL(`${api.url}/api/v1/contact/`);
  const body = JSON.stringify(MESSAGE);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', localAddress, headers: { 'content-type': 'application/json', 'content-length': body.length } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('the client address without a proxy', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi('sqlite', { members: 0, env: { PUBLIC_RATE_LIMIT: '2' } });
  });
  afterAll(() => api?.close());

  it("limits each connection's address on its own", async () => {
    expect(await sendFrom(api, '127.0.0.1')).toBe(201);
    expect(await sendFrom(api, '127.0.0.1')).toBe(201);
    expect(await sendFrom(api, '127.0.0.1')).toBe(429);
    // Another address is not held back by the first one's count.
    expect(await sendFrom(api, '127.0.0.2')).toBe(201);
  });
});
