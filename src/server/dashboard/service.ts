// The dashboard's figures (docs/PRODUCT.md (Dashboard)): the six stat cards, each with what was added this
// calendar month and last month; and the System Status checks (the Notifications list is ./notices.ts). Each figure and check stands alone: one that fails does not take the others down.
import { sql, type Kysely } from 'kysely';
import { randomBytes } from 'node:crypto';
import type { AppDeps, Scope } from '../kernel/context';
import { inScope } from '../kernel/scope';
import type { DB } from '../db/schema';
import { iso } from '../db/time';
import { dayOf, monthWindows, type Window } from '../../lib/shared/analytics/periods';
import type { DashboardFigures, StatusCheck } from '../../lib/shared/dashboard/api';
import { activeMembers, settle } from '../analytics/service';
import { databaseReachable } from '../health/service';
import { STUCK_AFTER_MS, outboxHealth } from '../outbox/service';
import { fundTotals } from '../giving/summary';
import { canSeeGiving, type Role } from '../../lib/shared/permissions';

/** "3 min", "2 h 5 min": how long the oldest message has waited. */
function minutes(ms: number): string {
  const total = Math.floor(ms / 60_000);
  if (total < 1) return 'under a minute';
  return total < 60 ? `${total} min` : `${Math.floor(total / 60)} h ${total % 60} min`;
}

const n = (value: unknown) => Number(value ?? 0) || 0;
const within = (column: string, w: Window) =>
  sql<boolean>`${sql.ref(column)} >= ${w.start} and ${sql.ref(column)} < ${w.end}`;

/**
 * A prayer request awaits review while nobody on the staff has touched it: still active, and its last change is
 * its arrival (approving, assigning, an update or a change of status all move last_updated).
 */
export const awaitingReview = sql<boolean>`status = 'active' and last_updated = date_requested`;

type Table = 'users' | 'sermons' | 'prayer_requests' | 'events';
/** Accounts and events belong to branches: counted in the caller's scope; sermons and prayer requests to the church. */
const BRANCHED: readonly Table[] = ['users', 'events'];
async function count(
  db: Kysely<DB>,
  scope: Scope,
  table: Table,
  where?: ReturnType<typeof sql<boolean>>,
): Promise<number> {
  let query = db.selectFrom(table).select((eb) => eb.fn.countAll().as('n'));
  if (BRANCHED.includes(table)) query = inScope(query, scope, 'branch_id');
  if (where) query = query.where(where);
  return n((await query.executeTakeFirstOrThrow()).n);
}

/** value now; thisMonth and lastMonth count what `added` selects in each month. */
async function figure(
  db: Kysely<DB>,
  scope: Scope,
  table: Table,
  added: string,
  months: { current: Window; previous: Window },
  where?: ReturnType<typeof sql<boolean>>,
) {
  const both = (w: Window) => (where ? sql<boolean>`${where} and ${within(added, w)}` : within(added, w));
  const [value, thisMonth, lastMonth] = await Promise.all([
    count(db, scope, table, where),
    count(db, scope, table, both(months.current)),
    count(db, scope, table, both(months.previous)),
  ]);
  return { value, thisMonth, lastMonth };
}

/** The six figures for any staff member; giving this month and last only for ADMIN and above (canSeeGiving). */
export async function dashboardFigures(deps: AppDeps, actor: { role: Role }, scope: Scope): Promise<DashboardFigures> {
  const db = deps.database.db;
  const nowMs = deps.now();
  const months = monthWindows(nowMs);
  const today = dayOf(nowMs);
  const giving = canSeeGiving(actor)
    ? settle('giving', () => fundTotals(db, scope, months.current, months.previous))
    : null;
  const [totalUsers, activeUsers, totalSermons, totalPrayers, upcomingEvents, pendingRequests] = await Promise.all([
    settle('total users', () => figure(db, scope, 'users', 'date_joined', months)),
    settle('active users', async () => ({
      // The same rule as the users screen's Active Users; the months count who used the portal.
      value: await count(
        db,
        scope,
        'users',
        sql<boolean>`is_active = ${sql.lit(true)} and is_suspended = ${sql.lit(false)}`,
      ),
      thisMonth: await activeMembers(db, months.current, scope),
      lastMonth: await activeMembers(db, months.previous, scope),
    })),
    settle('total sermons', () => figure(db, scope, 'sermons', 'created_at', months)),
    settle('total prayers', () => figure(db, scope, 'prayer_requests', 'date_requested', months)),
    settle('upcoming events', () =>
      figure(db, scope, 'events', 'start_date', months, sql<boolean>`status = 'upcoming' and end_date >= ${today}`),
    ),
    settle('pending requests', () => figure(db, scope, 'prayer_requests', 'date_requested', months, awaitingReview)),
  ]);
  const figures = { totalUsers, activeUsers, totalSermons, totalPrayers, upcomingEvents, pendingRequests };
  return giving ? { ...figures, giving: await giving } : figures;
}

/** A check's finding: its status and the detail shown beside it. */
type Finding = [StatusCheck['status'], string];

/** The System Status row: each check run now, with the time it ran. */
export async function systemStatus(deps: AppDeps): Promise<StatusCheck[]> {
  /** A check named and stamped; where `failing` is given, a check that throws is down with that and the error. */
  const check = async (
    name: StatusCheck['name'],
    run: () => Finding | Promise<Finding>,
    failing?: string,
  ): Promise<StatusCheck> => {
    let finding: Finding;
    try {
      finding = await run();
    } catch (err) {
      if (!failing) throw err;
      finding = ['down', `${failing}: ${(err as Error).message}`];
    }
    return { name, status: finding[0], detail: finding[1], checkedAt: iso(deps.now()) };
  };
  const database = async (): Promise<Finding> => {
    const started = performance.now();
    const ok = await databaseReachable(deps);
    const ms = Math.round(performance.now() - started);
    return ok ? ['operational', `Answered in ${ms} ms`] : ['down', 'The database did not answer'];
  };
  const storage = async (): Promise<Finding> => {
    // A tiny file written, read back and removed: the uploads' real path, not a guess.
    const key = `status-check-${randomBytes(6).toString('hex')}.txt`;
    await deps.media.put(key, new TextEncoder().encode('ok'), { type: 'text/plain', size: 2 });
    const ok = !!(await deps.media.head(key));
    await deps.media.delete(key);
    if (!ok) throw new Error('the file written could not be found');
    return ['operational', 'Writable'];
  };
  const mail = (): Finding => {
    const health = deps.mailer.health?.() ?? { configured: false, last: null };
    if (!health.configured) return ['degraded', 'Not configured: emails are written to the server log'];
    if (health.last && !health.last.ok) return ['degraded', `The last send failed (${health.last.at})`];
    return [
      'operational',
      health.last ? `Last sent ${health.last.at}` : 'Configured; nothing sent since the server started',
    ];
  };
  const outbox = async (): Promise<Finding> => {
    const health = await outboxHealth(deps.database.db, deps.now());
    const waiting =
      health.oldestQueuedMs === null
        ? 'Nothing queued'
        : `${health.queued} queued, the oldest for ${minutes(health.oldestQueuedMs)}`;
    const stuck = (health.oldestQueuedMs ?? 0) > STUCK_AFTER_MS;
    // Logged is not delivered: a church that set up no mail server should see that its messages reach nobody.
    const logged = health.loggedToday ? `; ${health.loggedToday} logged today (mail or SMS not configured)` : '';
    const degraded = stuck || health.failedToday || health.loggedToday;
    return [degraded ? 'degraded' : 'operational', `${waiting}; ${health.failedToday} failed today${logged}`];
  };
  const sms = (): Finding => {
    const health = deps.sms?.health?.();
    if (!health?.configured) return ['degraded', 'Not configured: SMS are written to the log'];
    const provider =
      health.provider === 'arkesel' ? 'Arkesel' : health.provider === 'hubtel' ? 'Hubtel' : health.provider;
    if (health.last && !health.last.ok)
      return [
        'degraded',
        `${provider}: the last send failed (${health.last.at}: ${health.last.error ?? 'no reason given'})`,
      ];
    return [
      'operational',
      `${provider}: ${health.last ? `last sent ${health.last.at}` : 'configured; nothing sent since the server started'}`,
    ];
  };
  return Promise.all([
    check('Database', database),
    // This answer is the API answering.
    check('API Services', () => ['operational', 'Answering']),
    check('File Storage', storage, 'Not writable'),
    check('Email Service', mail),
    check('Outbox', outbox, 'Not readable'),
    check('SMS Service', sms),
  ]);
}
