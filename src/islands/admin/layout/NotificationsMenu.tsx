// The Notifications list (docs/PRODUCT.md (Dashboard)): what awaits a staff member, each item a link to the screen
// that handles it, registrations one line per event. One component for the top bar's bell and the dashboard's
// Notifications button; both read one store (notices.ts), refreshed as staff move between screens. The badge counts
// what is new to this person; once the open list has shown it, it is marked seen. A disclosure: the button toggles
// the panel, Escape or a click elsewhere closes it and focus returns to the button.
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { NoticeKind } from '../../../lib/shared/dashboard/api';
import { cx } from '../../ui';
import { Icon } from './icons';
import { $notices, markNoticesSeen, refreshNotices } from './notices';

const KIND_LABELS: Record<NoticeKind, string> = {
  setup: 'To set up',
  prayer: 'Prayer requests to review',
  message: 'Unread messages',
  registration: 'New registrations',
};

export function NotificationsMenu({ variant }: { variant: 'icon' | 'banner' }) {
  const state = useStore($notices);
  const [open, setOpen] = useState(false);
  const [location] = useLocation();
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => void refreshNotices(), [location]);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- a link followed closes the list
  useEffect(() => setOpen(false), [location]);
  useEffect(() => {
    if (!open) return;
    const away = (event: MouseEvent) => !root.current?.contains(event.target as Node) && setOpen(false);
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('mousedown', away);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('mousedown', away);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  // Marked once the open list has rendered an answer with something new in it: exactly what the person saw.
  const shownAsOf = open && state.status === 'ready' && state.notices.total > 0 ? state.notices.asOf : null;
  useEffect(() => {
    if (shownAsOf) void markNoticesSeen(shownAsOf);
  }, [shownAsOf]);

  const total = state.status === 'ready' ? state.notices.total : 0;
  const badge = total > 0 && (
    <span
      className={cx(
        'rounded-full px-1.5 text-xs font-bold tabular-nums',
        variant === 'icon' ? 'absolute -top-0.5 -right-0.5 bg-error text-card' : 'bg-white text-sky-900',
      )}
    >
      {total}
      <span className="sr-only"> awaiting</span>
    </span>
  );

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          if (!open) void refreshNotices();
          setOpen(!open);
        }}
        className={
          variant === 'icon'
            ? 'relative rounded-lg p-2 text-muted hover:bg-hover hover:text-text'
            : 'inline-flex items-center gap-2 rounded-lg bg-white/15 px-4 py-2 text-sm font-medium text-white hover:bg-white/25'
        }
      >
        <Icon name="bell" width="1.25em" height="1.25em" />
        <span className={variant === 'icon' ? 'sr-only' : undefined}>Notifications</span>
        {badge}
      </button>
      <div
        id={panelId}
        hidden={!open}
        role="region"
        aria-label="Notifications"
        className="absolute right-0 z-30 mt-2 max-h-[70vh] w-80 max-w-[calc(100vw-2rem)] overflow-y-auto rounded-xl border border-border bg-card p-3 text-left text-text shadow-lg"
      >
        {state.status === 'loading' && <p className="text-sm text-muted">Loading notifications...</p>}
        {state.status === 'error' && (
          <p role="alert" className="text-sm text-error">
            {state.message}{' '}
            <button type="button" className="underline" onClick={() => void refreshNotices()}>
              Retry
            </button>
          </p>
        )}
        {state.status === 'ready' &&
          (Object.values(state.notices.counts).every((count) => count === 0) ? (
            <p className="text-sm text-muted">Nothing awaits you. All caught up.</p>
          ) : (
            (Object.keys(KIND_LABELS) as NoticeKind[])
              .filter((kind) => state.notices.counts[kind] > 0)
              .map((kind) => (
                <section key={kind} className="mb-2 last:mb-0">
                  <h2 className="flex justify-between text-xs font-semibold tracking-wide text-muted uppercase">
                    {KIND_LABELS[kind]}
                    <span className="tabular-nums">{state.notices.counts[kind]}</span>
                  </h2>
                  <ul className="mt-1 flex flex-col">
                    {state.notices.items
                      .filter((item) => item.kind === kind)
                      .map((item) => (
                        <li key={`${item.kind}-${item.id}`}>
                          <Link
                            href={item.href}
                            // Closed here too: a quick Back can return before the screen changed, and the list
                            // would still cover the screen.
                            onClick={() => setOpen(false)}
                            className="block rounded-lg px-2 py-1.5 hover:bg-hover"
                          >
                            <span className="block truncate text-sm font-medium">{item.title}</span>
                            <span className="block text-xs text-muted">{item.detail}</span>
                          </Link>
                        </li>
                      ))}
                  </ul>
                </section>
              ))
          ))}
      </div>
    </div>
  );
}

/**
 * What an administrator has yet to set up, in plain sight on the dashboard (the Notifications list has it too): a
 * fresh install's /give can only say to give at a service until Settings → Giving is filled (issue 28).
 */
export function SetupNotices() {
  const state = useStore($notices);
  const tasks = state.status === 'ready' ? state.notices.items.filter((item) => item.kind === 'setup') : [];
  if (!tasks.length) return null;
  return (
    <ul aria-label="To set up" className="flex flex-col gap-2">
      {tasks.map((task) => (
        <li key={task.id} className="rounded-xl border border-warning bg-card p-4 text-sm text-text">
          <p className="font-semibold">{task.title}</p>
          <p className="mt-1 text-muted">{task.detail}</p>
          <Link href={task.href} className="mt-2 inline-block font-medium text-primary-strong underline">
            Open Settings
          </Link>
        </li>
      ))}
    </ul>
  );
}
