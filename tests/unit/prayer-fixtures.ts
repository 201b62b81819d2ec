// The demo prayer requests (src/server/seed/demo/prayers) as the API answers them to staff, for the portal's
// unit tests: the same requests the seeded database serves, ids in file order.
import { resolve } from 'node:path';
import type { PrayerAnswer } from '../../src/lib/shared/prayers/api';
import { needsFollowUp } from '../../src/lib/shared/prayers/wall';
import { readDemoPrayers } from '../../src/server/seed/prayers';

export const FIXTURE_NOW = Date.parse('2026-11-23T12:00:00Z');
const DAY_MS = 86_400_000;
const daysAgo = (n: number) => new Date(FIXTURE_NOW - n * DAY_MS).toISOString();

export const DEMO_PRAYERS: PrayerAnswer[] = readDemoPrayers(resolve('src/server/seed/demo')).map((d, i) => {
  const prayer = {
    id: i + 1,
    title: d.title,
    requester: d.requester,
    email: d.email || null,
    phone: d.phone || null,
    category: d.category,
    priority: d.priority,
    status: d.status,
    description: d.description,
    dateRequested: daysAgo(d.requestedDaysAgo),
    lastUpdated: daysAgo(d.updatedDaysAgo),
    isPublic: d.isPublic,
    approved: d.approved,
    assignedTo: d.assignedTo || null,
    assignedToId: null,
    supporters: d.supporters,
    updates: Array.from({ length: d.updates }, (_, n) => ({
      id: i * 100 + n + 1,
      text: `Update ${n + 1}`,
      author: d.assignedTo || 'Prayer Team',
      createdAt: daysAgo(d.updatedDaysAgo),
      isPublic: true,
    })),
    tags: d.tags,
    source: 'demo',
  };
  return { ...prayer, needsFollowUp: needsFollowUp(prayer, FIXTURE_NOW) };
});

export const byTitle = (title: string) => DEMO_PRAYERS.find((p) => p.title === title)!;
