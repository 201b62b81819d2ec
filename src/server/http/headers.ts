// Security headers, written once: the API's strict set and the pages' set, which the HTTP shell
// (./shell.ts) puts on every answer; src/middleware.ts adds PAGE_CSP to Astro's per-page policy.

/** JSON answers are never rendered by a browser, so they may forbid everything. */
export const API_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

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

/** Astro's per-page policy with ours appended (two policies in one header would both apply anyway). */
export function mergeCsp(astroPolicy: string | null): string {
  if (!astroPolicy || /frame-ancestors/.test(astroPolicy)) return astroPolicy || PAGE_CSP;
  return `${astroPolicy.trim().replace(/;?$/, ';')} ${PAGE_CSP}`;
}
