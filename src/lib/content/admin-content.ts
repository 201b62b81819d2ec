// The content handed to the admin app: every sermon and event, drafts, scheduled sermons and private events too
// (staff visibility), read from the database through the same live collections as the public pages. Only what the
// islands need crosses to the browser.
import type { AdminContent, ChurchEvent } from '../shared/content-types';
import { getSite } from './content';
import { liveEvents, liveSermons } from './live-content';

export async function loadAdminContent(): Promise<AdminContent> {
  const [site, sermons, events] = await Promise.all([getSite(), liveSermons('staff'), liveEvents('staff')]);
  return {
    site: { name: site.name, shortName: site.shortName },
    sermons,
    // The portal's ChurchEvent has no "no limit" yet: an event without a capacity shows 0 there.
    events: events.map((event): ChurchEvent => ({ ...event, capacity: event.capacity ?? 0 })),
  };
}
