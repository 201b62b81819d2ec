// Podcast-ready RSS feed of the published sermons, with an audio enclosure where a recording exists.
import rss from '@astrojs/rss';
import type { APIContext } from 'astro';
import { getSite } from '../../lib/content/content';
import { cacheLivePage, liveSermons } from '../../lib/content/live-content';
import { contentReader } from '../../lib/shared/live/registry';

// From the database on demand, kept by the route cache until a sermon changes.
export const prerender = false;

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

export async function GET(context: APIContext) {
  const [site, sermons] = await Promise.all([getSite(), liveSermons()]);
  // The real byte length and type of each recording: podcast apps check them.
  const audio = await Promise.all(sermons.map((s) => (s.audioUrl ? contentReader().audioFile(s.audioUrl) : undefined)));
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
    items: sermons.map((sermon, i) => ({
      title: sermon.title,
      link: `/sermons/${sermon.id}`,
      pubDate: new Date(`${sermon.date}T09:00:00Z`),
      description: sermon.description,
      author: `${site.email} (${sermon.speaker})`,
      categories: [sermon.category, ...sermon.tags],
      ...(sermon.audioUrl &&
        audio[i] && {
          enclosure: { url: new URL(sermon.audioUrl, origin).href, length: audio[i].size, type: audio[i].type },
        }),
      customData: `<itunes:author>${escapeXml(sermon.speaker)}</itunes:author>`,
    })),
  });
}
