import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Six projects: fast unit tests (pure modules and React components under happy-dom; `unit-mocking` holds the files
// that replace modules), API tests that talk real HTTP to the Hono app over a real database (`api`, two files at a
// time; `api-alone` one at a time and `api-tools` by themselves: see ALONE), and the two-server test over the built
// app (after a build).

/**
 * API files that run by themselves, not beside another API file: three load the machine on their own (a thousand
 * guesses at once, pg_dump and pg_restore, the command-line tools started as processes), and beside a second file, on
 * a machine busy with the end-to-end tests, their sockets were reset and their 30 s ran out; one measures time. The two
 * that start the command-line tools (TOOLS, project `api-tools`) are the longest (20-25 s each): `npm test` runs them
 * last, once the end-to-end tests are over and the other API files nearly so, and the two side by side (24 s, against
 * 34 s one after the other), so that they do not end the run on one core after the rest.
 */
const ALONE = ['accounts-hold', 'login-timing'].map((name) => `tests/api/${name}.test.ts`);
const TOOLS = ['backup-restore', 'cli'].map((name) => `tests/api/${name}.test.ts`);
/**
 * Unit files that replace modules (vi.mock) run each in a fresh module graph; the others share their worker's
 * (`isolate: false`), so React, the screens and happy-dom are loaded once per worker, not once per file: the unit
 * tests' CPU, all isolated, was 62-66 s, of which loading and setting up were 43%. A mocked module must not meet a
 * copy of the real one already loaded by another file, so those files stay isolated.
 */
const UNIT = fileURLToPath(new URL('tests/unit/', import.meta.url));
const MOCKING = readdirSync(UNIT, { recursive: true, encoding: 'utf8' })
  .filter(
    (name) => /\.test\.tsx?$/.test(name) && /\bvi\.(mock|doMock)\s*\(/.test(readFileSync(join(UNIT, name), 'utf8')),
  )
  .map((name) => `tests/unit/${name}`);
/**
 * A unit test's time limit, 15 s rather than Vitest's 5: `npm test` runs the unit tests beside the end-to-end tests
 * and the API files on a machine bound by its CPU, and on a fresh machine, whose first run also installs Chromium, a
 * screen drawing its 300 rows under happy-dom took 5.8 s (0.6 s alone, 1.0 s in a warm run). A test that hangs still
 * fails, 10 s later.
 */
const UNIT_TIMEOUT = 15_000;
/** What both unit projects share: the time limit, and the set-up files every unit file starts with. */
const UNIT_BASE = {
  environment: 'node',
  testTimeout: UNIT_TIMEOUT,
  setupFiles: ['tests/unit/no-stray-requests.ts', 'tests/unit/dom-waits.ts'],
};
const API = {
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // Starts PostgreSQL (when installed) so every API suite also runs against it.
  globalSetup: ['tests/api/global-setup.ts'],
};

export default defineConfig({
  test: {
    // Two files at a time (the default is one fewer than the cores: one, on the 2-core machines this runs on). Each
    // API file's apps have databases, ports and folders of their own; most of a file's time is waiting on a
    // database or a socket, so a second file fills it (the API files took 442 s one at a time, 197 s two at a time).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          exclude: MOCKING,
          ...UNIT_BASE,
          isolate: false,
        },
      },
      {
        extends: true,
        // A fresh module graph per file, in a VM context of a kept worker (vmForks) rather than a new process per file
        // (forks): 16 s of CPU against 31 s for these files, and half the wall time; the other unit files fail in a
        // VM context and gain nothing from it.
        test: {
          name: 'unit-mocking',
          include: MOCKING,
          ...UNIT_BASE,
          pool: 'vmForks',
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          exclude: [...ALONE, ...TOOLS],
          // A worker keeps the modules it loaded from one file to the next instead of loading the whole server
          // again for each (a quarter of the time went to that): every file starts its own apps, databases and
          // clock (helpers.ts) and restores what it spies on. Alone on the quiet machine: 105 s and 165 s of CPU
          // isolated, 56 s and 71 s of CPU not.
          isolate: false,
          ...API,
        },
      },
      {
        extends: true,
        test: { name: 'api-alone', include: ALONE, fileParallelism: false, ...API },
      },
      {
        extends: true,
        test: { name: 'api-tools', include: TOOLS, ...API },
      },
      {
        extends: true,
        // Real servers from the build on one PostgreSQL: `npm test` runs it after `npm run build` (its own step).
        test: {
          name: 'instances',
          include: ['tests/instances/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['tests/api/global-setup.ts'],
        },
      },
    ],
  },
  esbuild: { jsx: 'automatic' },
});
