// The content handed to the admin app: the same collections as the public pages, with every sermon status
// (staff see drafts and scheduled sermons too). Only what the islands need crosses to the browser.
import type { AdminContent } from '../shared/content-types';
import { getEvents, getSermons, getSite } from './content';

export async function loadAdminContent(): Promise<AdminContent> {
  const [site, sermons, events] = await Promise.all([getSite(), getSermons({ includeUnpublished: true }), getEvents()]);
  return { site: { name: site.name, shortName: site.shortName }, sermons, events };
}
