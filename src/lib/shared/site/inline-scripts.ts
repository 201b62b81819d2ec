// The page scripts written into the HTML rather than served as files: astro.config.mjs lists the hash of each
// (INLINE_SCRIPTS) in every page's Content-Security-Policy. An on-demand page sends its policy as a header before a
// nested layout's frontmatter runs, so a hash added there would come too late. The two small ones of the footer and
// the 404 page were bundled scripts that Astro inlined; a bundled script now imports Rolldown's runtime
// (astro.config.mjs, fewerScripts), so it would be a file of its own to fetch.
import { THEME_SCRIPT } from './theme-script';

/** After the footer: a page built ahead of time shows the visitor's year, not the build's. */
export const YEAR_SCRIPT = `for(const e of document.querySelectorAll('[data-year]'))e.textContent=String(new Date().getFullYear())`;

/** After the 404 page's body: its Go Back and Refresh buttons. */
export const NOT_FOUND_SCRIPT = `document.querySelector('[data-action="back"]')?.addEventListener('click',()=>history.back());document.querySelector('[data-action="refresh"]')?.addEventListener('click',()=>location.reload())`;

export const INLINE_SCRIPTS = [THEME_SCRIPT, YEAR_SCRIPT, NOT_FOUND_SCRIPT];
