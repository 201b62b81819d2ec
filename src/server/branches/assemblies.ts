// The public side of the tree (/assemblies, docs/PRODUCT.md (Assemblies)): the branches a visitor can find and
// one assembly with its upcoming public events. Events are read through the events' own public read, so the
// rule of which events a visitor sees is written once (events/service.ts).
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { AppDeps } from '../kernel/context';
import { readEvents } from '../events/service';
import { publicUpcoming } from '../../lib/shared/events/ics';
import type { AssemblyPage, PublicAssembly } from '../../lib/shared/branches/assemblies';

function assemblies(db: Kysely<DB>) {
  return db
    .selectFrom('branches as b')
    .leftJoin('branches as p', 'p.id', 'b.parent_id')
    .select(['b.id', 'b.name', 'b.slug', 'b.kind', 'b.address', 'b.phone', 'b.service_times', 'p.name as parent_name'])
    .where((eb) => eb.or([eb('b.address', 'is not', null), eb('b.service_times', 'is not', null)]));
}

type Row = Awaited<ReturnType<ReturnType<typeof assemblies>['executeTakeFirstOrThrow']>>;

const toAssembly = (r: Row): PublicAssembly => ({
  id: Number(r.id),
  name: r.name,
  slug: r.slug,
  kind: r.kind,
  parentName: r.parent_name,
  address: r.address,
  phone: r.phone,
  serviceTimes: r.service_times,
});

/** The branches with an address or service times, in the tree's order (parents first). */
export async function listAssemblies(db: Kysely<DB>): Promise<PublicAssembly[]> {
  return (await assemblies(db).orderBy('b.path').execute()).map(toAssembly);
}

/** How many branches there are: the public site offers /assemblies from two. */
export async function branchCount(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('branches')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One assembly by its slug with its upcoming public events; undefined when no findable branch has that slug. */
export async function readAssembly(deps: AppDeps, slug: string): Promise<AssemblyPage | undefined> {
  const db = deps.database.db;
  const row = await assemblies(db).where('b.slug', '=', slug).executeTakeFirst();
  if (!row) return undefined;
  const ids = new Set(
    (await db.selectFrom('events').select('id').where('branch_id', '=', row.id).execute()).map((e) => String(e.id)),
  );
  const events = publicUpcoming(await readEvents(deps, 'public')).filter((e) => ids.has(String(e.id)));
  return { assembly: toAssembly(row), events };
}
