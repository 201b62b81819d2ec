import { defineConfig, devices } from '@playwright/test';
import { e2eBrowser } from './scripts/ensure-chromium.mjs';

// End-to-end tests drive Debian's Chromium, its headless shell where installed (scripts/ensure-chromium.mjs; test
// tools cannot download browsers here), against the built app started exactly as `npm start` does, on a throw-away
// database under test-results/.
const port = Number(process.env.E2E_PORT ?? 4390);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = `test-results/e2e-data-${port}`;
// A fake Paystack (tests/api/paystack-fake.ts) for /give: the app's PAYSTACK_BASE_URL points at it. Its port is
// 100 above the app's (npm test runs its parts on neighbouring ports).
const paystackPort = port + 100;
// Workers inherit this: tests that must reach the server's database (e.g. a reset token) find it here.
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: 'tests/e2e',
  // Each run (npm test runs its parts at once, a port each) its own results folder: Playwright empties it at the start,
  // and a shared one would lose the other run's traces and its server's database under test-results/.
  outputDir: `test-results/run-${port}`,
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    // A trace is recorded only when a failed test is tried again (CI retries once; `--trace on` records them all):
    // recording every test to keep the failures' took a third of the tests' time (admin-households.spec.ts: 58-66 s
    // with, 41-42 s without, on a busy machine).
    trace: 'on-first-retry',
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
  webServer: [
    {
      command: 'node --import tsx tests/e2e/paystack-server.ts',
      url: `http://127.0.0.1:${paystackPort}/transaction/verify/none`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { E2E_PAYSTACK_PORT: String(paystackPort), E2E_APP_URL: baseURL },
    },
    {
      command: `rm -rf ${dataDir} && node scripts/start.mjs`,
      // Held by the server until the demo data is in (it seeds an empty database right after listening), so no spec
      // starts before the data it plants beside or signs in with.
      url: `${baseURL}/api/v1/sermons/`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: `file:./${dataDir}/church.db`,
        DATA_DIR: dataDir,
        PUBLIC_DEBUG: 'true',
        NODE_ENV: 'test',
        // Every spec posts from 127.0.0.1: the per-address limit is tested by the API tests, not here.
        PUBLIC_RATE_LIMIT: '1000',
        // Cheap password hashes (as the API tests have them; never in production, src/server/config.ts): the specs
        // sign in through the API a hundred times and more, and hashing is not what they test.
        ARGON2_TEST_MEMORY_KIB: '64',
        PAYSTACK_SECRET_KEY: 'sk_test_fake_0123456789abcdef',
        PAYSTACK_BASE_URL: `http://127.0.0.1:${paystackPort}`,
      },
    },
  ],
});
