// `npm start`: build once if there is no build yet; check the configuration, migrate the database and
// seed the demo accounts (outside production) BEFORE listening publicly; then serve the site, the admin portal
// and the API from one process, with security headers on every response, JSON request logs, and a
// graceful shutdown on SIGTERM/SIGINT (in-flight requests finish, then the database closes).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { performance } from 'node:perf_hooks';

const started = performance.now();
const entry = new URL('../dist/server/entry.mjs', import.meta.url);
const host = process.env.HOST || 'localhost';
const port = Number(process.env.PORT || 4321);
const fatal = (msg) => {
  console.error(JSON.stringify({ level: 'fatal', msg }));
  process.exit(1);
};
// Checked here too so the message comes before anything else (src/server/config.ts enforces it).
if (process.env.NODE_ENV === 'production' && !process.env.JWT_SECRET) {
  fatal(
    'JWT_SECRET is required when NODE_ENV=production: set it to a long random string (e.g. `openssl rand -base64 48`).',
  );
}

if (!existsSync(entry) || process.env.FORCE_BUILD) {
  const result = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const { handler } = await import(entry.href);

// Pages carry their own script-src with hashes (Astro's security.csp meta tag); this header adds what
// a meta tag cannot express. API answers set their stricter policy themselves.
const PAGE_CSP = "frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'";
const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Content-Security-Policy': PAGE_CSP,
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
};
/** On-demand pages get Astro's CSP as a header (script/style hashes): add our directives to it. */
function mergeCsp(res) {
  const writeHead = res.writeHead.bind(res);
  res.writeHead = (status, ...args) => {
    for (const headers of args) {
      if (!headers || typeof headers !== 'object' || Array.isArray(headers)) continue;
      for (const key of Object.keys(headers)) {
        if (key.toLowerCase() !== 'content-security-policy' || /frame-ancestors/.test(String(headers[key]))) continue;
        headers[key] = `${String(headers[key]).trim().replace(/;?$/, ';')} ${PAGE_CSP}`;
      }
    }
    return writeHead(status, ...args);
  };
}
let quiet = true; // the start-up request below is not logged

const server = createServer((req, res) => {
  const t0 = performance.now();
  for (const [k, v] of Object.entries(SECURITY_HEADERS)) res.setHeader(k, v);
  mergeCsp(res);
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
// The API migrates the database (and seeds it outside production) on its first request: make that
// request ourselves over loopback, before listening publicly, and stop if it fails.
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
try {
  const res = await fetch(`http://127.0.0.1:${server.address().port}/api/v1/health/`);
  if (!res.ok) fatal(`The API could not start (HTTP ${res.status}); see the error above.`);
} catch (err) {
  fatal(`The API could not start: ${err.message}`);
}
await new Promise((resolve) => server.close(resolve));
quiet = process.env.LOG_REQUESTS === '0';

server.on('error', (err) => {
  console.error(JSON.stringify({ level: 'fatal', msg: `Could not listen on ${host}:${port}: ${err.message}` }));
  process.exit(1);
});
server.listen(port, host, () => {
  const ms = Math.round(performance.now() - started);
  console.log(JSON.stringify({ level: 'info', msg: 'listening', url: `http://${host}:${port}/`, startup_ms: ms }));
  console.log(`Serving on http://${host}:${port}/`);
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
