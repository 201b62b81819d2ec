// The end-to-end tests and the page benches drive Debian's Chromium (test tools cannot download browsers
// here). On a machine that has never seen the project it is installed with apt when we are root; elsewhere
// the missing browser is named with the command that installs it.
//
// The end-to-end tests drive Debian's old headless shell (package chromium-headless-shell), what Playwright itself
// runs for headless tests, when it is there: the full browser in its headless mode took a third more CPU for the
// same spec (admin-households.spec.ts: 8.6-10.1 s against 6.3-6.6 s). The benches measure the full browser.
import { existsSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** The browser the end-to-end tests drive: CHROMIUM_PATH, else the headless shell, else the full browser. */
export function e2eBrowser() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM;
}

/** Runs a command to its end, its output passed through; without blocking, so `npm test`'s other lines go on. */
const run = (command, args, env) =>
  new Promise((resolve) => spawn(command, args, { stdio: 'inherit', env }).on('exit', resolve).on('error', resolve));

/** Installs what is missing of the two (as root, with apt); answers whether the end-to-end browser is there. */
export async function ensureChromium() {
  const missing = [
    [CHROMIUM, 'chromium'],
    [HEADLESS_SHELL, 'chromium-headless-shell'],
  ].filter(([path]) => !existsSync(path));
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get']).status === 0;
  if (missing.length && !process.env.CHROMIUM_PATH && process.getuid?.() === 0 && hasApt) {
    const names = missing.map(([, name]) => name);
    console.warn(`Missing: installing Debian's ${names.join(' and ')}...`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    // The API tests' set-up may be installing PostgreSQL at the same moment: wait for apt's lock, not fail on it.
    const wait = ['-o', 'DPkg::Lock::Timeout=300'];
    await run('apt-get', [...wait, 'update', '-qq'], env);
    await run('apt-get', [...wait, 'install', '-y', '-qq', ...names], env);
  }
  if (existsSync(e2eBrowser())) return true;
  console.error(
    `Chromium is not at ${e2eBrowser()}: install it (apt-get install chromium chromium-headless-shell) or set CHROMIUM_PATH.`,
  );
  return false;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit((await ensureChromium()) ? 0 : 1);
