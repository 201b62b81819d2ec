// Where /my's form posts land (the map in lib/shared/members/api.ts's head comment), for the kernel's form-post
// layer (kernel/form-posts.ts): a success goes to its page with ?done=<flag>; a refusal the page can say in a word
// goes back there: a wrong code (?error=code), a spent limit (?error=limit), no session (/my?error=signed-out);
// anything else is the refusal page. And the member door's own-site guard, which every call that changes
// something passes first.
import type { AppDeps } from '../kernel/context';
import { requireMember } from './session';
import { ownSiteOnly } from '../kernel/doors';
import type { FormOptions, FormShape } from '../kernel/form-posts';
import { MEMBER_TEXT, MY_PAGES, returnPath, type MyDone } from '../../lib/shared/members/api';

type Fields = Record<string, unknown>;

/** A /my form's documented answer. */
export const FORM_POST = { description: 'An HTML form post: 303 back to its /my page (lib/shared/members/api.ts)' };

export const withFlag = (page: string, name: string, value: string) =>
  `${page}${page.includes('?') ? '&' : '?'}${name}=${encodeURIComponent(value)}`;

export const done = (page: string, flag: MyDone) => withFlag(page, 'done', flag);

/** The code page of the address the form gave (email or phone), for the sign-in forms, keeping where to come back. */
export function codePage(fields: Fields) {
  const page =
    typeof fields.phone === 'string' && fields.phone
      ? withFlag(MY_PAGES.code, 'phone', fields.phone)
      : withFlag(MY_PAGES.code, 'email', typeof fields.email === 'string' ? fields.email : '');
  const next = returnPath(fields.next);
  return next ? withFlag(page, 'next', next) : page;
}

/** A /my form: its page (or the page of what it sent), how its fields read. */
export function myForm(page: string | ((fields: Fields) => string), shape: FormShape = {}): FormOptions {
  const pageOf = typeof page === 'string' ? () => page : page;
  return {
    ...shape,
    refused: ({ status, errors }, fields) =>
      status === 401
        ? `${MY_PAGES.home}?error=signed-out`
        : status === 429
          ? withFlag(pageOf(fields), 'error', 'limit')
          : status === 400 && errors?.code
            ? withFlag(pageOf(fields), 'error', 'code')
            : undefined,
  };
}

/** The guard of every member call that changes something: refused (403) from another site. */
export const ownSite = (deps: AppDeps) => ownSiteOnly(deps.config, MEMBER_TEXT.crossSite);

/** The door of a /my form's call, by its page (myForm): the own-site guard, the form posts, the member's session. */
export function formDoors(deps: AppDeps) {
  const guard = ownSite(deps);
  const member = requireMember(deps);
  return (page: Parameters<typeof myForm>[0], shape?: FormShape) => ({
    ownSite: guard,
    form: myForm(page, shape),
    member,
  });
}

/** A change as PATCH and, for its HTML form (forms cannot PATCH), as POST: each method with its summary. */
export const patchAndPost = (summary: string) =>
  [
    ['patch', summary],
    ['post', 'The same as PATCH, for the form'],
  ] as const;
