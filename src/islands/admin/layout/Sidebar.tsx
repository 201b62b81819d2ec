// The admin sidebar (docs/PRODUCT.md (Pages and screens)): logo and "{short name} Admin", the items with the active rule of
// nav.ts (Messages with its unread count), and the signed-in user's card (avatar or initials) leading to /admin/profile.
// On a narrow screen the same panel is a drawer: a modal <dialog> (the page behind inert, Tab kept inside, Escape
// closes it and the browser gives focus back to the menu button), closed again by choosing a link.
import { useStore } from '@nanostores/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { useAdminContent } from '../content';
import { $auth } from '../../../lib/client/session';
import { fullName } from '../../../lib/shared/format';
import { ROLE_LABELS } from '../../../lib/shared/permissions';
import { Avatar } from '../../ui/Avatar';
import { cx } from '../../ui/cx';
import { Icon } from './icons';
import { isNavActive, navItemsFor } from './nav';
import { $drawerOpen, $sidebarOpen, DRAWER_ID, closeDrawer } from './sidebar-store';
import { CloseButton } from '../../ui/Button';
import { unreadKey, useUnreadMessages } from '../unread';

/** The wide screen's sidebar, open or collapsed by the top bar's toggle. */
export function Sidebar() {
  const open = useStore($sidebarOpen);
  return (
    <SidebarPanel
      open={open}
      className={cx('sticky top-0 h-screen border-r transition-[width] duration-200', open ? 'w-64' : 'w-18')}
    />
  );
}

/** The narrow screen's drawer, mounted only while open so a closed one is nowhere in the page or its Tab order. */
export function NavDrawer() {
  const open = useStore($drawerOpen);
  const [location] = useLocation();
  // A link chosen in the drawer (or a move by any other way) closes it.
  useEffect(() => closeDrawer(), [location]);
  return open ? <OpenDrawer /> : null;
}

function OpenDrawer() {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    const dialog = dialogRef.current!;
    if (!dialog.open) dialog.showModal();
    closeRef.current?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      // close() hands focus back to the element that had it before the drawer opened (the menu button).
      if (dialog.open) dialog.close();
    };
  }, []);
  return (
    <dialog
      ref={dialogRef}
      id={DRAWER_ID}
      aria-label="Navigation"
      // The browser's own close request (Escape, Android back) goes through the store, which unmounts the drawer.
      onCancel={(e) => {
        e.preventDefault();
        closeDrawer();
      }}
      // A click on the backdrop lands on the <dialog> itself.
      onClick={(e) => e.target === e.currentTarget && closeDrawer()}
      className="m-0 h-dvh max-h-none w-72 max-w-[calc(100vw-3rem)] bg-surface p-0 text-text backdrop:bg-black/60"
    >
      <CloseButton ref={closeRef} label="Close navigation" onClick={closeDrawer} className="absolute top-4 right-3" />
      <SidebarPanel open className="h-full w-full" onNavigate={closeDrawer} />
    </dialog>
  );
}

function SidebarPanel({ open, className, onNavigate }: { open: boolean; className: string; onNavigate?: () => void }) {
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
      className={cx('flex shrink-0 flex-col border-border bg-surface', className)}
    >
      <a
        href="/"
        className={cx('flex items-center gap-3 border-b border-border px-4 py-4', onNavigate && 'pr-14')}
        title={`${site.name} website`}
      >
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
                  onClick={onNavigate}
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
          onClick={onNavigate}
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
