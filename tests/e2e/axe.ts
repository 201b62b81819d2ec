// The axe scan every end-to-end spec uses: WCAG 2.x A and AA rules over the page (or part of it).
//
// axe-core itself, run in the page's own frame and reporting only violations (the site has no frames). axe is put
// into a page once, on its first scan, and kept for the next scans of the same document: @axe-core/playwright's
// builder evaluated all of axe's 550 KB twice before every scan, even in its "legacy" mode, and its default mode
// also opens a tab to merge the frames' results and details every rule that passed. Measured on the users screen:
// putting axe in, 70-200 ms each time; the scan itself about 620 ms (color contrast half of it). Before, with the
// builder's default: 2.0-3.5 s a scan; with the builder's legacy mode, 0.7-1.2 s.
//
// Both themes in one walk: the theme is CSS only (the `dark` class on <html>), so a test reaches its state once and
// scans it in either theme by flipping the class (expectNoAxeViolationsInBothThemes, inBothThemes); walking the same
// flow twice, once per theme, spent as much time again on sign-ins, page loads and clicks for the same two scans.
// And the other theme's scan runs only the rules a colour can fail (COLOUR_RULES): the flip changes colour variables
// (global.css), and `dark:` utilities set only colours, shadows and brightness, or swap the theme button's two
// aria-hidden icons (tests/unit/dark-theme.test.ts holds it so), so every other rule reads the same DOM, names, roles
// and sizes and answers the same. Those rules were 35-65% of a scan (the users screen: 704 ms all, 457 ms the colour ones);
// the whole suite's scans were about a sixth of its end-to-end time.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** The WCAG rules whose answer depends on colours: text against its background, a link against the text around it. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The violations on the page (or inside `include`), one `rule: targets` line each; with `serious`, only those of
 * serious or critical impact; with `colours`, only the rules a colour can fail.
 */
export async function axeViolations(
  page: Page,
  { include, serious = false, colours = false }: { include?: string; serious?: boolean; colours?: boolean } = {},
) {
  // A navigation since the last scan leaves a document without it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async ([selector, runOnly]) => {
      const { axe } = window as unknown as { axe: { run(...args: unknown[]): Promise<AxeResults> } };
      const results = await axe.run(selector ? { include: [selector] } : document, {
        runOnly,
        resultTypes: ['violations'],
      });
      return results.violations.map(({ id, impact, nodes }) => ({ id, impact, targets: nodes.map((n) => n.target) }));
    },
    [include, colours ? { type: 'rule', values: COLOUR_RULES } : { type: 'tag', values: WCAG }] as const,
  );
  return violations
    .filter((v) => !serious || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.targets.map((target) => target.join(' ')).join(', ')}`);
}

/** No WCAG 2.x A/AA violation on the page (or inside `selector`). */
export async function expectNoAxeViolations(page: Page, selector?: string) {
  expect(await axeViolations(page, { include: selector })).toEqual([]);
}

type Theme = 'light' | 'dark';

/**
 * Puts the `dark` class on <html> (or takes it off; `undefined` leaves it) and waits for the CSS transitions under
 * way, the change's own included: the theme is CSS only (global.css's `:root.dark` variables, Tailwind's `dark:`
 * variant), so nothing else needs to follow. getAnimations() after the change flushes style, which starts them.
 * Waited on: the running ones with an end (a spinner's infinite animation never ends, nor does a paused one) on an
 * element that is drawn. Not on one inside a closed <details> (a skipped subtree): axe's scan computed its style, so
 * the flip starts its transitions, but Chromium never settles their `finished` there (seen on /ministries: the join
 * forms' buttons), and axe does not check what is not drawn.
 */
async function setDarkClass(page: Page, dark?: boolean) {
  await page.evaluate(async (on) => {
    if (on !== undefined) document.documentElement.classList.toggle('dark', on);
    const pending = document.getAnimations().filter((a) => {
      if (a.playState !== 'running') return false;
      const finite = a instanceof CSSTransition || Number.isFinite(Number(a.effect?.getComputedTiming().endTime));
      const target = a.effect instanceof KeyframeEffect ? a.effect.target : null;
      return finite && (!target || target.checkVisibility());
    });
    // A transition replaced by another (or removed with its element) rejects: it is over all the same.
    await Promise.all(pending.map((a) => a.finished.catch(() => undefined)));
  }, dark);
}

/**
 * Runs `check` in the page's current theme, then in the other one (the `dark` class flipped on <html>), then puts the
 * page back in the theme it was in: the walk to the state it checks (sign-in, page loads, hydration, clicks) is paid
 * once, not once per theme. The first check too waits for the transitions under way (a button enabled as a dialog's
 * request ends fades its opacity in: mid-way, its text fails contrast). `flipped` is true for the second check.
 */
export async function inBothThemes(page: Page, check: (theme: Theme, flipped: boolean) => Promise<void>) {
  const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
  await setDarkClass(page);
  await check(dark ? 'dark' : 'light', false);
  await setDarkClass(page, !dark);
  await check(dark ? 'light' : 'dark', true);
  await setDarkClass(page, dark);
}

/**
 * expectNoAxeViolations in both themes, the current one first (the other with the colour rules only); a failure
 * names the theme (and `label`).
 */
export async function expectNoAxeViolationsInBothThemes(page: Page, selector?: string, label?: string) {
  await inBothThemes(page, async (theme, colours) => {
    expect(await axeViolations(page, { include: selector, colours }), themed(theme, label)).toEqual([]);
  });
}

/**
 * No serious or critical violation on the page (or inside `include`) in both themes, the current one first (the
 * other with the colour rules only).
 */
export async function expectNoSeriousAxeViolationsInBothThemes(
  page: Page,
  { include, label }: { include?: string; label?: string } = {},
) {
  await inBothThemes(page, async (theme, colours) => {
    expect(await axeViolations(page, { include, serious: true, colours }), themed(theme, label)).toEqual([]);
  });
}

const themed = (theme: Theme, label?: string) => (label ? `${label}, ${theme} theme` : `${theme} theme`);
