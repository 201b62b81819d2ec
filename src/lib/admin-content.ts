// The content handed to the admin app. Until the public helper's src/lib/content.ts is merged this gives
// the site's name and empty lists; after the merge it reads the collections (see report).
import type { AdminContent } from '../islands/admin/content';

export async function loadAdminContent(): Promise<AdminContent> {
  return { site: { name: 'Grace Chapel', shortName: 'Grace Chapel' }, sermons: [], events: [] };
}
