// Sidebar open/collapsed (docs/PRODUCT.md (States)), shared by the top bar's toggle and the sidebar.
import { atom } from 'nanostores';

export const $sidebarOpen = atom(true);
export const toggleSidebar = () => $sidebarOpen.set(!$sidebarOpen.get());
