// The axe scan every end-to-end spec uses: WCAG 2.x A and AA rules over the page (or part of it).
//
// In the page's own frame (axe.run, the builder's "legacy" mode) and reporting only violations: the builder's default
// runs axe per frame, then opens a new tab to merge the frames' results, and details every rule that passed; the
// site has no frames, so the verdict is the same. Measured over one portal screen, three rounds, beside other work:
// 2.0-3.5 s a scan before, 0.7-1.2 s after (axe scans were 43% of the end-to-end tests' time).
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * The violations on the page (or inside `include`), one `rule: targets` line each; with `serious`, only those of
 * serious or critical impact.
 */
export async function axeViolations(
  page: Page,
  { include, serious = false }: { include?: string; serious?: boolean } = {},
) {
  // options() first: it replaces the whole option object, withTags() then adds the rules to run to it.
  let builder = new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(WCAG)
    .setLegacyMode();
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => !serious || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** No WCAG 2.x A/AA violation on the page (or inside `selector`). */
export async function expectNoAxeViolations(page: Page, selector?: string) {
  expect(await axeViolations(page, { include: selector })).toEqual([]);
}
