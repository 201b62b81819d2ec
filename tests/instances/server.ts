// What the tests of the built server share: a free loopback port, and `npm start`'s script started on it over a
// data directory of the test's, with the test's environment, ready once a probe answers (each probe gives up after a
// second: right after a kill, one may meet the dead server's kept-alive connection and hang).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { TEST_ENV } from '../api/helpers';

export const root = new URL('../../', import.meta.url).pathname;

/** Refuses to run without a build: these tests start what `npm run build` made (npm test builds first). */
export function needsBuild(...files: string[]) {
  for (const file of ['dist/server/main.mjs', ...files])
    if (!existsSync(join(root, file)))
      throw new Error('No build in dist/: run `npm run build` before this test (npm test does).');
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

export interface BuiltServer {
  child: ChildProcess;
  origin: string;
  /** Everything it wrote so far (stdout and stderr). */
  output(): string;
}

/**
 * Starts the built server on a new port; resolves once `ready(origin)` is true (default: /api/v1/health/ answers
 * 200), throws with its output if it exits or takes over 30 s.
 */
export async function startBuiltServer(
  dataDir: string,
  env: Record<string, string>,
  ready: (origin: string, signal: AbortSignal) => Promise<boolean> = (origin, signal) =>
    fetch(`${origin}/api/v1/health/`, { signal }).then((r) => r.ok),
): Promise<BuiltServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      ...TEST_ENV,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: `file:${join(dataDir, 'church.db')}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  for (const started = performance.now(); ; await sleep(10)) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${output}`);
    if (performance.now() - started > 30_000) throw new Error('the server did not start');
    if (await ready(origin, AbortSignal.timeout(1000)).catch(() => false)) break;
  }
  return { child, origin, output: () => output };
}

/** Resolves once the process has ended: killed by a signal it has a signal code and no exit code. */
export const ended = (child: ChildProcess) =>
  new Promise((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve),
  );
