// The audit log: who did what to whom, when, and why. Names are copied in so that the history still reads
// correctly after an account is renamed or deleted. An entry is only ever written in the transaction of the change
// it records (withAudit takes a transaction), so there is never a change without its entry or an entry without it.
import type { Kysely, Transaction } from 'kysely';
import type { AuditAction } from '../../lib/shared/permissions';
import type { DB } from '../db/schema';
import { iso } from '../db/time';
import { fullName } from '../../lib/shared/format';

type Person = { id: number; first_name: string; last_name: string; username: string; branch_id?: number };

export interface AuditEntry {
  actor: Person;
  /** The user the action was about; sermons, events and the like give a name as targetName instead. */
  target: Person | null;
  /** The branch the entry concerns (Recent Activity shows it within that scope): the target's, else the actor's. */
  branchId?: number;
  targetName?: string;
  action: AuditAction;
  reason?: string | null;
  details?: string | null;
}

/** Writes the entry in the change's transaction. */
export async function withAudit(trx: Transaction<DB>, entry: AuditEntry, nowMs: number): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      actor_id: entry.actor.id,
      actor_name: fullName(entry.actor),
      target_id: entry.target?.id ?? null,
      target_name: entry.target ? fullName(entry.target) : (entry.targetName ?? null),
      action: entry.action,
      reason: entry.reason ?? null,
      details: entry.details ?? null,
      created_at: iso(nowMs),
      // Left out when nobody's branch is known (an entry by a script's account): the root's, by the column's default.
      branch_id: entry.branchId ?? entry.target?.branch_id ?? entry.actor.branch_id,
    })
    .execute();
}

/** A change whose entry is known before it runs: both in one transaction; answers what the change answers. */
export function audited<T>(
  db: Kysely<DB>,
  entry: AuditEntry,
  nowMs: number,
  change: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const result = await change(trx);
    await withAudit(trx, entry, nowMs);
    return result;
  });
}
