// The end-to-end tests and the page benches drive Debian's Chromium (test tools cannot download browsers
// here). On a machine that has never seen the project it is installed with apt when we are root; elsewhere
// the missing browser is named with the command that installs it.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get']).status === 0;
  if (process.getuid?.() === 0 && hasApt) {
    console.warn("Chromium is missing: installing Debian's chromium...");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  }
  if (existsSync(CHROMIUM)) return true;
  console.error(`Chromium is not at ${CHROMIUM}: install it (apt-get install chromium) or set CHROMIUM_PATH.`);
  return false;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(ensureChromium() ? 0 : 1);
