// The user list and the user stats, the staff screens' hottest calls, kept as finished answers: the JSON text,
// its gzip, and an ETag (a hash of the text). Each is rebuilt when the users' data version moves (a trigger bumps
// it on every write to users, ministries, memberships, family and branches, whichever process or instance writes:
// migrations 0006 and 0018) or when something in it changes with the clock alone: someone's "online" ending, or the
// date (ages, the month's figures). A request reads the version (one primary-key read) and answers the kept copy,
// or 304 when the caller already has it.
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { AppDeps, Scope } from '../kernel/context';
import { compiledOnce } from '../db/compiled';

export interface Answer<T> {
  value: T;
  json: string;
  gzip: Buffer;
  etag: string;
}
interface Kept<T> extends Answer<T> {
  version: number;
  validUntil: number;
}

const versionOf = compiledOnce((db) => db.selectFrom('data_versions').select('version').where('name', '=', ''));

export async function usersVersion(deps: AppDeps): Promise<number> {
  const [row] = await versionOf(deps.database.db, ['users']);
  return Number(row?.version ?? 0);
}

/** Milliseconds of the next UTC midnight after `nowMs`. */
export const nextMidnight = (nowMs: number) => (Math.floor(nowMs / 86_400_000) + 1) * 86_400_000;

/**
 * One kept answer of one app (its deps) per branch scope (each scope sees its own accounts): `build` makes the
 * value and says until when it holds without a write. The version is read before building (or given: the one the
 * request's sign-in check read), so a write during the build leaves a copy already marked old.
 */
export function keptAnswer<T>(
  deps: AppDeps,
  name: string,
  build: (deps: AppDeps, scope: Scope) => Promise<{ value: T; validUntil: number }>,
) {
  const byScope = new Map<string, ReturnType<typeof keptOne<T>>>();
  return (scope: Scope, known?: number): Promise<Answer<T>> => {
    let one = byScope.get(scope.path);
    if (!one) byScope.set(scope.path, (one = keptOne(deps, name, (d) => build(d, scope))));
    return one(known);
  };
}

function keptOne<T>(deps: AppDeps, name: string, build: (deps: AppDeps) => Promise<{ value: T; validUntil: number }>) {
  let kept: Kept<T> | null = null;
  let building: { version: number; done: Promise<Kept<T>> } | null = null;
  return async (known?: number): Promise<Answer<T>> => {
    const version = known ?? (await usersVersion(deps));
    if (kept && kept.version === version && deps.now() < kept.validUntil) return kept;
    // Requests that arrive together for the same version wait for one build.
    if (building?.version !== version) {
      const done = (async () => {
        const { value, validUntil } = await build(deps);
        const json = JSON.stringify(value);
        const etag = `"${name}-${createHash('sha1').update(json).digest('base64url')}"`;
        return { value, json, gzip: gzipSync(json), etag, version, validUntil };
      })();
      building = { version, done };
      void done
        .finally(() => {
          if (building?.done === done) building = null;
        })
        .catch(() => {});
    }
    const made = await building.done;
    if (!kept || made.version >= kept.version) kept = made;
    return made;
  };
}
