// iCalendar feed of the upcoming public events (subscribe from any calendar app).
import type { APIContext } from 'astro';
import { getSite } from '../lib/content/content';
import { cacheLivePage, contentReader } from '../lib/content/live-content';
import { buildCalendar, publicUpcoming } from '../lib/shared/events/ics';

// From the database on demand, kept by the host until an event changes.
export const prerender = false;

export async function GET(context: APIContext) {
  const [site, events] = await Promise.all([getSite(), contentReader(context.locals).listEvents('public')]);
  const origin = (context.site ?? context.url).origin;
  const body = buildCalendar(publicUpcoming(events), { name: site.name, host: new URL(origin).host, origin });
  const response = new Response(body, { headers: { 'Content-Type': 'text/calendar; charset=utf-8' } });
  cacheLivePage(response.headers, ['events']);
  return response;
}
