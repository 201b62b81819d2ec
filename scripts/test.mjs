// `npm test`: lint (the layer rules of eslint.config.js among them), unit and API tests (Vitest), then a fresh
// production build, then the two-server test over that build (Vitest) and end-to-end tests in Chromium
// (`node scripts/test.mjs e2e` runs only the steps named). After each step no process it started may be
// left running: every process of the step carries a mark in its environment, so a leftover is found even
// when its parent has exited and it was handed to init. A leftover fails the run, named, and is stopped.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { ensureChromium } from './ensure-chromium.mjs';

const node = process.execPath;
// Each step is one or more commands; `build` is `npm run build`: the site, then the server bundle.
const STEPS = {
  lint: [[node, 'node_modules/eslint/bin/eslint.js', '.']],
  vitest: [[node, 'node_modules/vitest/vitest.mjs', 'run', '--project', 'unit', '--project', 'api']],
  build: [
    [node, 'node_modules/astro/bin/astro.mjs', 'build'],
    [node, 'scripts/build-server.mjs'],
  ],
  // Real servers from the fresh build (tests/instances/): a write on one shows on the other's pages; one built server's
  // start-up and compressed answers.
  instances: [[node, 'node_modules/vitest/vitest.mjs', 'run', '--project', 'instances']],
  e2e: [[node, 'node_modules/@playwright/test/cli.js', 'test']],
};
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in STEPS));
if (unknown.length) {
  console.error(`Unknown step ${unknown.join(', ')}: the steps are ${Object.keys(STEPS).join(', ')}.`);
  process.exit(2);
}

// Read by nothing but this check (tests/api/global-setup.ts keeps it away from PostgreSQL, a system service).
const MARK = 'CHURCH_TEST_RUN';

/** Processes (other than this one) whose environment carries the mark; Linux only. */
function marked(value) {
  if (!existsSync('/proc/self/environ')) return [];
  const found = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    if (Number(pid) === process.pid) continue;
    try {
      if (!readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`${MARK}=${value}`)) continue;
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
      found.push({ pid: Number(pid), command });
    } catch {
      /* gone meanwhile, or not ours to read */
    }
  }
  return found;
}

async function leftovers(value) {
  // A server being stopped at the end of a step may take a moment to exit.
  for (let waited = 0; waited < 5000; waited += 250) {
    if (!marked(value).length) return [];
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return marked(value);
}

for (const name of wanted.length ? wanted : Object.keys(STEPS)) {
  const value = `${name}-${process.pid}`;
  console.log(`\n=== ${name} ===`);
  if (name === 'e2e' && !ensureChromium()) process.exit(1);
  let status = 0;
  for (const [cmd, ...args] of STEPS[name]) {
    status = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, [MARK]: value } }).status;
    if (status !== 0) break;
  }
  const left = await leftovers(value);
  if (left.length) {
    console.error(`\n${name} left ${left.length} process(es) running:`);
    for (const p of left) console.error(`  pid ${p.pid}: ${p.command}`);
    for (const p of left) {
      try {
        process.kill(p.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
    console.error('They have been killed. Every test must stop what it starts.');
    process.exit(1);
  }
  if (status !== 0) {
    console.error(`\n${name} failed (exit ${status})`);
    process.exit(status ?? 1);
  }
}
