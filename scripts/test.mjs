// `npm test`: unit and API tests (Vitest), then a fresh production build, then end-to-end tests in Chromium.
import { spawnSync } from 'node:child_process';

const node = process.execPath;
const steps = [
  ['vitest', [node, 'node_modules/vitest/vitest.mjs', 'run']],
  ['build', [node, 'node_modules/astro/bin/astro.mjs', 'build']],
  ['e2e', [node, 'node_modules/@playwright/test/cli.js', 'test']],
];
for (const [name, [cmd, ...args]] of steps) {
  console.log(`\n=== ${name} ===`);
  const { status } = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  if (status !== 0) {
    console.error(`\n${name} failed (exit ${status})`);
    process.exit(status ?? 1);
  }
}
