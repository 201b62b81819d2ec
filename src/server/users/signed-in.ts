// The users behind signed-in requests, kept between requests while the users' data version holds (a trigger
// bumps it on every write to users, ministries, memberships, family and branches, whichever process or instance
// writes: migrations 0006 and 0018), each with their own profile answer once asked for. A signed-in request then
// reads the version (one primary-key read) instead of the user's row, and GET /auth/profile/ its memberships and
// family too.
import type { Database } from '../db/connection';
import type { AppDeps } from '../kernel/context';
import { usersVersion } from './cached-answers';
import type { UserRow } from '../kernel/context';
import { answerHoldsUntil, presentUser } from './read';
import { findUserById } from '../credentials/accounts';

interface Entry {
  /** Frozen: requests of the same user share it; a change is made on a copy (as requireAuth's last_seen). */
  row: Readonly<UserRow>;
  profile?: { json: string; validUntil: number };
}

/** Past this many users kept under one version, start again (a church has fewer staff signed in at once). */
const MAX_KEPT = 10_000;
const keptBy = new WeakMap<Database, { version: number; users: Map<number, Entry> }>();

/**
 * The user with this id as stored now (undefined if there is none), and the users' data version read for it,
 * which the request's other kept answers can use (./cached-answers.ts). The version is read first, so a row read
 * after a write is never kept under an older version.
 */
export async function signedInUser(deps: AppDeps, id: number): Promise<{ row?: UserRow; version: number }> {
  const version = await usersVersion(deps);
  let kept = keptBy.get(deps.database);
  if (kept?.version !== version) keptBy.set(deps.database, (kept = { version, users: new Map() }));
  const entry = kept.users.get(id);
  if (entry) return { row: entry.row, version };
  const row = await findUserById(deps.database.db, id);
  if (!row) return { version };
  if (kept.users.size >= MAX_KEPT) kept.users.clear();
  kept.users.set(id, { row: Object.freeze(row) });
  return { row, version };
}

/**
 * GET /auth/profile/'s JSON for `row` (as signedInUser gave it) with what `more` adds (the two-factor state),
 * made once while it holds. The policy part of that state may lag a policy change until the answer expires;
 * the policy itself is applied at sign-in (the access token's enrol claim), so nothing rests on the lag.
 */
export async function profileJson(
  deps: AppDeps,
  row: UserRow,
  more: (row: UserRow) => Promise<Record<string, unknown>>,
): Promise<string> {
  const entry = keptBy.get(deps.database)?.users.get(Number(row.id));
  const now = deps.now();
  if (entry?.row === row && entry.profile && now < entry.profile.validUntil) return entry.profile.json;
  const [answer, extra] = await Promise.all([presentUser(deps, row), more(row)]);
  const json = JSON.stringify({ ...answer, ...extra });
  // Only the kept row's answer is kept: a row changed on the way (a new last_seen) is a copy, soon replaced.
  if (entry?.row === row) entry.profile = { json, validUntil: answerHoldsUntil(deps, row, now) };
  return json;
}
