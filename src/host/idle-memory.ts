// Gives the memory a busy spell grew back as soon as the server is quiet again. After a burst of requests V8
// keeps the pages its heap grew to (committed but unused, and a pool of freed pages for the next burst) until
// its own memory reducer runs, and that looks at the allocation rate only every 8 seconds (a constant in V8: no
// flag shortens it), so the process holds 40-55 MiB more than it needs for 8-16 s after every busy minute
// (measured with --trace-gc after `npm run bench`'s load: 55 MB committed + 29 MB pooled, 40 MB and none after
// the reducer). On a small shared server that is memory the database and the other processes want back.
// This does what the reducer does, one quiet second after the spell: one full collection that returns the spare
// pages (V8's "last resort" collection, the one behind low-memory notifications; 40-80 ms on this heap, taken
// only when no request is waiting). A server that is never quiet never collects here; one that answers a
// request now and then collects only once its memory has grown by GROWTH_MIB since the last time.
import type { Server } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** How often the server looks whether it is quiet; a second with no request after one with some is quiet. */
export const TICK_MS = 500;
/** Growth of the resident memory since the last collection here that is worth a full collection. */
export const GROWTH_MIB = 16;

export type Collect = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/** Node offers V8's collection function only to code started with --expose-gc; a new context made after the flag gets it. */
export function collector(): Collect {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as Collect;
}

const residentMib = () => process.memoryUsage.rss() / 1_048_576;

/**
 * Collects once the server has had requests and then none for a tick (above). Returns the stop. The collection
 * and the memory reading can be given (the tests count the collections).
 */
export function collectWhenIdle(
  server: Pick<Server, 'on' | 'off'>,
  { collect = collector(), resident = residentMib }: { collect?: Collect; resident?: () => number } = {},
): () => void {
  let requests = 0;
  let busy = false;
  let base = resident();
  const count = () => void requests++;
  server.on('request', count);
  const timer = setInterval(() => {
    const quiet = requests === 0;
    requests = 0;
    if (!quiet) return void (busy = true);
    if (!busy) return;
    busy = false;
    if (resident() - base < GROWTH_MIB) return;
    collect({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    base = resident();
  }, TICK_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    server.off('request', count);
  };
}
