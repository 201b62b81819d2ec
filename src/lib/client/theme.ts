// Light/dark theme shared by every island (public header toggle and the admin top bar). The head script
// in BaseLayout applies the saved preference before first paint; this store keeps islands in step.
import { atom } from 'nanostores';
import { DARK_MODE_KEY, THEME_PREFERENCE_KEY } from '../shared/constants';

export type Theme = 'light' | 'dark';

function readInitial(): Theme {
  if (typeof document === 'undefined') return 'light';
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

export const $theme = atom<Theme>(readInitial());

export function setTheme(theme: Theme): void {
  $theme.set(theme);
  document.documentElement.classList.toggle('dark', theme === 'dark');
  try {
    localStorage.setItem(THEME_PREFERENCE_KEY, theme);
    localStorage.setItem(DARK_MODE_KEY, String(theme === 'dark'));
  } catch {
    // Storage can be unavailable (private mode, quota): the theme still applies for this page.
  }
}

export function toggleTheme(): void {
  setTheme($theme.get() === 'dark' ? 'light' : 'dark');
}
