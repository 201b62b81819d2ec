// Waits for a server the benchmark started to answer GET /api/v1/health/; answers the milliseconds it
// took (the cold start, when polled finely enough) or throws after `timeoutMs`.
import { performance } from 'node:perf_hooks';

export async function waitForHealth(origin, { intervalMs = 500, timeoutMs = 60_000 } = {}) {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    const ok = await fetch(`${origin}/api/v1/health/`).then(
      (r) => r.ok,
      () => false, // not listening yet
    );
    if (ok) return Math.round(performance.now() - started);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error('server did not start');
}
