// Podcast-ready RSS feed of the published sermons, with an audio enclosure where a recording exists.
import rss from '@astrojs/rss';
import type { APIContext } from 'astro';
import { getSite } from '../../lib/content/content';
import { cacheLivePage, contentReader } from '../../lib/content/live-content';

// From the database on demand, kept by the host until a sermon changes.
export const prerender = false;

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

export async function GET(context: APIContext) {
  const content = contentReader(context.locals);
  const [site, sermons] = await Promise.all([getSite(), content.listSermons('public')]);
  // The real byte length and type of each recording: podcast apps check them.
  const audio = await Promise.all(sermons.map((s) => (s.audioUrl ? content.audioFile(s.audioUrl) : undefined)));
  const origin = context.site ?? new URL(context.url.origin);
  const response = await rss({
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
  cacheLivePage(response.headers, ['sermons']);
  return response;
}
