// iCalendar feed of the upcoming public events (subscribe from any calendar app).
import type { APIContext } from 'astro';
import { getEvents, getSite } from '../lib/content/content';
import { buildCalendar, publicUpcoming } from '../lib/shared/ics';

export async function GET(context: APIContext) {
  const [site, events] = await Promise.all([getSite(), getEvents()]);
  const origin = (context.site ?? context.url).origin;
  const body = buildCalendar(publicUpcoming(events), { name: site.name, host: new URL(origin).host, origin });
  return new Response(body, { headers: { 'Content-Type': 'text/calendar; charset=utf-8' } });
}
