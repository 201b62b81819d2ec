// What every route handler can reach: the database, the configuration, the clock and the mailer.
import type { Database } from './db/connection';
import type { ServerConfig } from './config';
import type { Mailer } from './mail/mailer';
import type { UserRow } from './users/serialize';

export interface AppDeps {
  database: Database;
  config: ServerConfig;
  /** Injectable clock (epoch ms) so tests can move time for lockouts and expiries. */
  now: () => number;
  mailer: Mailer;
}

export type AppEnv = { Variables: { user: UserRow } };
