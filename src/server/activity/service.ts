// The audit log: who did what to whom, when, and why. Names are copied in so that the history
// still reads correctly after an account is renamed or deleted.
import type { Kysely, Transaction } from 'kysely';
import { ROLE_LABELS, isRole } from '../../lib/shared/permissions';
import type { DB } from '../db/schema';
import { iso } from '../db/time';
import { fullName } from '../../lib/shared/format';
import type { ActivityItem } from '../../lib/shared/activity';

export type AuditAction =
  | 'create_user'
  | 'update_user'
  | 'delete_user'
  | 'promote_role'
  | 'grant_web_access'
  | 'revoke_web_access'
  | 'suspend_user'
  | 'reactivate_user'
  | 'update_avatar'
  | 'password_reset';

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

/** The sentence the dashboard shows after the actor's name, e.g. "suspended Ama Mensah". */
export function describe(action: string, target: string | null, details: string | null): string {
  const who = target ?? 'a deleted user';
  switch (action) {
    case 'create_user':
      return `created ${who}`;
    case 'update_user':
      return `updated the profile of ${who}`;
    case 'delete_user':
      return `deleted ${who}`;
    case 'promote_role':
      return `changed the role of ${who} to ${details && isRole(details) ? ROLE_LABELS[details] : details}`;
    case 'grant_web_access':
      return `granted web access to ${who}`;
    case 'revoke_web_access':
      return `revoked web access from ${who}`;
    case 'suspend_user':
      return `suspended ${who}`;
    case 'reactivate_user':
      return `reactivated ${who}`;
    case 'update_avatar':
      return `changed the photo of ${who}`;
    case 'password_reset':
      return 'reset their password';
    default:
      return action.replace(/_/g, ' ');
  }
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
