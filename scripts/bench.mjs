// `npm run bench`: runs every benchmark in scripts/bench/ in turn (each prints its own figures).
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const dir = new URL('./bench/', import.meta.url);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.mjs'))
  .sort();
let failed = 0;
for (const file of files) {
  console.log(`\n=== bench: ${file} ===`);
  const { status } = spawnSync(process.execPath, [new URL(file, dir).pathname], { stdio: 'inherit' });
  if (status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
