// A body the API refuses before reading it (413 for a 3 MB contact message) must not break the connection it came
// on: a client that keeps its connections alive sends its next request there, and that request is answered
// (src/host/shell.ts closes a connection whose request body was not read, and says so in the answer).
import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from './helpers';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  socket: Socket;
}

/** One request through `agent`: its answer and the socket it went on. */
function send(agent: Agent, url: string, method: string, body?: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { 'x-platform': 'web' };
    if (body) Object.assign(headers, { 'content-type': 'application/json', 'content-length': body.length });
    const req = request(url, { agent, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode!,
          headers: res.headers,
          body: Buffer.concat(chunks).toString(),
          socket: req.socket!,
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('a kept-alive connection after a refused body', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  it('answers the next request a client sends after a 413', async () => {
    // One connection at a time, kept alive: the second request goes where the first went unless it was closed.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const big = Buffer.from(JSON.stringify({ name: 'A', message: 'x'.repeat(3 * 1024 * 1024) }));
      const refused = await send(agent, `${api.url}/api/v1/contact/`, 'POST', big);
      expect(refused.status).toBe(413);
      const health = await send(agent, `${api.url}/api/v1/health/`, 'GET');
      expect(health.status).toBe(200);
      // A kept-alive answer promises the connection is still good; a refused unread body cannot promise it.
      if (refused.headers.connection !== 'close') expect(health.socket).toBe(refused.socket);
    } finally {
      agent.destroy();
    }
  });
});
