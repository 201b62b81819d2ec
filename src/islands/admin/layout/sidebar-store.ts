// The portal's navigation (docs/PRODUCT.md (Admin layout), (States)), shared by the top bar's menu button and the
// sidebar. On a wide screen the sidebar is open or collapsed, and a collapse is kept in localStorage so the next page
// load (a reload, a link from a mail) does not undo it. Below NARROW_SCREEN it is a drawer, closed at every load.
import { atom } from 'nanostores';
import { SIDEBAR_COLLAPSED_KEY } from '../../../lib/shared/constants';

/** Below 768 px (Tailwind's `md`) the sidebar would take most of a phone's width: it becomes a drawer there. */
export const NARROW_SCREEN = '(max-width: 767.98px)';

function storedOpen(): boolean {
  try {
    return localStorage.getItem(SIDEBAR_COLLAPSED_KEY) !== 'true';
  } catch {
    return true; // storage refused (a private window's settings): open, as before
  }
}

export const $sidebarOpen = atom(storedOpen());
export function toggleSidebar() {
  const open = !$sidebarOpen.get();
  $sidebarOpen.set(open);
  try {
    if (open) localStorage.removeItem(SIDEBAR_COLLAPSED_KEY);
    else localStorage.setItem(SIDEBAR_COLLAPSED_KEY, 'true');
  } catch {
    // Not kept: the collapse still holds until the next load.
  }
}

export const DRAWER_ID = 'admin-navigation-drawer';
export const $drawerOpen = atom(false);
export const openDrawer = () => $drawerOpen.set(true);
export const closeDrawer = () => $drawerOpen.set(false);
