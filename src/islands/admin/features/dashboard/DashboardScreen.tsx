// Dashboard (docs/PRODUCT.md (Pages and screens)): welcome banner with the live date and time, Notifications (what
// awaits staff) and Settings, the six stat cards counting up from 0 with this month against last month, Recent
// Activity from the audit log, Quick Actions with Send Notifications, and the System Status checks. Each part
// loads on its own and a failed one shows its own error and Retry (GET /dashboard/figures/, /dashboard/status/,
// /auth/activity/).
import { AttendanceCard, ScreenPanel } from './AttendanceCard';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { useStore } from '@nanostores/react';
import { $auth } from '../../../../lib/client/session';
import { fullName } from '../../../../lib/shared/format';
import type { ActivityType } from '../../../../lib/shared/dashboard/activity';
import {
  ADD_USER_DENIED,
  BROADCAST_DENIED,
  canSendBroadcast,
  creatableRoles,
} from '../../../../lib/shared/permissions';
import { Badge, Button, LoadError, Panel, StatGrid, buttonClasses, cx } from '../../../ui';
import { COUNTER_STEP_MS, FIGURE_CARDS, counterValue, timeAgo, trendHint } from './model';
import { COUNTER_ANIMATION_STEPS } from '../../../../lib/shared/constants';
import { activityQuery, figuresQuery, statusQuery } from './queries';
import { contentDenial } from '../../content-form';
import { newFormHref } from '../../new-form-link';
import { GivingTotalsTable } from '../../GivingTotalsTable';
import { loadErrorMessage } from '../../query';
import { NotificationsMenu, SetupNotices } from '../../layout/NotificationsMenu';
import { SendNotificationsDialog } from './SendNotificationsDialog';

export default function DashboardScreen() {
  const auth = useStore($auth);
  const role = auth.user?.role ?? null;
  const figures = useQuery(figuresQuery);
  const status = useQuery(statusQuery);
  const activity = useQuery(activityQuery);
  const [composing, setComposing] = useState(false);
  const broadcastHint = useId();

  const activityError = activity.isError
    ? loadErrorMessage('Failed to load recent activity.', activity.error)
    : activity.data === null
      ? 'Failed to load recent activity. The answer was not understood.'
      : null;

  const name = auth.user ? fullName(auth.user) : '';
  const mayBroadcast = !!role && canSendBroadcast({ role });
  const cards = FIGURE_CARDS.map(({ label, key, counted }) => {
    const figure = figures.data?.[key];
    if (figures.isFetching && !figure) return { label, value: <span className="text-muted">…</span> };
    if (!figure || 'error' in figure) {
      const message =
        figure && 'error' in figure
          ? figure.error
          : figures.isError
            ? loadErrorMessage('Failed to load the figures.', figures.error)
            : '';
      return {
        label,
        value: <span className="text-base font-normal text-error">Not available</span>,
        hint: <FigureError message={message} onRetry={() => void figures.refetch()} />,
      };
    }
    return {
      label,
      // Keyed by the figure: a new figure (fresh data arriving) counts up afresh.
      value: <CountUp key={figure.value} target={figure.value} />,
      hint: trendHint(figure, counted),
    };
  });

  return (
    <div className="flex flex-col gap-6">
      <section
        aria-labelledby="welcome-title"
        className="flex flex-col gap-4 rounded-2xl bg-gradient-primary p-6 text-white sm:flex-row sm:items-center sm:justify-between"
      >
        <div>
          <h1 id="welcome-title" className="text-2xl font-bold">
            Welcome back{name ? `, ${name}` : ''}!
          </h1>
          <Clock />
        </div>
        <div className="flex flex-wrap gap-2">
          <NotificationsMenu variant="banner" />
          <Link
            href="/settings"
            className="inline-flex items-center gap-2 rounded-lg bg-white/15 px-4 py-2 text-sm font-medium text-white hover:bg-white/25"
          >
            Settings
          </Link>
        </div>
      </section>

      <SetupNotices />

      <StatGrid label="Statistics" className="grid-cols-1 sm:grid-cols-2 xl:grid-cols-3" items={cards} />

      <AttendanceCard />

      {/* Only an administrator's figures have giving (the server decides). */}
      {figures.data?.giving && (
        <ScreenPanel title="Giving this month" screen="Giving" href="/giving">
          {'error' in figures.data.giving ? (
            <LoadError message={figures.data.giving.error} onRetry={() => void figures.refetch()} />
          ) : (
            <GivingTotalsTable
              totals={figures.data.giving}
              caption="Giving this month"
              current="This month"
              previous="Last month"
            />
          )}
        </ScreenPanel>
      )}

      <div className="grid gap-6 lg:grid-cols-3">
        <Panel title="Recent Activity" className="lg:col-span-2">
          {activityError ? (
            <LoadError message={activityError} onRetry={() => void activity.refetch()} />
          ) : !activity.data ? (
            <p className="text-sm text-muted">Loading activity...</p>
          ) : activity.data.length === 0 ? (
            <p className="text-sm text-muted">No recent activity yet.</p>
          ) : (
            <ul className="flex flex-col divide-y divide-border">
              {activity.data.map((item) => (
                <li key={item.id} className="flex items-start gap-3 py-2.5">
                  <ActivityDot type={item.type} />
                  <p className="min-w-0 flex-1 text-sm text-text">
                    <span className="font-medium">{item.user}</span> {item.action}
                  </p>
                  <time dateTime={item.timestamp} className="shrink-0 text-xs text-muted">
                    {timeAgo(item.timestamp)}
                  </time>
                </li>
              ))}
            </ul>
          )}
        </Panel>

        <Panel title="Quick Actions">
          <div className="grid grid-cols-2 gap-2">
            <QuickLink
              href="/users?new=1"
              denied={auth.user && !creatableRoles(auth.user).length ? ADD_USER_DENIED : null}
            >
              Add User
            </QuickLink>
            <QuickLink href={newFormHref('/sermons')} denied={contentDenial(role, 'sermons', 'create')}>
              New Sermon
            </QuickLink>
            <QuickLink href={newFormHref('/events')} denied={contentDenial(role, 'events', 'create')}>
              Schedule Event
            </QuickLink>
            <QuickLink href="/prayers">Review Prayers</QuickLink>
          </div>
          <div className="flex flex-col gap-2">
            <Link href="/settings" className={buttonClasses({ variant: 'outline' })}>
              System Settings
            </Link>
            <Link href="/analytics" className={buttonClasses({ variant: 'outline' })}>
              View Analytics
            </Link>
            <Button
              variant="outline"
              disabled={!mayBroadcast}
              aria-describedby={mayBroadcast ? undefined : broadcastHint}
              onClick={() => setComposing(true)}
            >
              Send Notifications
            </Button>
            {!mayBroadcast && (
              <span id={broadcastHint} className="text-xs text-muted">
                {BROADCAST_DENIED}
              </span>
            )}
          </div>
        </Panel>
      </div>

      <Panel
        title="System Status"
        aside={
          <Button variant="outline" size="sm" loading={status.isFetching} onClick={() => void status.refetch()}>
            Check again
          </Button>
        }
      >
        {status.isError ? (
          <LoadError
            message={loadErrorMessage('Failed to check the system status.', status.error)}
            onRetry={() => void status.refetch()}
          />
        ) : !status.data ? (
          <p className="text-sm text-muted">Checking...</p>
        ) : (
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {status.data.checks.map((check) => (
              <li key={check.name} className="flex flex-col gap-1 rounded-lg bg-surface p-3">
                <span className="flex items-center justify-between gap-2">
                  <span className="text-sm font-medium text-text">{check.name}</span>
                  <Badge variant={STATUS_BADGES[check.status].variant}>{STATUS_BADGES[check.status].label}</Badge>
                </span>
                <span className="text-xs text-muted">{check.detail}</span>
                <span className="text-xs text-muted">
                  Checked <time dateTime={check.checkedAt}>{timeOfDay(check.checkedAt)}</time>
                </span>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      {composing && <SendNotificationsDialog onClose={() => setComposing(false)} />}
    </div>
  );
}

const STATUS_BADGES = {
  operational: { label: 'Operational', variant: 'success' },
  degraded: { label: 'Degraded', variant: 'warning' },
  down: { label: 'Down', variant: 'error' },
} as const;

const timeOfDay = (at: string) =>
  new Date(at).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit' });

/** A card whose figure could not be counted: the reason and its own Retry. */
function FigureError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <span role="alert" className="flex flex-wrap items-center gap-2 text-error">
      {message}
      <button type="button" className="font-medium underline" onClick={onRetry}>
        Retry
      </button>
    </span>
  );
}

/** A quick action; one the role may not use is off, with the reason (`denied`) read as its description. */
function QuickLink({ href, denied, children }: { href: string; denied?: string | null; children: ReactNode }) {
  const hint = useId();
  if (denied) {
    return (
      <span className="flex flex-col gap-1">
        <Button variant="secondary" className="h-16" disabled aria-describedby={hint}>
          {children}
        </Button>
        <span id={hint} className="text-xs text-muted">
          {denied}
        </span>
      </span>
    );
  }
  return (
    <Link href={href} className={buttonClasses({ variant: 'secondary', className: 'h-16' })}>
      {children}
    </Link>
  );
}

/** The live date and time; its own component so the ticking re-renders only this line. */
function Clock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <p className="mt-1 text-sm text-white/90">
      <time dateTime={now.toISOString()}>
        {now.toLocaleDateString('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' })}
        {' · '}
        {now.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit' })}
      </time>
    </p>
  );
}

/** Counts from 0 to the target in 60 steps over 1.5 s (instantly when the person prefers reduced motion). Remount it
 * (key) for a new target. */
function CountUp({ target }: { target: number }) {
  const [step, setStep] = useState(0);
  const reduced = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  useEffect(() => {
    if (reduced) return;
    let current = 0;
    const timer = setInterval(() => {
      current += 1;
      setStep(current);
      if (current >= COUNTER_ANIMATION_STEPS) clearInterval(timer);
    }, COUNTER_STEP_MS);
    return () => clearInterval(timer);
  }, [reduced]);
  const value = reduced ? target : counterValue(target, step);
  return (
    <>
      <span aria-hidden="true">{value.toLocaleString('en-US')}</span>
      {/* Screen readers get the final figure, not sixty interim ones. */}
      <span className="sr-only">{target.toLocaleString('en-US')}</span>
    </>
  );
}

const dotColours: Record<ActivityType, string> = {
  user: 'bg-primary-strong',
  sermon: 'bg-secondary-strong',
  prayer: 'bg-warning',
  event: 'bg-error',
  message: 'bg-success',
};

function ActivityDot({ type }: { type: ActivityType }) {
  return <span className={cx('mt-1.5 size-2.5 shrink-0 rounded-full', dotColours[type])} aria-hidden="true" />;
}
