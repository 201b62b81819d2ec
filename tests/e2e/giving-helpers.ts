// Shared steps of the Giving screen's end-to-end specs: a flagged online gift planted in the server's database
// (a mismatched Paystack payment is what flags one; the API tests cover that path) and the clean-up of every gift
// a spec made, so the other specs see the demo data only.
import { DatabaseSync } from 'node:sqlite';

function withDb<T>(work: (db: DatabaseSync) => T): T {
  const db = new DatabaseSync(`${process.env.E2E_DATA_DIR}/church.db`);
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    return work(db);
  } finally {
    db.close();
  }
}

/** A flagged Paystack gift to the Tithe fund from `name`; answers its reference. */
export function plantFlaggedGift(name: string, reference: string): string {
  const at = new Date().toISOString();
  return withDb((db) => {
    const fund = db.prepare("SELECT id FROM funds WHERE name = 'Tithe'").get() as { id: number };
    db.prepare(
      `INSERT INTO gifts (reference, fund_id, amount, currency, status, method, name, email, flag_reason, created_at, updated_at)
       VALUES (?, ?, 5000, 'GHS', 'flagged', 'paystack', ?, 'flagged-e2e@example.org', 'Paystack reported GH₵ 5.00, not GH₵ 50.00', ?, ?)`,
    ).run(reference, fund.id, name, at, at);
    return reference;
  });
}

/** Removes the gifts (and their batches) whose giver's name contains `tag`. */
export function removeGifts(tag: string) {
  withDb((db) => {
    const like = `%${tag}%`;
    const batches = db
      .prepare('SELECT DISTINCT batch_id AS id FROM gifts WHERE name LIKE ? AND batch_id IS NOT NULL')
      .all(like) as { id: number }[];
    db.prepare('DELETE FROM gifts WHERE name LIKE ?').run(like);
    for (const batch of batches) db.prepare('DELETE FROM gift_batches WHERE id = ?').run(batch.id);
  });
}
