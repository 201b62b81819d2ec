// The church's regular services (docs/API.md, Services and attendance): listed to anyone, changed by
// administrators within their scope (kernel/scope.ts), where a service outside it answers 404. A deleted service is
// only hidden (`deleted`): its counts and check-ins stay and keep their name in the reports.
import type { Kysely, Selectable } from 'kysely';
import { SERVICES_DENIED, canManageServices } from '../../lib/shared/permissions';
import { SERVICE_NOT_FOUND, type Service, type ServiceCreate, type ServiceUpdate } from '../../lib/shared/services/api';
import { branchInScope } from '../kernel/scope';
import type { DB, ServicesTable } from '../db/schema';
import { iso } from '../db/time';
import type { AppDeps, Scope, UserRow } from '../kernel/context';
import { ApiError } from '../kernel/errors';
import { inScope } from '../kernel/scope';
import { toServiceAnswer } from './answers';

/** The services in the scope (every one when there is none: a visitor), by branch, day and time. */
export async function listServices(db: Kysely<DB>, scope: Scope | undefined): Promise<Service[]> {
  let q = db.selectFrom('services').selectAll().where('deleted', '=', false);
  if (scope) q = inScope(q, scope, 'services.branch_id');
  const rows = await q.orderBy('branch_id').orderBy('day_of_week').orderBy('start_time').orderBy('id').execute();
  return rows.map(toServiceAnswer);
}

/** A service that is not deleted, in the scope; undefined otherwise (for the caller the cases are the same). */
export async function serviceInScope(
  db: Kysely<DB>,
  scope: Scope,
  id: number,
): Promise<Selectable<ServicesTable> | undefined> {
  const q = db.selectFrom('services').selectAll().where('id', '=', id).where('deleted', '=', false);
  return inScope(q, scope, 'services.branch_id').executeTakeFirst();
}

async function serviceOr404(db: Kysely<DB>, scope: Scope, id: number) {
  const row = await serviceInScope(db, scope, id);
  if (!row) throw new ApiError(404, SERVICE_NOT_FOUND);
  return row;
}

function mayChange(actor: UserRow) {
  if (!canManageServices(actor)) throw new ApiError(403, SERVICES_DENIED);
}

export async function createService(
  deps: AppDeps,
  actor: UserRow,
  scope: Scope,
  input: ServiceCreate,
): Promise<Service> {
  mayChange(actor);
  const db = deps.database.db;
  const branch = await branchInScope(db, scope, input.branchId ?? Number(actor.branch_id), 'branchId');
  const row = await db
    .insertInto('services')
    .values({
      name: input.name,
      branch_id: Number(branch.id),
      day_of_week: input.dayOfWeek,
      start_time: input.startTime,
      language: input.language ?? null,
      created_at: iso(deps.now()),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toServiceAnswer(row);
}

export async function updateService(
  deps: AppDeps,
  actor: UserRow,
  scope: Scope,
  id: number,
  input: ServiceUpdate,
): Promise<Service> {
  mayChange(actor);
  const db = deps.database.db;
  await serviceOr404(db, scope, id);
  const { branchId, dayOfWeek, startTime, name, language } = input;
  const changes = {
    ...(name !== undefined && { name }),
    ...(dayOfWeek !== undefined && { day_of_week: dayOfWeek }),
    ...(startTime !== undefined && { start_time: startTime }),
    ...(language !== undefined && { language }),
    ...(branchId !== undefined && { branch_id: Number((await branchInScope(db, scope, branchId, 'branchId')).id) }),
  };
  if (Object.keys(changes).length) await db.updateTable('services').set(changes).where('id', '=', id).execute();
  return toServiceAnswer(await db.selectFrom('services').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
}

export async function deleteService(deps: AppDeps, actor: UserRow, scope: Scope, id: number): Promise<void> {
  mayChange(actor);
  const db = deps.database.db;
  await serviceOr404(db, scope, id);
  await db.updateTable('services').set({ deleted: true }).where('id', '=', id).execute();
}
