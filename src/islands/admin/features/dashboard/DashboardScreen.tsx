// Dashboard (docs/PRODUCT.md (Pages and screens)): welcome banner with the live date and time, the six stat cards counting up
// from 0, Recent Activity, Quick Actions and the System Status row. User figures and activity are live
// (GET /auth/users/stats/, GET /auth/activity/) with the sample as the fallback when a call fails; sermons
// events and prayer requests are counted from the API's lists (GET /sermons/, GET /events/, GET /prayers/).
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { useStore } from '@nanostores/react';
import { $auth } from '../../../../lib/client/session';
import { fullName } from '../../../../lib/shared/format';
import type { ActivityItem, ActivityType } from '../../../../lib/shared/activity';
import type { UserStats } from '../../../../lib/shared/user-types';
import type { EventAnswer, SermonAnswer } from '../../../../lib/shared/content-api';
import { Icon } from '../../layout/icons';
import { Badge, Button, Panel, StatGrid, buttonClasses, cx } from '../../../ui';
import { COUNTER_STEP_MS, answeredPlaceholder, counterValue, dashboardStats, timeAgo, toActivityItems } from './model';
import { COUNTER_ANIMATION_STEPS } from '../../../../lib/shared/constants';
import { getActivity, getUserStats, listEvents, listPrayers, listSermons } from './api';
import { SAMPLE_ACTIVITY, SYSTEM_STATUS } from './sample';
import type { PrayerAnswer } from '../../../../lib/shared/prayer-api';
import { contentDenial } from '../../content-form';
import { newFormHref } from '../../new-form-link';

export default function DashboardScreen() {
  const [sermons, setSermons] = useState<readonly SermonAnswer[]>([]);
  const [events, setEvents] = useState<readonly EventAnswer[]>([]);
  const [prayers, setPrayers] = useState<readonly PrayerAnswer[]>([]);
  const auth = useStore($auth);
  const [userStats, setUserStats] = useState<UserStats | null>(null);
  const [activity, setActivity] = useState<{ items: ActivityItem[]; live: boolean } | null>(null);

  useEffect(() => {
    let alive = true;
    getUserStats()
      .then((s) => alive && setUserStats(s && typeof s === 'object' ? s : null))
      .catch(() => alive && setUserStats(null)); // the sample figures stay
    // A failed count leaves its card at 0; the Sermons and Events screens show the error with Retry.
    listSermons()
      .then((list) => alive && Array.isArray(list) && setSermons(list))
      .catch(() => undefined);
    listEvents()
      .then((list) => alive && Array.isArray(list) && setEvents(list))
      .catch(() => undefined);
    listPrayers()
      .then((list) => alive && Array.isArray(list) && setPrayers(list))
      .catch(() => undefined);
    getActivity(8)
      .then((answer) => {
        if (!alive) return;
        const items = toActivityItems(answer);
        setActivity(items ? { items, live: true } : { items: SAMPLE_ACTIVITY, live: false });
      })
      .catch(() => alive && setActivity({ items: SAMPLE_ACTIVITY, live: false }));
    return () => {
      alive = false;
    };
  }, []);

  const stats = dashboardStats({ userStats, sermons, events, prayers });
  const name = auth.user ? fullName(auth.user) : '';

  const cards = [
    { label: 'Total Users', value: stats.totalUsers, hint: '+12% from last month' },
    { label: 'Active Users', value: stats.activeUsers, hint: '+8% from last month' },
    { label: 'Total Sermons', value: stats.totalSermons, hint: 'In the sermon library' },
    {
      label: 'Total Prayers',
      value: stats.totalPrayers,
      hint: `${answeredPlaceholder(stats.totalPrayers)} answered`,
    },
    { label: 'Upcoming Events', value: stats.upcomingEvents, hint: 'Scheduled ahead' },
    {
      label: 'Pending Requests',
      value: stats.pendingRequests,
      hint: 'Prayer requests awaiting care',
    },
  ];

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
          <Link
            href="/prayers"
            className="relative inline-flex items-center gap-2 rounded-lg bg-white/15 px-4 py-2 text-sm font-medium text-white hover:bg-white/25"
          >
            <Icon name="bell" width="1em" height="1em" />
            Notifications
            {stats.pendingRequests > 0 && (
              <span className="rounded-full bg-white px-2 text-xs font-bold text-sky-900">
                {stats.pendingRequests}
                <span className="sr-only"> pending requests</span>
              </span>
            )}
          </Link>
          <Link
            href="/settings"
            className="inline-flex items-center gap-2 rounded-lg bg-white/15 px-4 py-2 text-sm font-medium text-white hover:bg-white/25"
          >
            Settings
          </Link>
        </div>
      </section>

      <StatGrid
        label="Statistics"
        className="grid-cols-1 sm:grid-cols-2 xl:grid-cols-3"
        // Keyed by the figure: a new figure (live stats arriving) counts up afresh.
        items={cards.map((c) => ({ ...c, value: <CountUp key={c.value} target={c.value} /> }))}
      />

      <div className="grid gap-6 lg:grid-cols-3">
        <Panel
          title="Recent Activity"
          className="lg:col-span-2"
          aside={activity && !activity.live && <span className="text-xs text-muted">Sample activity</span>}
        >
          {!activity ? (
            <p className="text-sm text-muted">Loading activity...</p>
          ) : activity.items.length === 0 ? (
            <p className="text-sm text-muted">No recent activity yet.</p>
          ) : (
            <ul className="flex flex-col divide-y divide-border">
              {activity.items.map((item) => (
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
            <QuickLink href="/users?new=1">Add User</QuickLink>
            <QuickLink
              href={newFormHref('/sermons')}
              denied={contentDenial(auth.user?.role ?? null, 'sermons', 'create')}
            >
              New Sermon
            </QuickLink>
            <QuickLink
              href={newFormHref('/events')}
              denied={contentDenial(auth.user?.role ?? null, 'events', 'create')}
            >
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
            <Button variant="outline" comingSoon>
              Send Notifications
            </Button>
          </div>
        </Panel>
      </div>

      <Panel title="System Status">
        <ul className="grid grid-cols-2 gap-3 md:grid-cols-4">
          {SYSTEM_STATUS.map((s) => (
            <li key={s.name} className="flex items-center justify-between gap-2 rounded-lg bg-surface p-3">
              <span className="text-sm text-text">{s.name}</span>
              <Badge variant={s.status === 'operational' ? 'success' : 'warning'}>
                {s.status === 'operational' ? 'Operational' : 'Degraded'}
              </Badge>
            </li>
          ))}
        </ul>
      </Panel>
    </div>
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
};

function ActivityDot({ type }: { type: ActivityType }) {
  return <span className={cx('mt-1.5 size-2.5 shrink-0 rounded-full', dotColours[type])} aria-hidden="true" />;
}
