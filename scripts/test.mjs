// `npm test`: unit and API tests (Vitest; the layer rules of eslint.config.js are checked over all of src/ by a unit
// test), a fresh production build, then the two-server test over that build (Vitest) and end-to-end tests in
// Chromium, three workers at once. Two lines run side by side (PLAN): the API tests, then the API files that run by
// themselves beside the unit tests; the build, then the two-server test and the end-to-end tests at once, then the
// API files that run the command-line tools. Neither reads what the other writes (the API tests run the server from
// its sources, never dist/). The whole is bound by the machine's CPU, so what runs last must keep both cores busy: the
// one-at-a-time files all after the API tests ran 60-85 s, mostly on one core, after the end-to-end tests were over.
// The rest of the lint (`npm run check`) is not a test, and it was 37 s of CPU a run.
// `node scripts/test.mjs e2e` runs only the steps named, one after another. After each step no process it started may
// be left running: every process of the step carries a mark in its environment, so a leftover is found even
// when its parent has exited and it was handed to init. A leftover fails the run, named, and is stopped. Each step's
// time and the whole's are printed last, the whole against its budget (issue 29: 6 minutes on a clean checkout).
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { ensureChromium } from './ensure-chromium.mjs';

const node = process.execPath;
/**
 * The end-to-end workers, each with a server and database of its own (playwright.config.ts, E2E_WORKERS), taking the
 * spec files from one queue. Three at once on two cores: a test's time is part waiting (on the browser, the server,
 * an animation), and the API tests beside them fill the rest; the whole run is bound by the CPU. Measured when they
 * were three Playwright runs over fixed thirds of the files: a fourth added its own browser, server and runner to pay
 * for and no core to run them (`npm test` 335 s and 370 s with four, 320 s and 339 s with three). One queue instead
 * of fixed thirds: the thirds ended up to 50 s apart, and the first done left its core to the rest. Two, measured
 * again with the suite of issue 29: the run's CPU fell from about 880 s to 820 s, but the end-to-end step became the
 * longer line on its own (413-431 s), and `npm test` took 463 s, and 450 s with the tools' files moved to the other
 * line, against 441-456 s with three.
 */
const E2E_WORKERS = 3;

// Each step is one or more commands; `build` is `npm run build`: the site, then the server bundle. `lint` is in no
// line of the plan (`npm run check` lints): `node scripts/test.mjs lint` runs it.
const STEPS = {
  lint: [[node, 'node_modules/eslint/bin/eslint.js', '.']],
  api: [[node, 'node_modules/vitest/vitest.mjs', 'run', '--project', 'api']],
  // The API files that run by themselves (vitest.config.ts, ALONE): after the others, beside the unit tests and
  // whatever of the other line is still running, but no other API file.
  'api-alone': [[node, 'node_modules/vitest/vitest.mjs', 'run', '--project', 'api-alone']],
  // The two that run the command-line tools (vitest.config.ts, TOOLS): by themselves, after the end-to-end tests.
  'api-tools': [[node, 'node_modules/vitest/vitest.mjs', 'run', '--project', 'api-tools']],
  unit: [[node, 'node_modules/vitest/vitest.mjs', 'run', '--project', 'unit', '--project', 'unit-mocking']],
  build: [
    [node, 'node_modules/astro/bin/astro.mjs', 'build'],
    [node, 'scripts/build-server.mjs'],
  ],
  // Real servers from the fresh build (tests/instances/): a write on one shows on the other's pages; one built server's
  // start-up and compressed answers.
  instances: [[node, 'node_modules/vitest/vitest.mjs', 'run', '--project', 'instances']],
  e2e: [{ env: { E2E_WORKERS: String(E2E_WORKERS) }, command: [node, 'node_modules/@playwright/test/cli.js', 'test'] }],
};
/**
 * The lines that run side by side, each its steps in turn; steps in an inner list run at once (the two-server test
 * and the end-to-end tests each start their own servers from the build, and none waits on another; the unit tests
 * open no database or server port). The API files that run by themselves meet no other API file, which is what reset
 * their sockets on a machine busy with the end-to-end tests; the tools' files start once those are over, and may meet
 * the last lone ones.
 */
const PLAN = [
  ['api', ['api-alone', 'unit']],
  ['build', ['instances', 'e2e'], 'api-tools'],
];
const BUDGET_SECONDS = 360;
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

function killAll(processes) {
  for (const p of processes) {
    try {
      process.kill(p.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
}

async function leftovers(value) {
  // A server being stopped at the end of a step may take a moment to exit.
  for (let waited = 0; waited < 5000; waited += 250) {
    if (!marked(value).length) return [];
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return marked(value);
}

/** Copies a child's output line by line, each line prefixed (`[api] `, `[e2e] `): lines run side by side. */
function prefixed(child, prefix) {
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
}

/** One command; its exit status. Output straight through when alone, else prefixed. */
function run([cmd, ...args], env, prefix) {
  const child = spawn(cmd, args, {
    env,
    stdio: prefix ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
  });
  if (prefix) prefixed(child, prefix);
  // On exit, not on close: a process the command left behind may hold its output open, and the check that follows
  // must find it.
  return new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
}

/** The end-to-end browser, installed (when missing) while the other lines run rather than after the build. */
let browser;
const browserReady = () => (browser ??= ensureChromium());

const seconds = new Map();

/**
 * A step still running after this long is stopped and fails the run (the longest, the end-to-end tests, takes about 5
 * minutes here): a worker that hangs after its last file (one did, over a request a test had left open) would
 * otherwise hold `npm test`, and a CI job, until its own limit.
 */
const STEP_LIMIT_MINUTES = 20;

/** One step: its commands in turn, then the check for processes it left. Answers its exit status. */
async function step(name, prefix) {
  const value = `${name}-${process.pid}`;
  console.log(`\n${prefix}=== ${name} ===`);
  const started = performance.now();
  if (name === 'e2e' && !(await browserReady())) return 1;
  let status = 0;
  const limit = setTimeout(() => {
    console.error(`\n${name} ran past ${STEP_LIMIT_MINUTES} minutes: stopped`);
    killAll(marked(value));
  }, STEP_LIMIT_MINUTES * 60_000);
  for (const command of STEPS[name]) {
    // A command is its words, or { env, command } where it needs variables of its own.
    const { env = {}, command: words = command } = Array.isArray(command) ? {} : command;
    status = await run(words, { ...process.env, ...env, [MARK]: value }, prefix);
    if (status !== 0) break;
  }
  clearTimeout(limit);
  seconds.set(name, Math.round((performance.now() - started) / 1000));
  const left = await leftovers(value);
  if (left.length) {
    console.error(`\n${name} left ${left.length} process(es) running:`);
    for (const p of left) console.error(`  pid ${p.pid}: ${p.command}`);
    killAll(left);
    console.error('They have been killed. Every test must stop what it starts.');
    return 1;
  }
  if (status !== 0) console.error(`\n${name} failed (exit ${status})`);
  return status;
}

/**
 * A line's steps in turn (an inner list's at once), stopping at the first that fails; their output prefixed when
 * lines run side by side.
 */
async function line(names, sideBySide) {
  for (const entry of names) {
    const together = Array.isArray(entry) ? entry : [entry];
    const statuses = await Promise.all(together.map((name) => step(name, sideBySide ? `[${name}] ` : '')));
    const failed = statuses.find((status) => status !== 0);
    if (failed !== undefined) return failed;
  }
  return 0;
}

const started = performance.now();
if (!wanted.length || wanted.includes('e2e')) browserReady();
const statuses = wanted.length
  ? [await line(wanted, false)]
  : await Promise.all(PLAN.map((names) => line(names, true)));
const total = Math.round((performance.now() - started) / 1000);
console.log(`\nSteps: ${[...seconds].map(([name, s]) => `${name} ${s} s`).join(', ')}`);
if (!wanted.length) {
  console.log(`npm test: ${total} s (budget ${BUDGET_SECONDS} s): ${total <= BUDGET_SECONDS ? 'within' : 'OVER'}`);
}
process.exit(statuses.find((status) => status !== 0) ?? 0);
