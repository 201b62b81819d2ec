// The axe scan every end-to-end spec uses: WCAG 2.x A and AA rules over the page (or part of it).
//
// axe-core itself, run in the page's own frame and reporting only violations (the site has no frames). axe is put
// into a page once, on its first scan, and kept for the next scans of the same document: @axe-core/playwright's
// builder evaluated all of axe's 550 KB twice before every scan, even in its "legacy" mode, and its default mode
// also opens a tab to merge the frames' results and details every rule that passed. Measured on the users screen:
// putting axe in, 70-200 ms each time; the scan itself about 620 ms (color contrast half of it). Before, with the
// builder's default: 2.0-3.5 s a scan; with the builder's legacy mode, 0.7-1.2 s.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The violations on the page (or inside `include`), one `rule: targets` line each; with `serious`, only those of
 * serious or critical impact.
 */
export async function axeViolations(
  page: Page,
  { include, serious = false }: { include?: string; serious?: boolean } = {},
) {
  // A navigation since the last scan leaves a document without it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async ([selector, tags]) => {
      const { axe } = window as unknown as { axe: { run(...args: unknown[]): Promise<AxeResults> } };
      const results = await axe.run(selector ? { include: [selector] } : document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return results.violations.map(({ id, impact, nodes }) => ({ id, impact, targets: nodes.map((n) => n.target) }));
    },
    [include, WCAG] as const,
  );
  return violations
    .filter((v) => !serious || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.targets.map((target) => target.join(' ')).join(', ')}`);
}

/** No WCAG 2.x A/AA violation on the page (or inside `selector`). */
export async function expectNoAxeViolations(page: Page, selector?: string) {
  expect(await axeViolations(page, { include: selector })).toEqual([]);
}
