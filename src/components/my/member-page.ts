// What every /my page does first: says it is private (never kept by a browser, a proxy or the host's page copies,
// never indexed), takes the signed-in member the site's middleware resolved from the request's cookie
// (Astro.locals.member, src/middleware.ts), and sends a visitor without a session to /my to sign in. The notice a form post came back with
// is read from the address (?done= / ?error=, set by the API: src/lib/shared/members/api.ts).
import type { AstroGlobal } from 'astro';
import {
  MEMBER_FORMS,
  MY_DONE,
  MY_ERROR,
  MY_PAGES,
  type MemberReader,
  type SignedInMember,
} from '../../lib/shared/members/api';

/** Where Sign out posts (a form post: a link could be followed by a prefetch). */
export const SIGN_OUT_ACTION = MEMBER_FORMS.signOut;

/** The headers of a page that shows one member's data. */
export function privatePage(headers: Headers) {
  headers.set('Cache-Control', 'private, no-store');
  headers.set('X-Robots-Tag', 'noindex');
}

/** The API's reads for the /my pages; a clear error when a page runs without the server (as contentReader). */
export function memberReader(locals: App.Locals): MemberReader {
  if (!locals.members) {
    throw new Error('No member reader in Astro.locals: the pages are served by the server (src/host/main.ts).');
  }
  return locals.members;
}

/** Whether a path is one of the /my pages, whose signed-in member the middleware resolves. */
export const isMemberPage = (path: string) => path === MY_PAGES.home || path.startsWith(`${MY_PAGES.home}/`);

/**
 * The signed-in member of a /my page, or the redirect to /my that the page returns when there is none.
 * Usage: `const member = signedInMember(Astro); if (member instanceof Response) return member;`, then only the
 * member's reads the page shows (`await member.profile()`, `await member.gifts()`, …).
 */
export function signedInMember(Astro: AstroGlobal): SignedInMember | Response {
  privatePage(Astro.response.headers);
  return Astro.locals.member ?? Astro.redirect(MY_PAGES.home, 303);
}

export type Notice = { text: string; tone: 'success' | 'error' };

/** The message the page's post came back with: `?done=<flag>` or `?error=<flag>`; unknown flags say nothing. */
export function noticeFor(url: URL): Notice | undefined {
  const done = url.searchParams.get('done');
  if (done && Object.hasOwn(MY_DONE, done)) return { text: MY_DONE[done as keyof typeof MY_DONE], tone: 'success' };
  const error = url.searchParams.get('error');
  if (error && Object.hasOwn(MY_ERROR, error)) return { text: MY_ERROR[error as keyof typeof MY_ERROR], tone: 'error' };
  return undefined;
}
