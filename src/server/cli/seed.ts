// `npm run db:seed [-- --members N]`: (re)creates the demo accounts of README.md and N sample
// members (default 20). Refused in production, where demo passwords must never exist.
import { openDatabase } from '../db/connection';
import { migrateToLatest } from '../db/migrations';
import { seed } from '../seed/seed';
import { loadConfig, readEnv } from '../config';
import { fail, orFail, parseArgs } from './args';

if (orFail(readEnv).NODE_ENV === 'production') {
  fail('Refusing to seed: NODE_ENV=production. Demo accounts with known passwords must never exist in production.');
}
const args = parseArgs(process.argv.slice(2));
const members = args.members === undefined ? 20 : Number(args.members);
if (!Number.isInteger(members) || members < 0 || members > 100_000)
  fail('--members must be a whole number from 0 to 100000.');

const started = performance.now();
const config = orFail(loadConfig);
const database = await openDatabase(config.databaseUrl);
try {
  await migrateToLatest(database.db, database.dialect);
  const result = await seed(database.db, config, { members });
  const ms = Math.round(performance.now() - started);
  console.log(
    `Seeded ${result.demo} demo accounts (password Demo1234!), ${result.members} new sample members, ` +
      `${result.sermons} new sample sermons, ${result.events} new sample events and ${result.prayers} new sample ` +
      `prayer requests in ${ms} ms.`,
  );
} finally {
  await database.close();
}
