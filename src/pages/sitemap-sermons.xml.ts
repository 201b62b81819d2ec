// The sitemap of the sermon pages, from the database on demand: @astrojs/sitemap only lists the pages it sees at
// build time, so astro.config.mjs names this one in its sitemap index (customSitemaps). Drafts and sermons not yet
// due are not public, so they are never listed.
import type { APIContext } from 'astro';
import { cacheLivePage, contentReader } from '../lib/content/live-content';

export const prerender = false;

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

export async function GET(context: APIContext) {
  const sermons = await contentReader(context.locals).listSermons('public');
  const origin = (context.site ?? context.url).origin;
  const urls = sermons.map(
    (s) => `<url><loc>${escapeXml(new URL(`/sermons/${s.id}`, origin).href)}</loc><lastmod>${s.date}</lastmod></url>`,
  );
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
  const response = new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
  cacheLivePage(response.headers, ['sermons']);
  return response;
}
