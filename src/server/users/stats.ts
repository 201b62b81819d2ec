// The users screen's figures (docs/API.md, User management: stats).
import type { UserStats } from '../../lib/shared/users/types';
import type { AppDeps, Scope } from '../kernel/context';
import { inScope } from '../kernel/scope';
import { startOfMonthIso } from '../db/time';
import { nextMidnight } from './cached-answers';

/** The stats, holding until the next UTC midnight without a write (the month's figures change at one). */
export async function userStatsUntil(deps: AppDeps, scope: Scope) {
  return { value: await userStats(deps, scope), validUntil: nextMidnight(deps.now()) };
}

export async function userStats(deps: AppDeps, scope: Scope): Promise<Required<UserStats>> {
  const monthStart = startOfMonthIso(deps.now());
  const row = await inScope(deps.database.db.selectFrom('users'), scope, 'branch_id')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn
        .countAll<number>()
        .filterWhere((w) => w.and([w('is_active', '=', true), w('is_suspended', '=', false)]))
        .as('active'),
      eb.fn.countAll<number>().filterWhere('is_suspended', '=', true).as('suspended'),
      eb.fn.countAll<number>().filterWhere('date_joined', '>=', monthStart).as('month'),
    ])
    .executeTakeFirstOrThrow();
  const total = Number(row.total);
  const month = Number(row.month);
  const before = total - month;
  // Growth this month: new accounts relative to the accounts that existed when the month began.
  const growth = before > 0 ? Math.round((month / before) * 1000) / 10 : month > 0 ? 100 : 0;
  return {
    total_users: total,
    active_users: Number(row.active),
    current_month_users: month,
    suspended_users: Number(row.suspended),
    growth_percentage: growth,
  };
}
