// The admin top bar (docs/PRODUCT.md (Pages and screens)): sidebar toggle (on a narrow screen the menu button that
// opens the navigation drawer), the search box, the theme control,
// Notifications (what awaits staff, the dashboard's list too), Messages (the inbox, with its unread count), and
// logout (clears the session, then /login).
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { Link } from 'wouter';
import { auth } from '../../../lib/client/session';
import { $theme, toggleTheme } from '../../../lib/client/theme';
import { Icon } from './icons';
import { $drawerOpen, $sidebarOpen, DRAWER_ID, openDrawer, toggleSidebar } from './sidebar-store';
import { NotificationsMenu } from './NotificationsMenu';
import { SearchBox } from './SearchBox';
import { useUnreadMessages } from '../unread';

const iconButton = 'rounded-lg p-2 text-muted hover:bg-hover hover:text-text disabled:opacity-60';

export function TopBar({ narrow }: { narrow: boolean }) {
  const open = useStore($sidebarOpen);
  const drawerOpen = useStore($drawerOpen);
  const theme = useStore($theme);
  const unread = useUnreadMessages();
  const [leaving, setLeaving] = useState(false);

  async function logout() {
    if (leaving) return;
    setLeaving(true);
    await auth.logout();
    window.location.assign('/login');
  }

  return (
    <header className="sticky top-0 z-20 flex items-center gap-2 border-b border-border bg-header px-4 py-3 backdrop-blur">
      {narrow ? (
        <button
          type="button"
          className={iconButton}
          onClick={openDrawer}
          aria-label="Open navigation"
          aria-expanded={drawerOpen}
          aria-controls={drawerOpen ? DRAWER_ID : undefined}
        >
          <Icon name="menu" />
        </button>
      ) : (
        <button
          type="button"
          className={iconButton}
          onClick={toggleSidebar}
          aria-label={open ? 'Collapse sidebar' : 'Expand sidebar'}
          aria-expanded={open}
        >
          <Icon name="menu" />
        </button>
      )}
      <div className="hidden max-w-md flex-1 sm:flex">
        <SearchBox />
      </div>
      <div className="ml-auto flex items-center gap-1">
        <button
          type="button"
          className={iconButton}
          onClick={toggleTheme}
          aria-label={theme === 'dark' ? 'Switch to light mode' : 'Switch to dark mode'}
        >
          <Icon name={theme === 'dark' ? 'sun' : 'moon'} />
        </button>
        <NotificationsMenu variant="icon" />
        <Link href="/messages" className={`${iconButton} relative`}>
          <Icon name="mail" />
          <span className="sr-only">Messages</span>
          {!!unread && (
            <span className="absolute -top-0.5 -right-0.5 rounded-full bg-error px-1.5 text-xs font-bold text-card tabular-nums">
              {unread}
              <span className="sr-only"> unread</span>
            </span>
          )}
        </Link>
        <button
          type="button"
          onClick={logout}
          disabled={leaving}
          className="ml-1 flex items-center gap-2 rounded-lg border border-border px-2.5 py-2 text-sm font-medium text-text hover:bg-hover sm:ml-2 sm:px-3"
        >
          <Icon name="logout" />
          <span>Logout</span>
        </button>
      </div>
    </header>
  );
}
