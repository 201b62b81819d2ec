// The theme bootstrap BaseLayout inlines in every page's head: it applies the saved (else system) theme before
// first paint. Its hash is in every page's Content-Security-Policy with the other inline scripts'
// (./inline-scripts.ts).
import { DARK_MODE_KEY, THEME_PREFERENCE_KEY } from '../constants';

export const THEME_SCRIPT = `(function(){try{var p=localStorage.getItem(${JSON.stringify(THEME_PREFERENCE_KEY)});var d=p?p==='dark':localStorage.getItem(${JSON.stringify(DARK_MODE_KEY)})!==null?localStorage.getItem(${JSON.stringify(DARK_MODE_KEY)})==='true':matchMedia('(prefers-color-scheme: dark)').matches;document.documentElement.classList.toggle('dark',d)}catch(e){}})()`;
