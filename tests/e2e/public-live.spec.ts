// The public sermon and event pages read the database at request time: what staff publish through the API is on
// /sermons within 2 seconds without a rebuild, a draft never reaches a public page, feed or sitemap, and
// unpublishing takes a sermon off again, even when the pages were already in the route cache.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiCall } from './portal-helpers';

const WITHIN = { timeout: 2_000, intervals: [100, 200, 300] };
const stamp = Date.now().toString(36);

async function text(request: APIRequestContext, path: string) {
  const res = await request.get(path);
  return { status: res.status(), body: await res.text(), cache: res.headers()['x-astro-cache'] };
}

async function createSermon(request: APIRequestContext, over: Record<string, unknown>) {
  const res = await apiCall(request, 'pastor', 'POST', '/sermons/', {
    speaker: 'Rev. Samuel Owusu',
    date: '2026-01-04',
    category: 'Faith',
    description: 'Made by the live pages test.',
    ...over,
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; title: string };
}

test.describe('live sermon pages', () => {
  const made: string[] = [];
  test.afterAll(async ({ request }) => {
    for (const id of made) await apiCall(request, 'admin', 'DELETE', `/sermons/${id}/`);
  });

  test('a published sermon shows within 2 s; unpublished, it is gone everywhere', async ({ request }) => {
    // Warm the cache first, so the new sermon can only show through the purge.
    await text(request, '/sermons');
    expect((await text(request, '/sermons')).cache).toBe('HIT');
    await text(request, '/sermons/rss.xml');
    await text(request, '/sitemap-sermons.xml');

    const title = `Live Published ${stamp}`;
    const sermon = await createSermon(request, {
      title,
      status: 'published',
      notes: 'Read **Psalm 23**.\n\n<script>alert(1)</script>\n\n[Click](javascript:alert(2))',
    });
    made.push(sermon.id);
    await expect.poll(async () => (await text(request, '/sermons')).body, WITHIN).toContain(title);
    expect((await text(request, '/sermons/rss.xml')).body).toContain(title);
    expect((await text(request, '/sitemap-sermons.xml')).body).toContain(`/sermons/${sermon.id}<`);

    const page = await text(request, `/sermons/${sermon.id}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<strong>Psalm 23</strong>');
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.body).not.toMatch(/href="javascript:/i);

    const patched = await apiCall(request, 'pastor', 'PATCH', `/sermons/${sermon.id}/`, { status: 'draft' });
    expect(patched.status()).toBe(200);
    await expect.poll(async () => (await text(request, '/sermons')).body, WITHIN).not.toContain(title);
    expect((await text(request, `/sermons/${sermon.id}`)).status).toBe(404);
    expect((await text(request, '/sermons/rss.xml')).body).not.toContain(title);
    expect((await text(request, '/sitemap-sermons.xml')).body).not.toContain(sermon.id);
  });

  test('a draft never reaches a public page, feed or sitemap', async ({ request }) => {
    const title = `Live Draft ${stamp}`;
    const draft = await createSermon(request, { title, status: 'draft' });
    made.push(draft.id);
    // A scheduled sermon whose date is still to come is not public either.
    const later = await createSermon(request, {
      title: `Live Later ${stamp}`,
      status: 'scheduled',
      date: '2999-01-01',
    });
    made.push(later.id);
    for (const path of ['/sermons', '/sermons/rss.xml', '/sitemap-sermons.xml']) {
      const { body } = await text(request, path);
      expect(body, path).not.toContain(draft.id);
      expect(body, path).not.toContain(later.id);
    }
    expect((await text(request, `/sermons/${draft.id}`)).status).toBe(404);
    expect((await text(request, `/sermons/${later.id}`)).status).toBe(404);
  });
});

test.describe('live event pages', () => {
  const made: string[] = [];
  test.afterAll(async ({ request }) => {
    for (const id of made) await apiCall(request, 'admin', 'DELETE', `/events/${id}/`);
  });

  test('a public event shows on /events and in the .ics within 2 s; a private one never does', async ({ request }) => {
    await text(request, '/events');
    await text(request, '/events.ics');
    const event = (title: string, isPublic: boolean) =>
      apiCall(request, 'pastor', 'POST', '/events/', {
        title,
        category: 'worship',
        type: 'one-time',
        startDate: '2027-03-04',
        startTime: '18:30',
        endTime: '20:00',
        location: 'Main Sanctuary',
        isPublic,
      });
    const open = await event(`Live Open ${stamp}`, true);
    const closed = await event(`Live Private ${stamp}`, false);
    expect(open.status()).toBe(201);
    expect(closed.status()).toBe(201);
    made.push((await open.json()).id, (await closed.json()).id);
    await expect.poll(async () => (await text(request, '/events')).body, WITHIN).toContain(`Live Open ${stamp}`);
    expect((await text(request, '/events.ics')).body).toContain(`Live Open ${stamp}`);
    expect((await text(request, '/events')).body).not.toContain(`Live Private ${stamp}`);
    expect((await text(request, '/events.ics')).body).not.toContain(`Live Private ${stamp}`);
  });
});
