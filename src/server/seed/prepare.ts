// The demo data of an empty database outside production (the demo accounts' password hash takes about half a
// second, so `npm start` seeds after listening while the shell holds the requests that need the data: src/host/main.ts),
// and what `npm start` prints once it has made them.
import type { ServerConfig } from '../config';
import type { Database } from '../db/connection';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoEmail } from './accounts';
import { seedIfEmpty } from './seed';

/**
 * The demo data on an empty database, outside production; nothing in production. True when it created the demo
 * accounts, so `npm start` can tell a newcomer how to sign in.
 */
export async function seedDemo(database: Database, config: ServerConfig): Promise<boolean> {
  if (config.production) return false;
  const empty = !(await database.db.selectFrom('users').select('id').limit(1).executeTakeFirst());
  await seedIfEmpty(database.db, config);
  return empty;
}

/** What `npm start` prints once it created the demo accounts (README.md, Demo accounts), with this server's URL. */
export function demoAccountsNotice(origin: string, mailConfigured: boolean): string {
  const staff = DEMO_ACCOUNTS.filter((d) => d.can_access_web && !d.is_suspended).map((d) => d.username);
  const member = DEMO_ACCOUNTS.find((d) => d.role === 'MEMBER' && !d.is_suspended)!;
  return [
    `Demo accounts created (password ${DEMO_PASSWORD}; README.md, Demo accounts):`,
    `  the staff portal: ${origin}/login as ${staff.slice(0, -1).join(', ')} or ${staff.at(-1)}`,
    `  the members' pages: ${origin}/my with ${demoEmail(member.username)} (the sign-in code is ${
      mailConfigured ? 'mailed to it' : 'written to this log'
    })`,
  ].join('\n');
}
