// What the admin page hands the client-only admin app: the site's name. The screens read sermons and events
// from the API, so staff see every change at once.
import type { AdminContent } from '../shared/live/types';
import { getSite } from './content';

export async function loadAdminContent(): Promise<AdminContent> {
  const site = await getSite();
  return { site: { name: site.name, shortName: site.shortName } };
}
