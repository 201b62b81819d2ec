// Queries run on every signed-in request, their SQL built once per database handle and then run with each call's
// values: Kysely otherwise builds a query's SQL anew on every call, about a tenth of a small authenticated read.
import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { DB } from './schema';

/**
 * `build` makes the query with placeholder values; the returned function runs it with `parameters`, which take
 * their places in the order the SQL has them (the order the query's values were given in).
 */
export function compiledOnce<R>(build: (db: Kysely<DB>) => Compilable<R>) {
  const compiled = new WeakMap<Kysely<DB>, CompiledQuery<R>>();
  return async (db: Kysely<DB>, parameters: unknown[]): Promise<R[]> => {
    let query = compiled.get(db);
    if (!query) compiled.set(db, (query = build(db).compile()));
    return (await db.executeQuery<R>({ ...query, parameters })).rows;
  };
}
