// The audit log: who did what to whom, when, and why. Names are copied in so that the history
// still reads correctly after an account is renamed or deleted.
import type { Kysely, Transaction } from 'kysely';
import {
  OTHER_AUDIT_ACTIVITY,
  ROLE_LABELS,
  USER_ACTIONS,
  isRole,
  type AuditAction,
} from '../../lib/shared/permissions';
import type { DB } from '../db/schema';
import { iso } from '../db/time';
import { fullName } from '../../lib/shared/format';
import type { ActivityItem } from '../../lib/shared/activity';

type Person = { id: number; first_name: string; last_name: string; username: string };

export async function audit(
  db: Kysely<DB> | Transaction<DB>,
  entry: { actor: Person; target: Person | null; action: AuditAction; reason?: string | null; details?: string | null },
  nowMs: number,
) {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: entry.actor.id,
      actor_name: fullName(entry.actor),
      target_id: entry.target?.id ?? null,
      target_name: entry.target ? fullName(entry.target) : null,
      action: entry.action,
      reason: entry.reason ?? null,
      details: entry.details ?? null,
      created_at: iso(nowMs),
    })
    .execute();
}

const ACTIVITY: Record<string, string> = {
  ...Object.fromEntries(Object.values(USER_ACTIONS).map((a) => [a.audit, a.activity])),
  ...OTHER_AUDIT_ACTIVITY,
};

/** The sentence the dashboard shows after the actor's name, e.g. "suspended Ama Mensah". */
export function describe(action: string, target: string | null, details: string | null): string {
  const template = ACTIVITY[action];
  if (!template) return action.replace(/_/g, ' ');
  const role = details && isRole(details) ? ROLE_LABELS[details] : (details ?? '');
  return template.replace('{who}', target ?? 'a deleted user').replace('{role}', role);
}

export async function recentActivity(db: Kysely<DB>, limit: number): Promise<ActivityItem[]> {
  const rows = await db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(limit).execute();
  return rows.map((r) => ({
    id: Number(r.id),
    type: 'user' as const,
    action: describe(r.action, r.target_name, r.details),
    user: r.actor_name,
    timestamp: r.created_at,
    reason: r.reason,
  }));
}
