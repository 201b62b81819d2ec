// The command `npm start` runs (package.json's start script: its environment settings, node, node's flags,
// scripts/start.mjs), so that the benchmarks measure the server as it is started, memory settings included,
// without npm's own start-up in front.
import { readFileSync } from 'node:fs';

const root = new URL('../../../', import.meta.url).pathname;
const script = JSON.parse(readFileSync(`${root}package.json`, 'utf8')).scripts.start;
const words = script.trim().split(/\s+/);
const settings = {};
while (/^[A-Z_][A-Z0-9_]*=/.test(words[0])) {
  const [name, ...value] = words.shift().split('=');
  settings[name] = value.join('=');
}
if (words.shift() !== 'node') throw new Error(`package.json's start script should run node: ${script}`);

/** The start script's environment settings (e.g. the C library's memory settings), to add to a spawn's env. */
export const START_ENV = settings;
/** spawn(...START_COMMAND, { cwd: root, env: { ...env, ...START_ENV } }) starts the server as `npm start` does. */
export const START_COMMAND = [process.execPath, words];

/**
 * The environment of a bench's server on this machine: the process's own, the test mode (the demo accounts), the
 * address and port, its throw-away folder and database (a SQLite file in the folder unless given), no request log.
 * Add START_ENV where the server is started as `npm start` starts it, and the bench's own settings after.
 */
export function serverEnv({ port, dir, databaseUrl = `file:${dir}/church.db` }) {
  return {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dir,
    DATABASE_URL: databaseUrl,
    LOG_REQUESTS: '0',
  };
}
