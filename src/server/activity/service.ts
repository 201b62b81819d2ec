// The audit log read back as Recent Activity (./audit.ts writes it).
import type { Kysely } from 'kysely';
import {
  canSeeGiving,
  GIVING_AUDIT_ACTIONS,
  OTHER_AUDIT_ACTIVITY,
  ROLE_LABELS,
  TYPED_AUDIT_ACTIVITY,
  USER_ACTIONS,
  isRole,
  type Role,
} from '../../lib/shared/permissions';
import type { DB } from '../db/schema';
import type { ActivityType } from '../../lib/shared/dashboard/activity';
import type { Scope } from '../kernel/context';
import { inScope } from '../kernel/scope';
import type { ActivityItem } from '../../lib/shared/dashboard/activity-schema';

/** The audit entries with their own Recent Activity type (permissions.ts). */
const TYPED_ACTIVITY: Record<string, { type: ActivityType; activity: string }> = TYPED_AUDIT_ACTIVITY;

const ACTIVITY: Record<string, string> = {
  ...Object.fromEntries(Object.values(USER_ACTIONS).map((a) => [a.audit, a.activity])),
  ...OTHER_AUDIT_ACTIVITY,
  ...Object.fromEntries(Object.entries(TYPED_ACTIVITY).map(([action, a]) => [action, a.activity])),
};

/** Recent Activity's type of an entry: 'sermon', 'event', 'prayer' or 'message' for those, 'user' for the rest. */
function typeOf(action: string): ActivityType {
  return TYPED_ACTIVITY[action]?.type ?? 'user';
}

/** The sentence the dashboard shows after the actor's name, e.g. "suspended Ama Mensah". */
export function describe(action: string, target: string | null, details: string | null): string {
  const template = ACTIVITY[action];
  if (!template) return action.replace(/_/g, ' ');
  const role = details && isRole(details) ? ROLE_LABELS[details] : (details ?? '');
  return template
    .replace('{who}', target ?? 'a deleted user')
    .replace('{what}', target ?? '')
    .replace('{role}', role);
}

/** The newest entries the reader may see: gifts and funds only for those who see giving (a PASTOR never does). */
export async function recentActivity(
  db: Kysely<DB>,
  scope: Scope,
  limit: number,
  reader: { role: Role },
): Promise<ActivityItem[]> {
  // What concerns the reader's branch and those below it (docs/API.md, Branches).
  let query = inScope(db.selectFrom('audit_log').selectAll(), scope, 'branch_id');
  if (!canSeeGiving(reader)) query = query.where('action', 'not in', GIVING_AUDIT_ACTIONS);
  const rows = await query.orderBy('id', 'desc').limit(limit).execute();
  return rows.map((r) => ({
    id: Number(r.id),
    type: typeOf(r.action),
    action: describe(r.action, r.target_name, r.details),
    user: r.actor_name,
    timestamp: r.created_at,
    reason: r.reason,
  }));
}
