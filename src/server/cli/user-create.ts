// `npm run user:create -- --username NAME --email E --role ROLE [--first-name F --last-name L]`:
// creates a real account. The password comes from standard input (piped) or a hidden prompt, never
// from argv (which other local users can read in the process list).
import { createInterface } from 'node:readline';
import { isRole } from '../../lib/shared/permissions';
import { MIN_INITIAL_PASSWORD_LENGTH } from '../../lib/shared/constants';
import { newUserRow } from '../users/new-user';
import { EMAIL_PATTERN, usernameSchema } from '../../lib/shared/schemas';
import { openDatabase } from '../db/connection';
import { migrateToLatest } from '../db/migrations';
import { hashPassword } from '../credentials/passwords';
import { loadConfig } from '../config';
import { fail, orFail, parseArgs } from './args';

const args = parseArgs(process.argv.slice(2));
if ('password' in args)
  fail('Do not pass the password on the command line: pipe it on standard input or type it at the prompt.');
const username = String(args.username ?? '');
const email = String(args.email ?? '').toLowerCase();
const role = String(args.role ?? '').toUpperCase();
if (!usernameSchema.safeParse(username).success)
  fail('--username is required: at least 3 characters of letters, digits and @ . + - _');
if (!EMAIL_PATTERN.test(email)) fail('--email is required and must be a valid email address.');
if (!isRole(role)) fail('--role must be one of MEMBER, PASTOR, ADMIN, SUPERADMIN.');

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    let data = '';
    for await (const chunk of process.stdin) data += chunk;
    return data.split(/\r?\n/)[0];
  }
  // Interactive: prompt without echoing what is typed.
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const ask = (q: string) =>
    new Promise<string>((resolve) => {
      process.stdout.write(q);
      const write = (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput;
      (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => undefined;
      rl.question('', (answer) => {
        (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = write;
        process.stdout.write('\n');
        resolve(answer);
      });
    });
  const first = await ask('Password: ');
  const second = await ask('Repeat password: ');
  rl.close();
  if (first !== second) fail('The passwords do not match.');
  return first;
}

const password = await readPassword();
if (password.length < MIN_INITIAL_PASSWORD_LENGTH)
  fail(`The password must have at least ${MIN_INITIAL_PASSWORD_LENGTH} characters.`);

const config = orFail(loadConfig);
const database = await openDatabase(config.databaseUrl);
try {
  await migrateToLatest(database.db, database.dialect);
  const taken = await database.db
    .selectFrom('users')
    .select('username')
    .where((eb) => eb.or([eb('username', '=', username), eb('email', '=', email)]))
    .executeTakeFirst();
  if (taken) fail('A user with that username or email already exists.');
  const row = await database.db
    .insertInto('users')
    .values(
      newUserRow({
        username,
        email,
        password_hash: await hashPassword(password, config.argon2),
        first_name: String(args['first-name'] ?? ''),
        last_name: String(args['last-name'] ?? ''),
        role,
        date_joined: new Date().toISOString(),
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  console.log(`Created ${role} ${username} (id ${row.id}).`);
} finally {
  await database.close();
}
