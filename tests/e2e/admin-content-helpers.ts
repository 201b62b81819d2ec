// Shared steps of the content screens' end-to-end tests: open a screen signed in, in either theme, and scan
// it (or an open dialog) with axe, in its theme or in both. Sign-in and the scan come from the portal's helpers.
import type { Page } from '@playwright/test';
import { THEME_PREFERENCE_KEY } from '../../src/lib/shared/constants';
import { signedIn } from './portal-helpers';
import { expectNoAxeViolations, expectNoAxeViolationsInBothThemes } from './axe';

export type ThemeName = 'light' | 'dark';

/** Opens /admin/<screen> as the demo admin with the theme preference saved before any page script runs. */
export async function openScreen(page: Page, path: string, theme: ThemeName = 'light') {
  await page.addInitScript(
    ([key, value]) => {
      try {
        localStorage.setItem(key, value);
      } catch {
        // about:blank has no storage; the next navigation runs this again.
      }
    },
    [THEME_PREFERENCE_KEY, theme],
  );
  await signedIn(page, 'admin', path);
  // The screen is a lazy chunk behind the session check: on a loaded machine that can take a while.
  await page.locator('main h1').waitFor({ timeout: 20_000 });
}

/** Axe over the routed screen (the layout is the portal's own test's business). */
export const scanScreen = (page: Page) => expectNoAxeViolations(page, 'main');
export const scanDialog = (page: Page) => expectNoAxeViolations(page, 'dialog[open]');

/** The same in both themes, the screen's own first (the `dark` class flipped: one walk to the state, two scans). */
export const scanScreenInBothThemes = (page: Page) => expectNoAxeViolationsInBothThemes(page, 'main');
export const scanDialogInBothThemes = (page: Page) => expectNoAxeViolationsInBothThemes(page, 'dialog[open]');
