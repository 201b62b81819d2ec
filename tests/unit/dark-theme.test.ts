// The dark theme changes colours and nothing else a scan reads: tests/e2e/axe.ts scans the flipped theme with the
// colour rules alone, on this premise. The `dark` class sets colour variables (global.css), and every `dark:`
// utility in src/ sets a colour, a shadow or a brightness, except the theme button's two icons (both hidden from
// assistive technology, one drawn per theme). A new kind of `dark:` utility fails here until the scans cover it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const COLOURS =
  /^(text|bg|border|shadow|ring|outline|fill|stroke|from|via|to|placeholder|decoration|divide|brightness)-/;
/** The theme button swaps its two aria-hidden icons by the class. */
const ICON_SWAP = { file: 'src/components/ThemeToggle.astro', utilities: ['hidden', 'block'] };

const sources = readdirSync('src', { recursive: true, encoding: 'utf8' })
  .filter((name) => /\.(astro|tsx?|css)$/.test(name))
  .map((name) => join('src', name));

describe('the dark theme', () => {
  it('sets only colour variables', () => {
    const css = readFileSync('src/styles/global.css', 'utf8');
    const block = css.match(/:root\.dark\s*\{([^}]*)\}/)?.[1] ?? '';
    const properties = [...block.matchAll(/^\s*([\w-]+)\s*:/gm)].map((m) => m[1]);
    expect(properties.length).toBeGreaterThan(10);
    expect(properties.filter((p) => p !== 'color-scheme' && !/^--(c|gradient)-/.test(p))).toEqual([]);
  });

  it('changes colours, shadows and brightness through `dark:` utilities, and swaps the theme icons', () => {
    const found = sources.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bdark:([\w:/.[\]#%-]+)/g)].map((m) => ({
        file,
        utility: m[1].split(':').at(-1)!,
      })),
    );
    expect(found.length).toBeGreaterThan(0);
    const other = found.filter(
      ({ file, utility }) =>
        !COLOURS.test(utility) && !(file === ICON_SWAP.file && ICON_SWAP.utilities.includes(utility)),
    );
    expect(other).toEqual([]);
    const icons = readFileSync(ICON_SWAP.file, 'utf8').match(/<svg[^>]*dark:(hidden|block)[^>]*>/g) ?? [];
    expect(icons).toHaveLength(2);
    for (const icon of icons) expect(icon).toContain('aria-hidden="true"');
  });
});
