// The footer's copyright year, inlined after it by Footer.astro: a page built ahead of time shows the visitor's year,
// not the build's. Inline rather than a bundled script: the bundle's scripts import Rolldown's runtime (astro.config.mjs,
// fewerScripts), so a bundled one would be two more files on every public page. astro.config.mjs lists its hash in
// the Content-Security-Policy, as it does the theme script's.
export const YEAR_SCRIPT = `for(const e of document.querySelectorAll('[data-year]'))e.textContent=String(new Date().getFullYear())`;
