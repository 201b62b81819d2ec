// Check-in stations (docs/API.md, Children's check-in): administrators add one and get a pairing code (8
// characters, one use, 24 hours); the device that types it gets a cookie of its own (./door.ts). Only hashes are
// kept: of the code until it is used, of the cookie's token while paired. Unpairing (DELETE) clears the token's
// hash, so the cookie opens nothing from that moment.
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  CHECKIN_TEXT,
  PAIRING_ALPHABET,
  PAIRING_CODE_LENGTH,
  PAIRING_TTL_MS,
  type Station,
  type StationCreate,
} from '../../lib/shared/checkin/api';
import { canManageServices } from '../../lib/shared/permissions';
import { branchInScope } from '../kernel/scope';
import type { DB } from '../db/schema';
import { iso } from '../db/time';
import { randomToken, sha256 } from '../credentials/tokens';
import type { AppDeps, Scope, UserRow } from '../kernel/context';
import { ApiError } from '../kernel/errors';
import { inScope } from '../kernel/scope';
import type { StationRow } from './door';

const newPairingCode = () =>
  Array.from({ length: PAIRING_CODE_LENGTH }, () => PAIRING_ALPHABET[randomInt(PAIRING_ALPHABET.length)]).join('');

// Stations are set up by whoever sets up the services (ADMIN and above).
function mayChange(actor: UserRow) {
  if (!canManageServices(actor)) throw new ApiError(403, CHECKIN_TEXT.stationsDenied);
}

const toStation = (row: StationRow, nowMs: number): Station => ({
  id: Number(row.id),
  name: row.name,
  branchId: Number(row.branch_id),
  printer: row.printer,
  paired: row.token_hash !== null,
  pairingExpiresAt:
    row.pairing_expires_at && Date.parse(row.pairing_expires_at) > nowMs ? row.pairing_expires_at : null,
  lastSeenAt: row.last_seen_at,
});

export async function listStations(deps: AppDeps, scope: Scope): Promise<Station[]> {
  const q = deps.database.db.selectFrom('stations').selectAll().where('deleted', '=', false);
  const rows = await inScope(q, scope, 'stations.branch_id').orderBy('name').orderBy('id').execute();
  return rows.map((row) => toStation(row, deps.now()));
}

export async function createStation(deps: AppDeps, actor: UserRow, scope: Scope, input: StationCreate) {
  mayChange(actor);
  const db = deps.database.db;
  const branch = await branchInScope(db, scope, input.branchId ?? Number(actor.branch_id), 'branchId');
  const pairingCode = newPairingCode();
  const now = deps.now();
  const row = await db
    .insertInto('stations')
    .values({
      name: input.name,
      branch_id: Number(branch.id),
      printer: input.printer ?? null,
      pairing_code_hash: sha256(pairingCode),
      pairing_expires_at: iso(now + PAIRING_TTL_MS),
      created_by: Number(actor.id),
      created_at: iso(now),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), pairingCode };
}

/** Uses a pairing code once: answers the new cookie's token, or refuses (unknown, used or expired). */
export async function pairStation(deps: AppDeps, pairingCode: string): Promise<{ token: string; station: StationRow }> {
  const db = deps.database.db;
  const now = deps.now();
  const token = randomToken();
  // One conditional update: two devices typing the same code cannot both pair.
  const row = await db
    .updateTable('stations')
    .set({
      token_hash: sha256(token),
      pairing_code_hash: null,
      pairing_expires_at: null,
      paired_at: iso(now),
      last_seen_at: iso(now),
    })
    .where('pairing_code_hash', '=', sha256(pairingCode))
    .where('pairing_expires_at', '>', iso(now))
    .where('deleted', '=', false)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new ApiError(400, CHECKIN_TEXT.pairingInvalid, { pairingCode: [CHECKIN_TEXT.pairingInvalid] });
  return { token, station: row };
}

/** Unpairs and removes a station of the scope: its cookie opens nothing after; its check-ins keep its id. */
export async function deleteStation(deps: AppDeps, actor: UserRow, scope: Scope, id: number) {
  mayChange(actor);
  const db: Kysely<DB> = deps.database.db;
  const q = db
    .updateTable('stations')
    .set({ deleted: true, token_hash: null, pairing_code_hash: null, pairing_expires_at: null })
    .where('id', '=', id)
    .where('deleted', '=', false);
  const result = await inScope(q, scope, 'stations.branch_id').executeTakeFirst();
  if (!Number(result.numUpdatedRows)) throw new ApiError(404, CHECKIN_TEXT.stationNotFound);
}
