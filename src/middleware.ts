// On-demand pages get Astro's Content-Security-Policy (script and style hashes) as a header: add the
// directives a <meta> tag cannot carry (src/server/http/headers.ts). Prerendered pages carry their hashes
// in a <meta> tag and get the header from the HTTP shell.
import { defineMiddleware } from 'astro:middleware';
import { mergeCsp } from './server/http/headers';

export const onRequest = defineMiddleware(async (_context, next) => {
  const response = await next();
  const policy = response.headers.get('content-security-policy');
  if (policy) response.headers.set('content-security-policy', mergeCsp(policy));
  return response;
});
