// A member's yearly statement of giving (docs/API.md, Giving; /give/statement and GET /members/me/gifts/statement/):
// their gifts of one year, read by date in SQL. Amounts are pesewas below, cedis in the answer.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { inScope, scopeOfBranch } from '../kernel/scope';
import { formatCedis } from '../../lib/shared/giving/money';
import { GIFT_METHOD_LABELS } from '../../lib/shared/giving/api';
import type { GivingStatement } from '../../lib/shared/giving/reader';
import { fullName } from '../../lib/shared/format';

/**
 * A member's yearly statement: their paid gifts of that year (less refunds), and the years and branches they gave
 * in. `branchId` (one they gave to) keeps the gifts to that branch and those below it; any other, every gift.
 */
export async function statementOf(
  db: Kysely<DB>,
  userId: number,
  year: number,
  branchId?: number,
): Promise<GivingStatement | null> {
  const user = await db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'username', 'email'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return null;
  const given = db
    .selectFrom('gifts')
    .where('gifts.user_id', '=', userId)
    .where('gifts.status', 'in', ['paid', 'refunded']);
  // The branches given to, any year, for the page's branch links (offered from two); a branch asked for that is
  // not one of them keeps nothing out.
  const branches = (
    await given
      .innerJoin('branches', 'branches.id', 'gifts.branch_id')
      .select(['branches.id', 'branches.name', 'branches.path'])
      .distinct()
      .orderBy('branches.path')
      .execute()
  ).map((b) => ({ id: Number(b.id), name: b.name }));
  const chosen = branches.find((b) => b.id === branchId);
  const branch = chosen && (await scopeOfBranch(db, chosen.id));
  // The year's gifts are read by date in SQL (a long-standing giver's other years stay in the database); the years
  // for the page's links are one small distinct read.
  const [rows, yearRows] = await Promise.all([
    (branch ? inScope(given, branch, 'gifts.branch_id') : given)
      .innerJoin('funds', 'funds.id', 'gifts.fund_id')
      .select([
        'gifts.reference',
        'funds.name as fund',
        'gifts.amount',
        'gifts.refund_amount',
        'gifts.paid_at',
        'gifts.method',
      ])
      .where('gifts.paid_at', '>=', `${year}-01-01`)
      .where('gifts.paid_at', '<', `${year + 1}-01-01`)
      .orderBy('gifts.paid_at')
      .execute(),
    given
      .select(sql<string>`substr(gifts.paid_at, 1, 4)`.as('year'))
      .where('gifts.paid_at', 'is not', null)
      .distinct()
      .execute(),
  ]);
  const years = yearRows.map((r) => Number(r.year)).filter(Boolean);
  // What counts as given, as in every giving figure (summary.ts): the gift less what went back.
  const ofYear = rows.map((r) => ({ ...r, given: r.amount - (r.refund_amount ?? 0) }));
  const total = ofYear.reduce((sum, r) => sum + r.given, 0);
  return {
    year,
    name: fullName(user),
    email: user.email,
    gifts: ofYear.map((r) => ({
      reference: r.reference,
      fund: r.fund,
      date: (r.paid_at ?? '').slice(0, 10),
      method: GIFT_METHOD_LABELS[r.method],
      amount: formatCedis(r.given),
    })),
    total: formatCedis(total),
    years: years.sort((a, b) => b - a),
    branches,
    branch: chosen ?? null,
  };
}
