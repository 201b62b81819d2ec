// An account's row, by id or by username: what every way in reads first (a password, a passkey, a token's subject),
// here below the features that sign people in (auth, twofactor) and the one that answers for accounts (users).
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { compiledOnce } from '../db/compiled';
import type { UserRow } from '../kernel/context';

// Every signed-in request loads its user: the query is compiled once (../db/compiled.ts).
const userById = compiledOnce((db) => db.selectFrom('users').selectAll().where('id', '=', 0));

export async function findUserById(db: Kysely<DB>, id: number): Promise<UserRow | undefined> {
  return (await userById(db, [id]))[0];
}

export async function findUserByUsername(db: Kysely<DB>, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}
