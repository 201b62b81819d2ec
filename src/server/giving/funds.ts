// Giving's funds (docs/API.md, Giving): what gifts are given to. The public form lists the active ones; ADMIN and
// above create, rename, retire and delete them (a fund with gifts is retired, never deleted), each change audited.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { AppDeps, UserRow } from '../kernel/context';
import type { DB } from '../db/schema';
import { ApiError, fieldError } from '../kernel/errors';
import { iso } from '../db/time';
import { withAudit } from '../activity/audit';
import {
  GIVING_TEXTS,
  type FundAnswer,
  type PublicFund,
  type fundBodySchema,
  type fundChangeSchema,
} from '../../lib/shared/giving/api';
import type { z } from 'zod';

type Writer = Kysely<DB> | Transaction<DB>;
// ---- Funds ----

const fundAnswer = (row: Selectable<DB['funds']>): FundAnswer => ({
  id: Number(row.id),
  name: row.name,
  description: row.description,
  active: Boolean(row.active),
  sort: Number(row.sort),
  createdAt: row.created_at,
});

/** The funds that take gifts, in the church's order (GET /giving/funds/, /give's select). */
export async function activeFunds(db: Kysely<DB>): Promise<PublicFund[]> {
  const rows = await db
    .selectFrom('funds')
    .select(['id', 'name', 'description'])
    .where('active', '=', true)
    .orderBy('sort')
    .orderBy('name')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), name: r.name, description: r.description }));
}

export async function allFunds(db: Kysely<DB>): Promise<FundAnswer[]> {
  const rows = await db.selectFrom('funds').selectAll().orderBy('sort').orderBy('name').execute();
  return rows.map(fundAnswer);
}

/** A fund named by id or by name (case-insensitive); only an active one unless staff record an older gift. */
async function fundOf(db: Writer, ref: number | string, { activeOnly }: { activeOnly: boolean }) {
  let query = db.selectFrom('funds').select(['id', 'name', 'active']);
  query =
    typeof ref === 'number' || /^\d+$/.test(ref)
      ? query.where('id', '=', Number(ref))
      : query.where(sql`lower(name)`, '=', ref.toLowerCase());
  const row = await query.executeTakeFirst();
  if (!row || (activeOnly && !row.active)) return undefined;
  return { id: Number(row.id), name: row.name };
}

export async function requireFund(db: Writer, ref: number | string, field = 'fund', activeOnly = true) {
  const fund = await fundOf(db, ref, { activeOnly });
  if (!fund) throw fieldError(field, GIVING_TEXTS.unknownFund);
  return fund;
}

export async function createFund(deps: AppDeps, actor: UserRow, body: z.output<typeof fundBodySchema>) {
  const now = deps.now();
  return deps.database.db.transaction().execute(async (trx) => {
    await refuseTakenName(trx, body.name);
    const row = await trx
      .insertInto('funds')
      .values({ ...body, created_at: iso(now) })
      .returningAll()
      .executeTakeFirstOrThrow();
    await withAudit(trx, { actor, target: null, targetName: body.name, action: 'create_fund' }, now);
    return fundAnswer(row);
  });
}

async function refuseTakenName(trx: Writer, name: string, except?: number) {
  let query = trx
    .selectFrom('funds')
    .select('id')
    .where(sql`lower(name)`, '=', name.toLowerCase());
  if (except) query = query.where('id', '!=', except);
  if (await query.executeTakeFirst())
    throw new ApiError(409, GIVING_TEXTS.fundTaken, { name: [GIVING_TEXTS.fundTaken] });
}

export async function changeFund(deps: AppDeps, actor: UserRow, id: number, change: z.output<typeof fundChangeSchema>) {
  const now = deps.now();
  return deps.database.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('funds').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw new ApiError(404, GIVING_TEXTS.fundNotFound);
    if (change.name) await refuseTakenName(trx, change.name, id);
    const row = Object.keys(change).length
      ? await trx.updateTable('funds').set(change).where('id', '=', id).returningAll().executeTakeFirstOrThrow()
      : before;
    await withAudit(trx, { actor, target: null, targetName: row.name, action: 'update_fund' }, now);
    return fundAnswer(row);
  });
}

export async function deleteFund(deps: AppDeps, actor: UserRow, id: number) {
  const now = deps.now();
  await deps.database.db.transaction().execute(async (trx) => {
    const fund = await trx.selectFrom('funds').select('name').where('id', '=', id).executeTakeFirst();
    if (!fund) throw new ApiError(404, GIVING_TEXTS.fundNotFound);
    const used = await trx.selectFrom('gifts').select('id').where('fund_id', '=', id).executeTakeFirst();
    if (used) throw new ApiError(409, GIVING_TEXTS.fundHasGifts);
    await trx.deleteFrom('funds').where('id', '=', id).execute();
    await withAudit(trx, { actor, target: null, targetName: fund.name, action: 'delete_fund' }, now);
  });
}
