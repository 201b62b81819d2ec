// Attendance on the dashboard (docs/PRODUCT.md, Dashboard), for every staff role: the last service counted (its
// total, first-timers and check-ins) and the last 8 weeks' totals as a small trend with its text equivalent.
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { formatDate } from '../../../../lib/shared/format';
import { LoadError, Panel, buttonClasses } from '../../../ui';
import { getAttendanceWeeks } from './api';

export function AttendanceCard() {
  const rows = useQuery({ queryKey: ['attendance', 'dashboard'], queryFn: getAttendanceWeeks });
  const last = rows.data?.last;
  const weeks = rows.data?.weeks ?? [];
  const top = Math.max(1, ...weeks.map((w) => w.total));
  return (
    <ScreenPanel title="Attendance" screen="Attendance" href="/attendance">
      {rows.isError ? (
        <LoadError message="Could not load attendance." onRetry={() => void rows.refetch()} />
      ) : !last ? (
        <p className="text-sm text-muted">{rows.isPending ? 'Loading…' : 'No attendance in the last 8 weeks.'}</p>
      ) : (
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <p data-testid="last-service">
            <span className="block text-sm text-muted">
              Last service: {last.service}, {formatDate(last.date)}
            </span>
            <strong className="text-3xl">{last.total.toLocaleString('en-US')}</strong> present · {last.firstTimers}{' '}
            first-timers · {last.checkedIn} checked in
          </p>
          <figure className="flex flex-col gap-1">
            <div className="flex h-16 items-end gap-1" aria-hidden="true">
              {weeks.map((w) => (
                <span
                  key={w.week}
                  className="w-4 rounded-sm bg-primary-strong"
                  style={{ height: `${(w.total / top) * 100}%` }}
                />
              ))}
            </div>
            <figcaption className="sr-only">
              Weekly totals: {weeks.map((w) => `${formatDate(w.week)}: ${w.total}`).join('; ')}
            </figcaption>
          </figure>
        </div>
      )}
    </ScreenPanel>
  );
}

/** A dashboard panel that sums up a screen, with the link that opens it ("Open Attendance"). */
export function ScreenPanel({
  title,
  screen,
  href,
  children,
}: {
  title: string;
  screen: string;
  href: string;
  children: ReactNode;
}) {
  return (
    <Panel
      title={title}
      aside={
        <Link href={href} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          Open {screen}
        </Link>
      }
    >
      {children}
    </Panel>
  );
}
