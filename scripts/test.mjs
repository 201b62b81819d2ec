// `npm test`: lint (the layer rules of eslint.config.js among them), unit and API tests (Vitest), then a fresh
// production build, then the two-server test over that build (Vitest) and end-to-end tests in Chromium, in two
// halves at once (`node scripts/test.mjs e2e` runs only the steps named). After each step no process it started may be
// left running: every process of the step carries a mark in its environment, so a leftover is found even
// when its parent has exited and it was handed to init. A leftover fails the run, named, and is stopped.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { ensureChromium } from './ensure-chromium.mjs';

const node = process.execPath;
/** The end-to-end halves' server ports. */
const E2E_SHARDS = [4390, 4391];

/**
 * The end-to-end spec files in two halves of about the same size, the biggest first into the lighter half. A
 * file's size follows its tests and what they check closely enough; Playwright's own --shard counts tests in file
 * order, which put the long portal specs in one half (18 minutes against 7 here).
 */
function e2eHalves() {
  const dir = 'tests/e2e';
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.spec.ts'))
    .map((name) => ({ path: `${dir}/${name}`, size: statSync(`${dir}/${name}`).size }))
    .sort((a, b) => b.size - a.size || a.path.localeCompare(b.path));
  const halves = E2E_SHARDS.map(() => ({ files: [], size: 0 }));
  for (const file of files) {
    const lighter = halves.reduce((a, b) => (b.size < a.size ? b : a));
    lighter.files.push(file.path);
    lighter.size += file.size;
  }
  return halves.map((half) => half.files.sort());
}
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
  // Two halves at once, each against its own server and database (playwright.config.ts reads E2E_PORT): most of an
  // end-to-end test is waiting on a browser or a server, so two halves take little more than half the time.
  e2e: [
    {
      parallel: e2eHalves().map((files) => [node, 'node_modules/@playwright/test/cli.js', 'test', ...files]),
    },
  ],
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

/**
 * Runs the end-to-end halves at once, each line of output prefixed with its half, each half on its own port;
 * answers the first non-zero exit status (0 when both pass).
 */
async function runTogether(commands, env) {
  const statuses = await Promise.all(
    commands.map(([cmd, ...args], i) => {
      const prefix = `[${i + 1}/${commands.length}] `;
      const child = spawn(cmd, args, {
        env: { ...env, E2E_PORT: String(E2E_SHARDS[i]) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        let rest = '';
        from.setEncoding('utf8');
        from.on('data', (chunk) => {
          const lines = (rest + chunk).split('\n');
          rest = lines.pop();
          for (const line of lines) to.write(prefix + line + '\n');
        });
        from.on('end', () => rest && to.write(prefix + rest + '\n'));
      }
      return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
    }),
  );
  return statuses.find((status) => status !== 0) ?? 0;
}

for (const name of wanted.length ? wanted : Object.keys(STEPS)) {
  const value = `${name}-${process.pid}`;
  console.log(`\n=== ${name} ===`);
  if (name === 'e2e' && !ensureChromium()) process.exit(1);
  let status = 0;
  for (const command of STEPS[name]) {
    const env = { ...process.env, [MARK]: value };
    if ('parallel' in command) status = await runTogether(command.parallel, env);
    else status = spawnSync(command[0], command.slice(1), { stdio: 'inherit', env }).status;
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
