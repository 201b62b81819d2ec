// The dark theme changes colours and nothing else a scan reads: tests/e2e/axe.ts scans the flipped theme with the
// colour rules alone, on this premise. The `dark` class sets colour variables (global.css), and every `dark:`
// utility in src/ sets a colour, a shadow's colour or a brightness, except the theme button's two icons (both hidden
// from assistive technology, one drawn per theme). A new kind of `dark:` utility, or other CSS keyed to the class,
// fails here until the scans cover it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const CSS = 'src/styles/global.css';
const css = readFileSync(CSS, 'utf8');
/** The theme's colour names (global.css's `--color-*`), and Tailwind's own colours: `red-600`, `black`, ... */
const THEME_COLOURS = [...css.matchAll(/--color-([\w-]+):/g)].map((m) => m[1]);
const COLOUR = `(${[...THEME_COLOURS, 'black', 'white', 'transparent', 'current', '[a-z]+-\\d{2,3}'].join('|')})(/\\d+)?`;
const COLOUR_UTILITY = new RegExp(
  `^((text|bg|border|shadow|ring|outline|fill|stroke|from|via|to|placeholder|decoration|divide)-${COLOUR}|brightness-\\d+)$`,
);
/** The theme button swaps its two aria-hidden icons by the class. */
const ICONS = 'src/components/ThemeToggle.astro';

const sources = readdirSync('src', { recursive: true, encoding: 'utf8' })
  .filter((name) => /\.(astro|tsx?|jsx?|mjs|css|md|mdx|html)$/.test(name))
  .map((name) => join('src', name))
  .map((file) => ({ file, text: readFileSync(file, 'utf8') }));
const utilities = sources.flatMap(({ file, text }) =>
  [...text.matchAll(/\bdark:([\w:/.[\]#%-]+)/g)].map((m) => ({
    file,
    utility: m[1].split(':').at(-1)!,
  })),
);

describe('the dark theme', () => {
  it('sets only colour variables, in the one block keyed to the class', () => {
    const block = css.match(/:root\.dark\s*\{([^}]*)\}/)?.[1] ?? '';
    const properties = [...block.matchAll(/^\s*([\w-]+)\s*:/gm)].map((m) => m[1]);
    expect(properties.length).toBeGreaterThan(10);
    expect(properties.filter((p) => p !== 'color-scheme' && !/^--(c|gradient)-/.test(p))).toEqual([]);
    // Any other rule keyed to the class (`.dark .x`, `html.dark`, `:global(.dark)`, `@variant dark`) is not a colour
    // variable: only global.css's `:root.dark` block and the `dark:` variant's definition may name it.
    const keyed = sources.flatMap(({ file, text }) =>
      [...text.matchAll(/^.*(\.dark\b|@variant\s+dark).*$/gm)]
        .map((m) => `${file}: ${m[0].trim()}`)
        .filter((line) => line !== `${CSS}: :root.dark {` && !line.startsWith(`${CSS}: @custom-variant dark `)),
    );
    expect(keyed).toEqual([]);
  });

  it('changes colours and brightness through `dark:` utilities, and swaps the theme icons', () => {
    expect(utilities.length).toBeGreaterThan(0);
    const other = utilities.filter(({ file, utility }) => !COLOUR_UTILITY.test(utility) && file !== ICONS);
    expect(other).toEqual([]);
    const swaps = utilities.filter(({ file }) => file === ICONS).map(({ utility }) => utility);
    expect(swaps.sort()).toEqual(['block', 'hidden']);
    const icons =
      sources.find(({ file }) => file === ICONS)!.text.match(/<svg[^>]*\bdark:(hidden|block)\b[^>]*>/g) ?? [];
    expect(icons).toHaveLength(2);
    for (const icon of icons) expect(icon).toContain('aria-hidden="true"');
  });

  it('tells a colour from a size', () => {
    for (const utility of ['text-warning', 'shadow-black/40', 'brightness-125', 'bg-red-600', 'border-border'])
      expect(utility, utility).toMatch(COLOUR_UTILITY);
    for (const utility of ['text-lg', 'text-center', 'border-4', 'outline-none', 'ring-0', 'divide-y', 'bg-none'])
      expect(utility, utility).not.toMatch(COLOUR_UTILITY);
  });
});
