// A sermon's notes keep the shape their Markdown gave them (issue 28, item 7): Tailwind's reset takes the browser's
// heading sizes, list numbers and quote indents away, so the notes carry the `prose` styles, in both themes.
import { axeViolations, inBothThemes } from './axe';
import { expect, test } from '@playwright/test';
import { apiCall } from './portal-helpers';

const NOTES = [
  'Abraham went out, not knowing where he was going.',
  '## Three steps of faith',
  '1. Listen\n2. Obey\n3. Trust',
  '- a bullet',
  '> By faith Abraham obeyed. (Hebrews 11:8)',
  '### Going further',
  'Read `Genesis 12` this week.',
].join('\n\n');

let id = '';
test.beforeAll(async ({ request }) => {
  const res = await apiCall(request, 'pastor', 'POST', '/sermons/', {
    title: `Notes Shape ${Date.now().toString(36)}`,
    speaker: 'Rev. Samuel Owusu',
    date: '2026-01-04',
    category: 'Faith',
    description: 'Made by the sermon notes test.',
    status: 'published',
    notes: NOTES,
  });
  expect(res.status(), await res.text()).toBe(201);
  id = ((await res.json()) as { id: string }).id;
});
test.afterAll(async ({ request }) => {
  if (id) await apiCall(request, 'admin', 'DELETE', `/sermons/${id}/`);
});

test('headings, numbered lists and quotes keep their shape, light and dark themes', async ({ page }) => {
  await page.goto(`/sermons/${id}`);
  const notes = page.getByRole('region', { name: 'Sermon Notes' });
  const style = (selector: string) =>
    notes
      .locator(selector)
      .first()
      .evaluate((el) => {
        const s = getComputedStyle(el);
        return {
          fontSize: parseFloat(s.fontSize),
          fontWeight: Number(s.fontWeight),
          listStyleType: s.listStyleType,
          paddingLeft: parseFloat(s.paddingLeft),
          marginLeft: parseFloat(s.marginLeft),
          borderLeftWidth: parseFloat(s.borderLeftWidth),
          fontStyle: s.fontStyle,
        };
      });
  // The shapes and the scan in either theme, on one page load: the theme is the `dark` class, flipped.
  await inBothThemes(page, (theme, colours) =>
    test.step(`${theme} theme`, async () => {
      const body = await style('p');
      const h2 = await style('h2');
      const h3 = await style('h3');
      expect(h2.fontSize).toBeGreaterThan(body.fontSize * 1.2);
      expect(h2.fontWeight).toBeGreaterThanOrEqual(600);
      expect(h3.fontSize).toBeGreaterThan(body.fontSize);
      expect(h3.fontSize).toBeLessThan(h2.fontSize);
      const ol = await style('ol');
      expect(ol.listStyleType).toBe('decimal');
      expect(ol.paddingLeft).toBeGreaterThan(0);
      expect((await style('ul')).listStyleType).toBe('disc');
      const quote = await style('blockquote');
      expect(quote.borderLeftWidth).toBeGreaterThan(0);
      expect(quote.paddingLeft).toBeGreaterThan(0);
      // The numbers are drawn: the list item's marker box exists.
      expect(
        await notes
          .locator('ol > li')
          .first()
          .evaluate((li) => getComputedStyle(li, '::marker').content),
      ).not.toBe('none');

      const serious = await axeViolations(page, { include: 'main', serious: true, colours });
      expect(serious, `${theme} theme`).toEqual([]);
    }),
  );
});
