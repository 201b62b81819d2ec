// Security headers, written once: the API's strict set and the pages' set, which the HTTP shell
// (./shell.ts) puts on every answer; src/middleware.ts adds PAGE_CSP to Astro's per-page policy.
import type { ServerResponse } from 'node:http';

/** JSON answers are never rendered by a browser, so they may forbid everything. */
const API_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/**
 * Every API answer's defaults, set on the Node response before the app runs: a route's own headers replace them
 * (Node merges these under the ones the answer is written with). Not stored anywhere unless a route says so; the
 * CORS headers depend on Origin. Set here rather than by a Hono middleware after the route, because reading or
 * changing an answer's headers there makes @hono/node-server build a full web Response (a third of a small call).
 */
const API_DEFAULTS = Object.entries({ ...API_HEADERS, 'Cache-Control': 'no-store', Vary: 'Origin' });

export function setApiDefaults(res: ServerResponse): void {
  for (const [name, value] of API_DEFAULTS) res.setHeader(name, value);
}

/**
 * What pages add to Astro's own policy (script and style hashes): directives a <meta> tag cannot carry
 * (frame-ancestors) and ones that close injection routes (base-uri, object-src, form-action).
 */
export const PAGE_CSP = "frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'";

export const PAGE_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Content-Security-Policy': PAGE_CSP,
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
};

/**
 * Astro's per-page policy with ours appended (two policies in one header would both apply anyway). A directive
 * the page set itself is kept as the page set it (/give widens form-action to Paystack's checkout): a browser
 * would ignore a second one of the same name anyway, with a console warning.
 */
export function mergeCsp(astroPolicy: string | null): string {
  if (!astroPolicy || /frame-ancestors/.test(astroPolicy)) return astroPolicy || PAGE_CSP;
  const named = new Set(astroPolicy.split(';').map((d) => d.trim().split(/\s+/)[0].toLowerCase()));
  const ours = PAGE_CSP.split('; ').filter((d) => !named.has(d.split(' ')[0]));
  return `${astroPolicy.trim().replace(/;?$/, ';')} ${ours.join('; ')}`;
}
