// The theme bootstrap BaseLayout inlines in every page's head: it applies the saved (else system) theme before
// first paint. astro.config.mjs lists its hash in the Content-Security-Policy of every page: an on-demand page
// sends its policy as a header before a nested layout's frontmatter runs, so a hash added there would come too late.
import { DARK_MODE_KEY, THEME_PREFERENCE_KEY } from '../constants';

export const THEME_SCRIPT = `(function(){try{var p=localStorage.getItem(${JSON.stringify(THEME_PREFERENCE_KEY)});var d=p?p==='dark':localStorage.getItem(${JSON.stringify(DARK_MODE_KEY)})!==null?localStorage.getItem(${JSON.stringify(DARK_MODE_KEY)})==='true':matchMedia('(prefers-color-scheme: dark)').matches;document.documentElement.classList.toggle('dark',d)}catch(e){}})()`;
