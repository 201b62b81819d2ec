// The server process, where the host composes the server runtime (the API, src/server/runtime.ts) and the pages.
// `npm start` runs it bundled (scripts/start.mjs → dist/server/main.mjs) with Astro's handler and the built files
// for the pages; run directly (`node --import tsx src/host/main.ts`) it serves the API alone, as the crash test
// does. The page side (Astro's handler given the runtime's read functions, the copies of the pages that may be
// kept) is ./pages.ts. The database is migrated BEFORE the server listens, and the health check answered from
// then on; what can wait comes after, once the first request is answered (or a second after listening): the
// runtime (its code is a lazy part of the bundle), the demo data of an empty database outside production (its
// password hash takes a moment), Astro's handler (a tenth of a second) and the built files read into memory.
// Meanwhile the shell holds the requests that need them. A setting or database that is not right stops it with
// one clear JSON line.
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig, type ServerConfig } from '../server/config';
import { prepareDatabase } from '../server/db/prepare';
import { healthApp } from '../server/health/routes';
import type { Runtime } from '../server/runtime';
import { afterFirstAnswer, createShell, stopOnSignals } from './shell';
import { createStaticFiles } from './static-files';
import { collectWhenIdle } from './idle-memory';
import { servePages, type AstroHandler, type Pages } from './pages';
import { createResponseCache } from './response-cache';

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
  // Migrated before listening: a server that answers has the schema its code expects.
  const database = await prepareDatabase(config).catch(failed);
  // A browser cannot open http://0.0.0.0/: what we print is where to point it.
  const origin = `http://${/^(0\.0\.0\.0|::|\[::\])$/.test(config.host) ? 'localhost' : config.host}:${config.port}`;
  const staticFiles = site && createStaticFiles(site.clientDir);
  const pageResponses = site && createResponseCache();
  // The rest of the server (the API's features, the background jobs, the pages' read functions: the runtime, two
  // thirds of the server's code and of its start) is made after listening, then the demo data of an empty database.
  // The health check is answered meanwhile (by the route alone); every other request waits for it (./shell.ts).
  let runtime: Runtime | undefined;
  let pages: Pages | undefined;
  let starting: Promise<void> | undefined;
  let stopping = false;
  const cannotStart = (err: Error) => fatal(`The server could not start: ${err.message}`);
  // Never started once the server is stopping: by then it takes no request and has answered those it held, and the
  // warm-up's timer may still fire while the database closes.
  const ready = () =>
    (starting ??= stopping
      ? new Promise<void>(() => {})
      : (async () => {
          const [{ createRuntime }, { demoAccountsNotice }] = await Promise.all([
            import('../server/runtime'),
            import('../server/seed/prepare'),
          ]);
          const made = await createRuntime(config, { seedLater: true, database });
          pages = site && servePages(made, { loadHandler: site.loadHandler, clientDir: site.clientDir, pageResponses });
          runtime = made;
          if (await made.seedDemo()) console.log(demoAccountsNotice(origin, Boolean(config.smtpUrl)));
        })().catch(cannotStart));
  const health = healthApp({ database });
  const shell = createShell({
    api: { fetch: (...call: Parameters<Runtime['app']['fetch']>) => (runtime?.app ?? health).fetch(...call) },
    pages: site && ((req, res) => pages!.render(req, res)),
    staticFiles,
    pageResponses,
    onPage: (req, res) => runtime!.views.observePage(req, res),
    ready,
    logRequests: config.logRequests,
  });
  shell.server.once('error', (err) => fatal(`Could not listen on ${config.host}:${config.port}: ${err.message}`));
  await new Promise<void>((resolve) => shell.server.listen(config.port, config.host, resolve));
  // The rest is made once the first request has been answered (a request that needs it makes it itself) or a
  // second after listening, whichever comes first; then Astro's handler is loaded and the build's files read into
  // memory. Loading the runtime's code holds the event loop for a tenth of a second, Astro's for 40-140 ms, and the
  // first request, usually a health check saying the server is up, need not wait behind either.
  const warmUp = () => {
    void staticFiles?.load();
    void ready().then(() => pages?.load().catch((err: Error) => fatal(`The site could not be loaded: ${err.message}`)));
  };
  afterFirstAnswer(shell.server, warmUp, WARM_UP_DELAY_MS);
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
  // A stop while the rest is being made waits for it, so that what it opened is closed too.
  stopOnSignals(shell, async () => {
    stopping = true;
    await starting;
    await (runtime ? runtime.close() : database.close());
  });
  collectWhenIdle(shell.server);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main(configOrExit());
