// `npm start`: build once if there is no build yet, then serve the site, the admin portal and the API
// from one process. The API module migrates the database (and seeds the demo accounts outside
// production) before it answers.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const entry = new URL('../dist/server/entry.mjs', import.meta.url);
if (!existsSync(entry) || process.env.FORCE_BUILD) {
  const result = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
process.env.HOST ??= 'localhost';
process.env.PORT ??= '4321';
await import(entry.href);
