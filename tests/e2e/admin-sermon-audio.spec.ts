// Sermon audio end to end: the demo pastor creates a published sermon in the portal, a PNG named .mp3 is
// refused with the server's message and stores nothing, a small MP3 uploads with a progress bar (axe on the
// dialog while it shows), Cancel aborts an upload, and a visitor finds the audio player on the public page
// whose source answers a range request. Chromium cannot decode these few bytes, so the test checks the
// player's source and the media answer rather than playback. The admin deletes the sermon at the end.
import { expect, test, type Locator, type Page, type Route } from '@playwright/test';
import { scanDialog } from './admin-content-helpers';
import { apiCall, signedIn } from './portal-helpers';

/** An ID3v2 header, one MPEG-1 Layer III frame header and padding: enough for the API's content check. */
function mp3Bytes(): Buffer {
  const id3 = Buffer.from([0x49, 0x44, 0x33, 0x03, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]);
  const frame = Buffer.from([0xff, 0xfb, 0x90, 0x64]);
  return Buffer.concat([id3, frame, Buffer.alloc(64 * 1024)]);
}
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
/** A form field by its label, with or without the required star. */
const field = (scope: Locator, name: string) => scope.getByLabel(new RegExp(`^${name}( \\*)?$`));
const REFUSED = 'Only MP3 or M4A audio is accepted.';
const AUDIO_ROUTE = '**/api/v1/sermons/*/audio/';

interface StoredSermon {
  id: string;
  title: string;
  audioUrl?: string | null;
}

async function findSermon(page: Page, title: string): Promise<StoredSermon> {
  const res = await apiCall(page.request, 'admin', 'GET', '/sermons/');
  expect(res.status()).toBe(200);
  const found = ((await res.json()) as StoredSermon[]).find((s) => s.title === title);
  expect(found, `sermon "${title}" stored`).toBeTruthy();
  return found!;
}

/** Holds the next audio upload until the returned function lets it through (or fails it). */
async function holdUpload(page: Page) {
  let held: (route: Route) => void = () => {};
  const route = new Promise<Route>((resolve) => (held = resolve));
  await page.route(AUDIO_ROUTE, (r) => held(r), { times: 1 });
  return {
    release: async () => (await route).continue(),
    fail: async () => (await route).abort().catch(() => {}),
  };
}

test('a pastor uploads a sermon MP3 with progress; a visitor finds the player and its source answers', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const title = `Audio Sermon ${Date.now().toString(36)}`;
  let sermonId: string | null = null;
  try {
    await signedIn(page, 'pastor', '/admin/sermons');
    await page.locator('main h1').waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'New Sermon' }).click();
    const form = page.getByRole('dialog', { name: 'New Sermon' });
    await field(form, 'Title').fill(title);
    await field(form, 'Speaker').fill('Pastor Kwame Mensah');
    await field(form, 'Category').fill('Faith');
    await field(form, 'Status').selectOption('published');
    const audio = form.getByLabel('Audio', { exact: true });
    await expect(audio).toHaveAttribute('accept', 'audio/mpeg,audio/mp4,.mp3,.m4a');

    // Not audio: the sermon is created, the file refused with the server's message on the field.
    await audio.setInputFiles({ name: 'not-audio.mp3', mimeType: 'audio/mpeg', buffer: PNG });
    await form.getByRole('button', { name: 'Create Sermon' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Sermon' });
    await expect(edit.getByRole('alert').filter({ hasText: REFUSED })).toBeVisible();
    await expect(edit.getByLabel('Audio', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    const created = await findSermon(page, title);
    sermonId = created.id;
    expect(created.audioUrl ?? null).toBeNull(); // no audio: the field is left out

    // A real MP3: held in flight so the progress bar can be seen and scanned, then let through.
    const upload = await holdUpload(page);
    await edit.getByLabel('Audio', { exact: true }).setInputFiles({
      name: 'sermon.mp3',
      mimeType: 'audio/mpeg',
      buffer: mp3Bytes(),
    });
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    const progress = edit.getByRole('progressbar', { name: /Uploading audio/ });
    await expect(progress).toBeVisible();
    await expect(edit.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    await scanDialog(page);
    await upload.release();
    await expect(page.getByText(`Audio uploaded for "${title}"`)).toBeVisible();
    await expect(edit).toBeHidden();

    const stored = await findSermon(page, title);
    expect(stored.audioUrl).toMatch(/^\/api\/v1\/media\/[^/]+\.mp3$/);
    const audioUrl = stored.audioUrl!;

    // The list shows it with its audio: Download is now a link to the media.
    const details = page.getByRole('dialog', { name: title });
    if (!(await details.isVisible())) await page.getByRole('button', { name: new RegExp(`^${title}`) }).click();
    await expect(details.getByRole('link', { name: 'Download' })).toHaveAttribute('href', audioUrl);

    // Cancel while uploading aborts the upload; the sermon keeps its audio.
    await details.getByRole('button', { name: 'Edit Sermon' }).click();
    const again = page.getByRole('dialog', { name: 'Edit Sermon' });
    const cancelled = await holdUpload(page);
    await again.getByLabel('Audio', { exact: true }).setInputFiles({
      name: 'other.mp3',
      mimeType: 'audio/mpeg',
      buffer: mp3Bytes(),
    });
    await again.getByRole('button', { name: 'Save Changes' }).click();
    await expect(again.getByRole('progressbar')).toBeVisible();
    await again.getByRole('button', { name: 'Cancel' }).click();
    await expect(again).toBeHidden();
    await expect(page.getByText(/Audio upload cancelled/)).toBeVisible();
    await cancelled.fail();
    expect((await findSermon(page, title)).audioUrl).toBe(audioUrl);

    // A visitor, not signed in, finds the player on the public page and its source answers ranges.
    const visitor = await browser.newContext({ baseURL });
    try {
      const pub = await visitor.newPage();
      await pub.goto(`/sermons/${encodeURIComponent(created.id)}`);
      await expect(pub.getByRole('heading', { level: 1, name: title })).toBeVisible();
      const player = pub.locator('audio');
      await expect(player).toHaveAttribute('src', audioUrl);
      const range = await pub.request.get(audioUrl, { headers: { Range: 'bytes=0-3' } });
      expect(range.status()).toBe(206);
      expect([...(await range.body())]).toEqual([0x49, 0x44, 0x33, 0x03]);

      // The library's Play loads the same media into its one player (these bytes will not really decode).
      await pub.goto('/sermons');
      const play = pub
        .getByRole('region', { name: 'All Sermons' })
        .getByRole('button', { name: `Play ${title}`, exact: true });
      await expect(play).toBeEnabled({ timeout: 15_000 });
      await play.click();
      await expect(pub.locator('audio')).toHaveAttribute('src', audioUrl);
    } finally {
      await visitor.close();
    }
  } finally {
    if (sermonId) {
      const res = await apiCall(page.request, 'admin', 'DELETE', `/sermons/${encodeURIComponent(sermonId)}/`);
      expect([204, 404]).toContain(res.status());
    }
  }
});
