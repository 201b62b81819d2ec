/* global document, window, performance, MutationObserver, requestAnimationFrame -- the evaluate() callbacks run in the page */
// Staff portal figures, measured in Chromium against the built app (run `npm run build` first):
//   1. JavaScript downloaded (gzip) for /login, and for the first admin screen after sign-in;
//   2. time to filter the users table on one keystroke with BENCH_MEMBERS sample members (default 10,000);
//   3. time from a sidebar click to each content screen rendered (lazy chunk fetched, then cached).
// It starts its own server on a throw-away database (BENCH_PORT, default 4451), seeds it with
// `db:seed --members $BENCH_MEMBERS` (timed), and stops the server at the end.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { waitForHealth } from './lib/health.mjs';
import { START_COMMAND, START_ENV } from './lib/start-command.mjs';

const port = Number(process.env.BENCH_PORT ?? 4451);
const members = Number(process.env.BENCH_MEMBERS ?? 10_000);
const base = `http://127.0.0.1:${port}`;
const dataDir = `test-results/bench-portal-${port}`;
const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: `file:./${dataDir}/church.db`,
  NODE_ENV: 'test',
  PUBLIC_DEBUG: 'false',
};

if (!existsSync(new URL('../../dist/server/entry.mjs', import.meta.url))) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}
rmSync(dataDir, { recursive: true, force: true });
const seedStarted = performance.now();
const seeded = spawnSync(
  process.execPath,
  ['node_modules/tsx/dist/cli.mjs', 'src/server/cli/seed.ts', '--members', String(members)],
  {
    env,
    encoding: 'utf8',
  },
);
if (seeded.status !== 0) {
  console.error(seeded.stderr || seeded.stdout);
  process.exit(1);
}
console.log(seeded.stdout.trim());
console.log(
  `db:seed --members ${members} (SQLite), tsx start-up included: ${(performance.now() - seedStarted).toFixed(0)} ms`,
);

const server = spawn(...START_COMMAND, { env: { ...env, ...START_ENV }, stdio: ['ignore', 'ignore', 'inherit'] });
const stop = () => server.exitCode === null && server.kill('SIGTERM');
process.on('exit', stop);

/** Records every JavaScript response of the page; gzip size computed from the body. */
function recordJs(page) {
  const files = new Map();
  page.on('response', async (res) => {
    const type = res.headers()['content-type'] ?? '';
    if (!/javascript/.test(type) && !res.url().endsWith('.js')) return;
    try {
      const body = await res.body();
      files.set(res.url(), { raw: body.length, gzip: gzipSync(body).length });
    } catch {
      // redirects and aborted loads have no body
    }
  });
  return files;
}
const total = (files) =>
  [...files.values()].reduce((a, f) => ({ raw: a.raw + f.raw, gzip: a.gzip + f.gzip }), { raw: 0, gzip: 0 });
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

try {
  await waitForHealth(base);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
  const context = await browser.newContext();
  const page = await context.newPage();

  // 1a. /login from a cold cache.
  let files = recordJs(page);
  await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
  const login = total(files);
  console.log(`/login JS: ${files.size} files, ${kb(login.raw)} raw, ${kb(login.gzip)} gzip`);

  // 1b. Sign in; the dashboard loads (the first admin screen), on a fresh cache so it counts everything.
  await page.getByLabel('Username').fill('superadmin');
  await page.locator('input[name="password"]').fill('Demo1234!');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/admin/dashboard');
  const fresh = await browser.newContext({ storageState: await context.storageState() });
  const adminPage = await fresh.newPage();
  files = recordJs(adminPage);
  await adminPage.goto(`${base}/admin/users`, { waitUntil: 'networkidle' });
  await adminPage.getByTestId('user-row').first().waitFor();
  const admin = total(files);
  const chunks = [...files.entries()].sort((a, b) => b[1].gzip - a[1].gzip);
  console.log(`/admin/users (cold) JS: ${files.size} files, ${kb(admin.raw)} raw, ${kb(admin.gzip)} gzip`);
  for (const [url, f] of chunks.slice(0, 6)) console.log(`  ${kb(f.gzip).padStart(9)}  ${new URL(url).pathname}`);
  const usersChunk = chunks.find(([url]) => /UsersScreen/.test(url));
  if (usersChunk) console.log(`  UsersScreen lazy chunk: ${kb(usersChunk[1].gzip)} gzip`);

  // 2. Filter every user on one keystroke: from keydown to the table showing the filtered rows. The table renders
  // only the rows in view, so the total is read from the count line, not from the rows.
  adminPage.on('crash', () => console.error('page crashed'));
  adminPage.on('pageerror', (e) => console.error('page error', e.message));
  const count = Number(/of (\d+)/.exec(await adminPage.getByTestId('users-count').textContent())[1]);
  const rows = await adminPage.getByTestId('user-row').count();
  const search = adminPage.getByPlaceholder('Search users by name, email, or phone...');
  // Typing "mensah" one key at a time, as a person would; each key narrows the list. Then Backspace back to the
  // empty box: the last one brings every user back.
  const word = process.env.BENCH_SEARCH ?? 'mensah';
  await search.fill('');
  await adminPage
    .getByTestId('users-count')
    .filter({ hasText: `Showing ${count} of` })
    .waitFor();
  const timeKey = async (key) => {
    const measure = adminPage.evaluate(
      () =>
        new Promise((resolve) => {
          const input = document.querySelector('input[placeholder^="Search users"]');
          const counter = () => document.querySelector('[data-testid="users-count"]')?.textContent ?? '';
          const before = counter();
          let start = 0;
          input.addEventListener('keydown', () => (start = performance.now()), { once: true, capture: true });
          const observer = new MutationObserver(() => {
            if (start && counter() !== before) {
              observer.disconnect();
              // Include the paint: the next frame after the DOM change.
              requestAnimationFrame(() => resolve({ ms: performance.now() - start, shown: counter() }));
            }
          });
          observer.observe(document.body, { subtree: true, childList: true, characterData: true });
          // A key that does not change the match count leaves nothing to observe.
          setTimeout(() => {
            observer.disconnect();
            resolve({ ms: NaN, shown: before });
          }, 3000);
        }),
    );
    await search.press(key);
    return { key, ...(await measure) };
  };
  const timings = [];
  for (const ch of word) timings.push(await timeKey(ch));
  for (let i = 0; i < word.length; i++) timings.push(await timeKey('Backspace'));
  console.log(`Filter ${count} users (${rows} rows in the DOM), typing "${word}" (keydown to painted table):`);
  for (const t of timings)
    console.log(`  '${t.key}': ${Number.isNaN(t.ms) ? 'count unchanged' : `${t.ms.toFixed(0)} ms`}  (${t.shown})`);

  // Scrolling to the end of the list: from the jump to the page's end to the last user's row painted.
  const lastRow = await adminPage.evaluate(async () => {
    const start = performance.now();
    window.scrollTo(0, document.documentElement.scrollHeight);
    return new Promise((resolve) => {
      const poll = () => {
        const rows = document.querySelectorAll('[data-testid="user-row"]');
        const last = rows[rows.length - 1];
        const table = document.querySelector('table[aria-rowcount]');
        if (last && last.getAttribute('aria-rowindex') === table?.getAttribute('aria-rowcount'))
          requestAnimationFrame(() => resolve({ ms: performance.now() - start, rows: rows.length }));
        else requestAnimationFrame(poll);
      };
      poll();
    });
  });
  console.log(
    `Scroll to the end of ${count} users: last row painted in ${lastRow.ms.toFixed(0)} ms (${lastRow.rows} rows in the DOM)`,
  );
  await adminPage.evaluate(() => window.scrollTo(0, 0));

  // 3. Sidebar click to rendered screen, measured in the page (the driver's round trips not counted).
  // Two rounds: the first fetches each lazy chunk, the second shows the render cost alone.
  const screens = [
    ['Sermons', 'Sermon Management'],
    ['Prayers', 'Prayer Management'],
    ['Events', 'Event Management'],
    ['Analytics', 'Analytics'],
    ['Dashboard', 'Welcome back'],
    ['Users', 'User Management'],
  ];
  console.log('Sidebar click to rendered screen:');
  for (const round of ['cold', 'warm']) {
    const line = [];
    for (const [link, heading] of screens) {
      const measure = adminPage.evaluate(
        (text) =>
          new Promise((resolve) => {
            let start = 0;
            document.addEventListener('click', () => (start = performance.now()), { capture: true, once: true });
            const poll = () => {
              const h1 = document.querySelector('main h1');
              if (start && h1?.textContent?.includes(text)) resolve(performance.now() - start);
              else requestAnimationFrame(poll);
            };
            poll();
          }),
        heading,
      );
      await adminPage.getByRole('complementary').getByRole('link', { name: link, exact: true }).click();
      line.push(`${link} ${(await measure).toFixed(0)} ms`);
    }
    console.log(`  ${round}: ${line.join(', ')}`);
  }
  await browser.close();
} finally {
  stop();
}
