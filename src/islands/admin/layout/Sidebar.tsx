// The admin sidebar (docs/PRODUCT.md (Pages and screens)): logo and "{short name} Admin", the items with the active rule of
// nav.ts (Messages with its unread count), and the signed-in user's card (avatar or initials) leading to /admin/profile.
import { useStore } from '@nanostores/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { useAdminContent } from '../content';
import { $auth } from '../../../lib/client/session';
import { fullName } from '../../../lib/shared/format';
import { ROLE_LABELS } from '../../../lib/shared/permissions';
import { Avatar } from '../../ui/Avatar';
import { cx } from '../../ui/cx';
import { Icon } from './icons';
import { isNavActive, navItemsFor } from './nav';
import { $sidebarOpen } from './sidebar-store';
import { unreadKey, useUnreadMessages } from '../unread';

export function Sidebar() {
  const open = useStore($sidebarOpen);
  const { user } = useStore($auth);
  const [location] = useLocation();
  const { site } = useAdminContent();
  const unread = useUnreadMessages();
  const client = useQueryClient();
  // Asked again on every move between screens: a message that arrived meanwhile shows.
  useEffect(() => void client.invalidateQueries({ queryKey: unreadKey }), [client, location]);

  return (
    <aside
      aria-label="Admin navigation"
      data-open={open}
      className={cx(
        'sticky top-0 flex h-screen shrink-0 flex-col border-r border-border bg-surface transition-[width] duration-200',
        open ? 'w-64' : 'w-18',
      )}
    >
      <a href="/" className="flex items-center gap-3 border-b border-border px-4 py-4" title={`${site.name} website`}>
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-button text-lg font-bold text-button-text"
        >
          ✝
        </span>
        {/* Wraps rather than being cut off when a long church name meets a narrow sidebar. */}
        <span className={cx('min-w-0 text-lg leading-tight font-bold break-words text-text', !open && 'sr-only')}>
          {site.shortName} Admin
        </span>
      </a>
      <nav className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="flex flex-col gap-1">
          {navItemsFor(user?.role ?? null).map((item) => {
            const active = isNavActive(item, location);
            return (
              <li key={item.path}>
                <Link
                  href={item.path}
                  aria-current={active ? 'page' : undefined}
                  title={open ? undefined : item.label}
                  className={cx(
                    'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition',
                    active ? 'bg-button text-button-text' : 'text-text hover:bg-hover',
                  )}
                >
                  <Icon name={item.icon} className="shrink-0" />
                  <span className={cx(!open && 'sr-only')}>{item.label}</span>
                  {item.badge === 'unread-messages' && !!unread && (
                    <span
                      className={cx(
                        'ml-auto rounded-full bg-error px-2 py-0.5 text-xs font-semibold text-card',
                        !open && 'absolute ml-5 -mt-5 px-1.5',
                      )}
                    >
                      {unread}
                      <span className="sr-only"> unread</span>
                    </span>
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {user && (
        <Link
          href="/profile"
          data-testid="sidebar-user-card"
          className="flex items-center gap-3 border-t border-border px-4 py-4 hover:bg-hover"
          aria-label={open ? undefined : `Your profile: ${fullName(user)}`}
        >
          <Avatar user={user} size="md" />
          <span className={cx('min-w-0', !open && 'sr-only')}>
            <span className="block truncate text-sm font-semibold text-text">{fullName(user)}</span>
            <span className="block truncate text-xs text-muted">{ROLE_LABELS[user.role] ?? user.role}</span>
          </span>
        </Link>
      )}
    </aside>
  );
}
