// The server process. `npm start` runs it bundled (scripts/start.mjs → dist/server/main.mjs) with Astro's
// handler for the pages; run directly (`node --import tsx src/server/main.ts`) it serves the API alone,
// as the crash test does. The database is migrated (and seeded outside production) BEFORE the server
// listens, and a setting or database that is not right stops it with one clear JSON line.
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig, type ServerConfig } from './config';
import { createShell, stopOnSignals, type NodeHandler } from './http/shell';
import { createRuntime } from './runtime';

function fatal(msg: string): never {
  console.error(JSON.stringify({ level: 'fatal', msg }));
  process.exit(1);
}

/** The configuration, or exit with what is wrong (e.g. JWT_SECRET missing in production). */
export function configOrExit(): ServerConfig {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fatal(err.message);
    throw err;
  }
}

export async function main(config: ServerConfig, pages?: NodeHandler): Promise<void> {
  const runtime = await createRuntime(config).catch((err: Error) =>
    fatal(`The database could not be prepared (${config.databaseUrl.replace(/\/\/[^@/]*@/, '//…@')}): ${err.message}`),
  );
  const shell = createShell({
    api: runtime.app,
    pages,
    pageResponses: runtime.pageResponses,
    onPage: runtime.views.observePage,
    logRequests: config.logRequests,
  });
  shell.server.once('error', (err) => fatal(`Could not listen on ${config.host}:${config.port}: ${err.message}`));
  await new Promise<void>((resolve) => shell.server.listen(config.port, config.host, resolve));
  const url = `http://${config.host}:${config.port}/`;
  // Milliseconds since the process started, so the figure includes loading the code.
  console.log(JSON.stringify({ level: 'info', msg: 'listening', url, startup_ms: Math.round(performance.now()) }));
  console.log(`Serving on ${url}`);
  stopOnSignals(shell, runtime.close);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main(configOrExit());
