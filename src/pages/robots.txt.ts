// robots.txt: everything public is crawlable; the staff portal and developer pages are not.
import type { APIContext } from 'astro';

export function GET(context: APIContext) {
  const origin = (context.site ?? context.url).origin;
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /api/',
    'Disallow: /login',
    'Disallow: /forgot-password',
    'Disallow: /debug',
    'Disallow: /auth-test',
    '',
    `Sitemap: ${new URL('/sitemap-index.xml', origin).href}`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}
