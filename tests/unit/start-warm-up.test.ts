// What `npm start` leaves until the server is up (src/host): the pages' side made ready after the first answer
// (Astro's handler loaded once, by the first page request or the warm-up, whichever comes first), and the spare
// memory of a busy spell given back once the server is quiet.
import { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getHeapStatistics } from 'node:v8';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { collector, collectWhenIdle, GROWTH_MIB, TICK_MS } from '../../src/host/idle-memory';
import { servePages, type AstroHandler } from '../../src/host/pages';
import { afterFirstAnswer } from '../../src/host/shell';

const runtime = () =>
  ({
    content: { subscribe: () => () => {} },
    reader: {},
  }) as unknown as Parameters<typeof servePages>[0];

async function listening(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe("the pages' side, made ready after the first answer", () => {
  afterEach(() => void vi.useRealTimers());

  it('runs the warm-up once the first answer has gone out, not before it, and once only', async () => {
    const order: string[] = [];
    const { server, origin } = await listening((_req, res) => {
      order.push('answering');
      res.end('up');
    });
    afterFirstAnswer(server, () => order.push('warm-up'), 60_000);
    expect(await (await fetch(origin)).text()).toBe('up');
    await vi.waitFor(() => expect(order).toContain('warm-up'));
    await fetch(origin);
    expect(order).toEqual(['answering', 'warm-up', 'answering']);
    await new Promise((resolve) => server.close(resolve));
  });

  it('runs the warm-up after the wait when no request comes', () => {
    vi.useFakeTimers();
    const warmUp = vi.fn();
    afterFirstAnswer(new EventEmitter() as never, warmUp, 1000);
    vi.advanceTimersByTime(999);
    expect(warmUp).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    vi.advanceTimersByTime(5000);
    expect(warmUp).toHaveBeenCalledTimes(1);
  });

  it("loads Astro's handler on the first page request when nothing loaded it before, once for every request", async () => {
    const rendered: string[] = [];
    const handler: AstroHandler = (req, res) => {
      rendered.push(req.url!);
      res.end(`page ${req.url}`);
    };
    const loadHandler = vi.fn(async () => handler);
    const pages = servePages(runtime(), { loadHandler });
    expect(loadHandler).not.toHaveBeenCalled();
    const { server, origin } = await listening((req, res) => pages.render(req, res));
    const answers = await Promise.all(['/a', '/b'].map((path) => fetch(origin + path).then((r) => r.text())));
    expect(answers).toEqual(['page /a', 'page /b']);
    await pages.load();
    expect(loadHandler).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => server.close(resolve));
  });

  it('says so when the build exports no handler, and refuses a page request meanwhile instead of holding it', async () => {
    const pages = servePages(runtime(), { loadHandler: async () => undefined as unknown as AstroHandler });
    const { server, origin } = await listening((req, res) => pages.render(req, res));
    const answer = await fetch(`${origin}/about`);
    expect([answer.status, await answer.text()]).toEqual([503, 'The site could not be loaded.']);
    await expect(pages.load()).rejects.toThrow("the build's entry exports no handler");
    await new Promise((resolve) => server.close(resolve));
  });
});

describe('memory given back once the server is quiet', () => {
  afterEach(() => void vi.useRealTimers());

  function watched(residentMib: number[]) {
    vi.useFakeTimers();
    const server = new EventEmitter();
    const collect = vi.fn();
    let reading = 0;
    const stop = collectWhenIdle(server as never, {
      collect,
      resident: () => residentMib[Math.min(reading++, residentMib.length - 1)],
    });
    const request = () => server.emit('request');
    return { collect, request, stop, tick: () => vi.advanceTimersByTime(TICK_MS) };
  }

  it('collects one quiet tick after a busy one when the memory has grown, and not again until the next spell', () => {
    const { collect, request, tick, stop } = watched([100, 100 + GROWTH_MIB, 100 + GROWTH_MIB]);
    request();
    request();
    tick(); // busy
    expect(collect).not.toHaveBeenCalled();
    tick(); // quiet: collect
    expect(collect).toHaveBeenCalledTimes(1);
    expect(collect).toHaveBeenCalledWith({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    tick();
    tick();
    expect(collect).toHaveBeenCalledTimes(1);
    stop();
  });

  it('never collects while requests keep coming, nor when the memory has not grown enough', () => {
    const busy = watched([100, 200]);
    for (let i = 0; i < 10; i++) {
      busy.request();
      busy.tick();
    }
    expect(busy.collect).not.toHaveBeenCalled();
    busy.stop();
    const small = watched([100, 100 + GROWTH_MIB - 1]);
    small.request();
    small.tick();
    small.tick();
    expect(small.collect).not.toHaveBeenCalled();
    small.stop();
  });

  it("gets V8's own collection, which gives the spare pages back", () => {
    const collect = collector();
    // Made and dropped in a call: nothing refers to it once the call returns.
    const made = (() => Array.from({ length: 400 }, (_, i) => new Array(10_000).fill(i)).length)();
    const grown = getHeapStatistics().total_heap_size;
    expect(made).toBe(400);
    collect({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    // 400 arrays of 10,000 numbers (about 30 MB) were the heap's; committed memory is given back, not kept.
    expect(getHeapStatistics().total_heap_size).toBeLessThan(grown - 20 * 1_048_576);
  });
});
