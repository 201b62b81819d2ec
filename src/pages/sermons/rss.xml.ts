// Podcast-ready RSS feed of the published sermons, with an audio enclosure where a recording exists.
import rss from '@astrojs/rss';
import type { APIContext } from 'astro';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { getSite } from '../../lib/content/content';
import { cacheLivePage, liveSermons } from '../../lib/content/live-content';

// From the database on demand, kept by the route cache until a sermon changes.
export const prerender = false;

/** Size in bytes of a file under public/ (enclosures need a length); 0 when it cannot be read. */
function publicFileSize(path: string): number {
  try {
    // The server runs from the project root (scripts/start.mjs), as the build does.
    return statSync(join(process.cwd(), 'public', path)).size;
  } catch {
    return 0;
  }
}

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

export async function GET(context: APIContext) {
  const [site, sermons] = await Promise.all([getSite(), liveSermons()]);
  cacheLivePage(context.cache, ['sermons']);
  const origin = context.site ?? new URL(context.url.origin);
  return rss({
    title: `${site.name} Sermons`,
    description: `Sermons from ${site.name}, ${site.address.locality}, ${site.address.country}.`,
    site: origin,
    xmlns: { itunes: 'http://www.itunes.com/dtds/podcast-1.0.dtd' },
    customData: [
      '<language>en</language>',
      `<itunes:author>${escapeXml(site.name)}</itunes:author>`,
      '<itunes:category text="Religion &amp; Spirituality"><itunes:category text="Christianity"/></itunes:category>',
      '<itunes:explicit>false</itunes:explicit>',
      `<itunes:image href="${new URL('/og-image.png', origin).href}"/>`,
    ].join(''),
    items: sermons.map((sermon) => ({
      title: sermon.title,
      link: `/sermons/${sermon.id}`,
      pubDate: new Date(`${sermon.date}T09:00:00Z`),
      description: sermon.description,
      author: `${site.email} (${sermon.speaker})`,
      categories: [sermon.category, ...sermon.tags],
      ...(sermon.audioUrl && {
        enclosure: {
          url: new URL(sermon.audioUrl, origin).href,
          length: publicFileSize(sermon.audioUrl),
          type: 'audio/mpeg',
        },
      }),
      customData: `<itunes:author>${escapeXml(sermon.speaker)}</itunes:author>`,
    })),
  });
}
