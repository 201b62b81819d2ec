// Access tokens are signed and live 60 minutes; ending their session (sign-out, "sign out other sessions", a reset,
// reuse of a refresh token) must still stop them within seconds (docs/API.md, Accounts and sessions). Each process
// keeps the set of sessions that ended within an access token's life and reads it again from the database at most
// every ENDED_REFRESH_MS, or at the next request after this process ended one, so every instance on a shared
// PostgreSQL refuses a token within ENDED_REFRESH_MS of another ending its session. A request then pays a set
// lookup, and the process one small indexed query every two seconds while it is busy.
import type { Database } from '../db/connection';
import type { AppDeps } from '../kernel/context';
import { iso } from '../db/time';

export const ENDED_REFRESH_MS = 2_000;

interface Kept {
  ids: Set<string>;
  readAtMs: number;
  /** The process-wide count of endings this set has seen (see ended()). */
  seen: number;
  reading?: Promise<Set<string>>;
}
const keptBy = new WeakMap<Database, Kept>();
let endings = 0;

/** Called where sessions end (credentials/sessions.ts): this process's next request reads the set again. */
export function ended(): void {
  endings += 1;
}

async function read(deps: Pick<AppDeps, 'database' | 'config'>, nowMs: number): Promise<Set<string>> {
  // A token of a session ended longer ago than a token lives (with a minute's slack for clocks) has expired too.
  const since = iso(nowMs - deps.config.accessTtlSeconds * 1000 - 60_000);
  const rows = await deps.database.db
    .selectFrom('sessions')
    .select('family_id')
    .where('ended_at', '>', since)
    .execute();
  return new Set(rows.map((r) => r.family_id));
}

/** Whether the session an access token names has ended. */
export async function sessionEnded(
  deps: Pick<AppDeps, 'database' | 'config'>,
  sessionId: string,
  nowMs: number,
): Promise<boolean> {
  let kept = keptBy.get(deps.database);
  if (!kept) keptBy.set(deps.database, (kept = { ids: new Set(), readAtMs: -Infinity, seen: -1 }));
  if (nowMs - kept.readAtMs >= ENDED_REFRESH_MS || kept.seen !== endings) {
    const entry = kept;
    const seen = endings;
    entry.reading ??= read(deps, nowMs).finally(() => (entry.reading = undefined));
    entry.ids = await entry.reading;
    entry.readAtMs = nowMs;
    entry.seen = seen;
  }
  return kept.ids.has(sessionId);
}
