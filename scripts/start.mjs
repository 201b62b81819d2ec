// `npm start`: builds what is missing (everything with FORCE_BUILD=true), then runs the server in this process:
// the configuration is checked, the database migrated before listening (the demo data of an empty database
// outside production right after), and the site, the admin portal and the API are served from one port
// (src/host/main.ts). With a build present it answers within a second: nothing here walks the build.
import { existsSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildServer, COMPILE_CACHE, SERVER_BUNDLE } from './build-server.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const astroEntry = new URL('../dist/server/entry.mjs', import.meta.url);
// V8's compiled code of the server bundle, Astro's handler and the packages they load, kept on disk from one start
// to the next (build-server.mjs): a start reads it instead of compiling that code again. A folder that cannot be
// written only means nothing is added to it. Node 22.1 and later: an older Node (the system's 20) starts without it.
nodeModule.enableCompileCache?.(COMPILE_CACHE);
// The configuration is checked by the server bundle, so that is built first (esbuild, well under a second):
// when it is missing, and with FORCE_BUILD=true (or 1), so that the check is the current one.
const forced = /^(true|1)$/i.test(process.env.FORCE_BUILD?.trim() ?? '');
if (forced || !existsSync(SERVER_BUNDLE)) await buildServer();
let server = await import(pathToFileURL(SERVER_BUNDLE).href);
// A bundle built before main()'s arguments last changed (src/host/main.ts, BUNDLE_LAYOUT) is built again.
const LAYOUT = 3;
if (server.BUNDLE_LAYOUT !== LAYOUT) {
  await buildServer();
  server = await import(`${pathToFileURL(SERVER_BUNDLE).href}?layout=${LAYOUT}`);
}
// A wrong setting (e.g. no JWT_SECRET in production) is reported before the site build, which takes a while.
const config = server.configOrExit();

if (config.forceBuild || !existsSync(astroEntry)) {
  const { spawnSync } = await import('node:child_process');
  const astro = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
    stdio: 'inherit',
    cwd: root,
  });
  if (astro.status !== 0) process.exit(astro.status ?? 1);
  await buildServer(); // `astro build` empties dist/: write the server bundle again for the next start
}

// Astro's handler is loaded, and the built files read into memory, once the server listens; the files are served
// before Astro (src/host/static-files.ts).
await server.main(config, {
  loadHandler: async () => {
    const entry = await import(astroEntry.href);
    // A site built before the host took Astro's handler in middleware mode would render pages without their locals.
    if (entry.options?.mode !== 'middleware') {
      throw new Error('dist/ holds a site built for an older server: build it again (npm run build)');
    }
    // Written now, not only at exit: a server that is killed, not stopped, still leaves it for the next start.
    nodeModule.flushCompileCache?.();
    return entry.handler;
  },
  clientDir: fileURLToPath(new URL('../dist/client/', import.meta.url)),
});
