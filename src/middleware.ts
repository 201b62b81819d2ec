// The on-demand pages' middleware. A /my page's signed-in member is resolved here, once per request, from its
// cookie (Astro.locals.member, src/components/my/member-page.ts): the page then reads only what it shows. And
// on-demand pages get Astro's Content-Security-Policy (script and style hashes) as a header: add the directives a
// <meta> tag cannot carry (src/server/http/headers.ts). Prerendered pages carry their hashes in a <meta> tag and get
// the header from the HTTP shell.
import { defineMiddleware } from 'astro:middleware';
import { mergeCsp } from './server/http/headers';
import { isMemberPage } from './components/my/member-page';

export const onRequest = defineMiddleware(async (context, next) => {
  const { locals } = context;
  if (locals.members && !context.isPrerendered && isMemberPage(context.url.pathname))
    locals.member = await locals.members.signedIn(context.request.headers.get('cookie') ?? undefined);
  const response = await next();
  const policy = response.headers.get('content-security-policy');
  if (policy) response.headers.set('content-security-policy', mergeCsp(policy));
  return response;
});
