// The site's Astro configuration: Astro's Content-Security-Policy is on, and no Markdown highlighter writes the
// inline styles that policy refuses (Astro's default, Shiki, made every build and `npm start` warn about it).
import { describe, expect, it } from 'vitest';
import config from '../../astro.config.mjs';

describe('astro.config.mjs', () => {
  it('keeps the Content-Security-Policy and leaves out Shiki, so the build has no CSP warning', () => {
    expect(config.security?.csp).toBeTruthy();
    // Astro's own rule (warnIfCspWithShiki): Shiki, its default, with CSP on is warned about.
    const highlight = config.markdown?.syntaxHighlight ?? 'shiki';
    const shiki = highlight === 'shiki' || (typeof highlight === 'object' && highlight.type === 'shiki');
    expect(shiki).toBe(false);
  });
});
