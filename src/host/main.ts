// The server process, where the host composes the server runtime (the API, src/server/runtime.ts) and the pages.
// `npm start` runs it bundled (scripts/start.mjs → dist/server/main.mjs) with Astro's handler and the built files
// for the pages; run directly (`node --import tsx src/host/main.ts`) it serves the API alone, as the crash test
// does. The page side (Astro's handler given the runtime's read functions, the copies of the pages that may be
// kept) is ./pages.ts. The database is migrated BEFORE the server listens; what can wait comes after: the demo
// data of an empty database outside production (its password hash takes a moment; the shell holds the requests
// that need it meanwhile), then, once the first request is answered, loading Astro's handler (a tenth of a
// second; page requests wait for it, health and the API do not) and reading the built files into memory. A
// setting or database that is not right stops it with one clear JSON line.
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig, type ServerConfig } from '../server/config';
import { afterFirstAnswer, createShell, stopOnSignals } from './shell';
import { createStaticFiles } from './static-files';
import { collectWhenIdle } from './idle-memory';
import { servePages, type AstroHandler } from './pages';
import { createRuntime } from '../server/runtime';
import { demoAccountsNotice } from '../server/seed/prepare';

/**
 * The layout of what scripts/start.mjs calls here (main's arguments): raised with each change of them, so a bundle
 * built before one (`npm start` builds only what is missing) is rebuilt instead of serving every page as the API.
 */
export const BUNDLE_LAYOUT = 3;

/** How long after listening the pages' side is made ready when no request has come before (below). */
const WARM_UP_DELAY_MS = 1000;

/** What `npm start` serves besides the API: Astro's handler (loaded after the first answer), and the built files' folder. */
export interface Site {
  loadHandler(): Promise<AstroHandler>;
  clientDir: string;
}

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

export async function main(config: ServerConfig, site?: Site): Promise<void> {
  const failed = (err: Error) =>
    fatal(`The database could not be prepared (${config.databaseUrl.replace(/\/\/[^@/]*@/, '//…@')}): ${err.message}`);
  const runtime = await createRuntime(config, { seedLater: true }).catch(failed);
  let listened!: () => void;
  const seeded = new Promise<void>((resolve) => (listened = resolve)).then(() => runtime.seedDemo());
  // A browser cannot open http://0.0.0.0/: what we print is where to point it.
  const origin = `http://${/^(0\.0\.0\.0|::|\[::\])$/.test(config.host) ? 'localhost' : config.host}:${config.port}`;
  const staticFiles = site && createStaticFiles(site.clientDir);
  const pages = site && servePages(runtime, { loadHandler: site.loadHandler, clientDir: site.clientDir });
  const shell = createShell({
    api: runtime.app,
    pages: pages?.render,
    staticFiles,
    pageResponses: pages?.pageResponses,
    onPage: runtime.views.observePage,
    ready: seeded,
    logRequests: config.logRequests,
  });
  shell.server.once('error', (err) => fatal(`Could not listen on ${config.host}:${config.port}: ${err.message}`));
  await new Promise<void>((resolve) => shell.server.listen(config.port, config.host, resolve));
  // What only pages and the build's files need is made ready once the first request has been answered (a page or
  // file request makes it ready itself) or a second after listening, whichever comes first: Astro's handler holds
  // the event loop for 40-140 ms while its code loads, reading the build into memory for a few more, and the first
  // request, usually a health check saying the server is up, need not wait behind either.
  const warmUp = () => {
    void staticFiles?.load();
    void pages?.load().catch((err: Error) => fatal(`The site could not be loaded: ${err.message}`));
  };
  if (site) afterFirstAnswer(shell.server, warmUp, WARM_UP_DELAY_MS);
  const url = `http://${config.host}:${config.port}/`;
  // Milliseconds since the process started, so the figure includes loading the code.
  const startup = Math.round(performance.now());
  console.log(
    JSON.stringify({ time: new Date().toISOString(), level: 'info', msg: 'listening', url, startup_ms: startup }),
  );
  console.log(
    site
      ? `Serving on ${origin}/ (the staff portal at ${origin}/login, the members' pages at ${origin}/my)`
      : `Serving the API on ${origin}/api/v1/`,
  );
  stopOnSignals(shell, runtime.close);
  collectWhenIdle(shell.server);
  listened();
  seeded.then((created) => {
    if (created) console.log(demoAccountsNotice(origin, Boolean(config.smtpUrl)));
  }, failed);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main(configOrExit());
