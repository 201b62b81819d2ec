import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';
import { e2eBrowser } from './scripts/ensure-chromium.mjs';

// End-to-end tests drive Debian's Chromium, its headless shell where installed (scripts/ensure-chromium.mjs; test
// tools cannot download browsers here), against the built app started exactly as `npm start` does, on a throw-away
// database under test-results/.
//
// E2E_WORKERS (default 1) workers take the spec files one at a time from one queue, each against a server and
// database of its own: the app on E2E_PORT + its slot (Playwright's TEST_PARALLEL_INDEX, 0 to E2E_WORKERS - 1, which
// a worker started again after a failure keeps), so a server only ever serves one test at a time. This file is read by
// the runner, which starts every slot's servers (webServer, one after another), and again by each worker, which takes
// its own slot's. Set the number with E2E_WORKERS, not --workers: the servers are started for E2E_WORKERS slots.
const firstPort = Number(process.env.E2E_PORT ?? 4390);
const workers = Number(process.env.E2E_WORKERS ?? 1);
const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const appUrl = (port: number) => `http://127.0.0.1:${port}`;
const dataDirOf = (port: number) => `test-results/e2e-data-${port}`;
if (slot >= workers) throw new Error(`worker slot ${slot} has no server: set E2E_WORKERS, not --workers`);
const port = firstPort + slot;
// Workers inherit this: tests that must reach the server's database (e.g. a reset token) find it here.
process.env.E2E_DATA_DIR = dataDirOf(port);

/**
 * A slot's two servers. A fake Paystack (tests/api/paystack-fake.ts) for /give, 100 above the app's port: the app's
 * PAYSTACK_BASE_URL points at it, and its webhooks go to that app. Then the app.
 */
type WebServer = Extract<PlaywrightTestConfig['webServer'], unknown[]>[number];
const serversOf = (port: number): WebServer[] => {
  const paystackPort = port + 100;
  const paystackUrl = `http://127.0.0.1:${paystackPort}`;
  return [
    {
      command: 'node --import tsx tests/e2e/paystack-server.ts',
      url: `${paystackUrl}/transaction/verify/none`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { E2E_PAYSTACK_PORT: String(paystackPort), E2E_APP_URL: appUrl(port) },
    },
    {
      command: `rm -rf ${dataDirOf(port)} && node scripts/start.mjs`,
      // Held by the server until the demo data is in (it seeds an empty database right after listening), so no spec
      // starts before the data it plants beside or signs in with.
      url: `${appUrl(port)}/api/v1/sermons/`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: `file:./${dataDirOf(port)}/church.db`,
        DATA_DIR: dataDirOf(port),
        PUBLIC_DEBUG: 'true',
        NODE_ENV: 'test',
        // Every spec posts from 127.0.0.1: the per-address limit is tested by the API tests, not here.
        PUBLIC_RATE_LIMIT: '1000',
        // Cheap password hashes (as the API tests have them; never in production, src/server/config.ts): the specs
        // sign in through the API a hundred times and more, and hashing is not what they test.
        ARGON2_TEST_MEMORY_KIB: '64',
        PAYSTACK_SECRET_KEY: 'sk_test_fake_0123456789abcdef',
        PAYSTACK_BASE_URL: paystackUrl,
      },
    },
  ];
};

export default defineConfig({
  testDir: 'tests/e2e',
  // Each run its own results folder (two runs at once need an E2E_PORT each): Playwright empties it at the start, and a
  // shared one would lose the other run's traces.
  outputDir: `test-results/run-${firstPort}`,
  // A spec file's tests run in order, in one worker (after a failure, its remaining tests go to the next worker free).
  fullyParallel: false,
  workers,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: appUrl(port),
    // A trace is recorded only when a failed test is tried again (CI retries once; `--trace on` records them all):
    // recording every test to keep the failures' took a third of the tests' time (admin-households.spec.ts: 58-66 s
    // with, 41-42 s without, on a busy machine).
    trace: 'on-first-retry',
    // Each test in a context of its own, Playwright's default. One context kept per worker and reset between tests
    // (`reuseContext: true`) spared the browser little: the end-to-end step took 468 s of CPU against 480 s, as a
    // test's cost is in its pages (their scripts, styles and axe scans), not in opening a context; and a passkey test
    // then failed on what the test before it had left in the browser (a virtual authenticator).
    launchOptions: {
      executablePath: e2eBrowser(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // V8 without its optimising compilers (Maglev, TurboFan): a test's page lives a few seconds, too short for
        // optimised code to pay back its compiling, which ran on background threads of every renderer. The code means
        // the same either way. The end-to-end step, side by side on this machine: 401 s of CPU against 420 s (two
        // runs each), 216 s against 225 s of wall time.
        '--js-flags=--no-opt --no-maglev',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: Array.from({ length: workers }, (_, i) => serversOf(firstPort + i)).flat(),
});
