// `npm start`: build once if there is no build yet; check the configuration, migrate the database and
// seed the demo accounts (outside production) BEFORE listening; then serve the site, the admin portal
// and the API from one process, with security headers on every response, JSON request logs, and a
// graceful shutdown on SIGTERM/SIGINT (in-flight requests finish, then the database closes).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';

const started = performance.now();
const entry = new URL('../dist/server/entry.mjs', import.meta.url);
if (!existsSync(entry) || process.env.FORCE_BUILD) {
  const result = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
const host = process.env.HOST || 'localhost';
const port = Number(process.env.PORT || 4321);

// Migrations are TypeScript (src/server): run them through tsx before the built server loads.
const { tsImport } = await import('tsx/esm/api');
const setup = await tsImport('../src/server/setup.ts', import.meta.url);
await setup.prepare();

process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const { handler } = await import(entry.href);

// Pages carry their own script-src with hashes (Astro's security.csp meta tag); this header adds what
// a meta tag cannot express. API answers set their stricter policy themselves.
const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Content-Security-Policy': "frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'",
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
};
const quiet = process.env.LOG_REQUESTS === '0';

const server = createServer((req, res) => {
  const t0 = performance.now();
  for (const [k, v] of Object.entries(SECURITY_HEADERS)) res.setHeader(k, v);
  if (!quiet) {
    res.once('finish', () => {
      const path = (req.url ?? '/').split('?')[0]; // the query string may carry secrets
      const ms = Math.round((performance.now() - t0) * 10) / 10;
      console.log(
        JSON.stringify({
          time: new Date().toISOString(),
          level: 'info',
          msg: 'request',
          method: req.method,
          path,
          status: res.statusCode,
          ms,
        }),
      );
    });
  }
  handler(req, res);
});
server.on('error', (err) => {
  console.error(JSON.stringify({ level: 'fatal', msg: `Could not listen on ${host}:${port}: ${err.message}` }));
  process.exit(1);
});
server.listen(port, host, () => {
  const ms = Math.round(performance.now() - started);
  console.log(JSON.stringify({ level: 'info', msg: 'listening', url: `http://${host}:${port}/`, startup_ms: ms }));
  console.log(`Serving on http://${host}:${port}/`);
  // Load the API module now (the built server loads routes lazily) so the first visitor does not wait.
  fetch(`http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}/api/v1/health/`).catch(() => undefined);
});

let stopping = false;
function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  console.log(JSON.stringify({ level: 'info', msg: 'shutting down', signal }));
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  server.close(async () => {
    const close = globalThis[Symbol.for('church.api.close')];
    if (typeof close === 'function') await close().catch(() => undefined);
    process.exit(0);
  });
  server.closeIdleConnections();
}
process.once('SIGTERM', () => shutdown('SIGTERM'));
process.once('SIGINT', () => shutdown('SIGINT'));
