// The server's half of `npm run build`: src/host/main.ts and what it imports, bundled by esbuild into
// dist/server/main.mjs (next to Astro's entry.mjs, so `astro build`, which empties dist/, removes a stale
// one), so `npm start` compiles no TypeScript. What a dynamic import() loads (the WebAuthn library, for the passkey
// calls) is split into dist/server/lazy/, loaded on first use: the server starts without it.
import { rmSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = new URL('../', import.meta.url);
export const SERVER_BUNDLE = fileURLToPath(new URL('dist/server/main.mjs', root));
const LAZY_DIR = fileURLToPath(new URL('dist/server/lazy/', root));
/**
 * V8's compiled code, kept from one start to the next (scripts/start.mjs): beside the build, so a new build starts
 * afresh. The build fills it with the bundle's, so that a first start reads it too, and so does a server that may
 * not write there (docs/DEPLOY.md: the service cannot write dist/).
 */
export const COMPILE_CACHE = fileURLToPath(new URL('dist/.compile-cache/', root));

/**
 * zod's error messages in English only: `z` carries every locale's (40-odd languages, a tenth of the server's code,
 * parsed at start), and only `en`, zod's default, is ever used here. Its `locales` namespace keeps `en`.
 */
const englishZod = {
  name: 'zod-english-only',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]node_modules[\\/]zod[\\/]/.test(args.importer)
        ? { path: fileURLToPath(new URL('../locales/en.js', pathToFileURL(args.importer))), namespace: 'zod-en' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'zod-en' }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(args.path)};`,
      resolveDir: root.pathname,
    }));
  },
};

/**
 * Node's own `http` and `http2`, as the server needs them, at a fraction of their start-up (measured on Node 24):
 * - `import ... from 'node:http'` makes Node build the module's ES namespace, which reads every export, and three of
 *   them (WebSocket, CloseEvent, MessageEvent) are getters that load all of undici: 43 ms, against 5 for the same
 *   module by require(). The bundle requires it and exports its plain values; the getters stay unread.
 * - `node:http2` (20 ms) is imported by @hono/node-server only to ask whether a request is an HTTP/2 one (and for
 *   a constant it uses on those). The server speaks HTTP/1.1 (src/host/shell.ts), so no request ever is: the
 *   class stands for one no object is an instance of, and the constants are read from the real module if asked.
 */
const lighterHttp = {
  name: 'lighter-node-http',
  setup(build) {
    build.onResolve({ filter: /^(node:)?http2?$/ }, (args) =>
      // The stand-ins' own require() is of the real module.
      args.namespace === 'node-http'
        ? { path: args.path, external: true }
        : { path: args.path.replace(/^node:/, ''), namespace: 'node-http' },
    );
    build.onLoad({ filter: /^http$/, namespace: 'node-http' }, async () => {
      const { createRequire } = await import('node:module');
      const http = createRequire(import.meta.url)('node:http');
      const plain = Object.keys(http).filter((name) => !Object.getOwnPropertyDescriptor(http, name).get);
      return {
        contents: `const http = require('node:http');\nexport default http;\nexport const { ${plain.join(', ')} } = http;`,
        resolveDir: root.pathname,
      };
    });
    build.onLoad({ filter: /^http2$/, namespace: 'node-http' }, () => ({
      contents: `export class Http2ServerRequest {}
export const constants = new Proxy({}, { get: (_, name) => require('node:http2').constants[name] });`,
      resolveDir: root.pathname,
    }));
  },
};

export async function buildServer() {
  // Loaded here: `npm start` imports this file (for the paths above) but builds only when the bundle is missing,
  // and every millisecond before it imports the bundle is one of its start.
  const [{ build }, { spawnSync }, { START_COMMAND, START_ENV }] = await Promise.all([
    import('esbuild'),
    import('node:child_process'),
    import('./bench/lib/start-command.mjs'),
  ]);
  rmSync(LAZY_DIR, { recursive: true, force: true });
  await build({
    entryPoints: [fileURLToPath(new URL('src/host/main.ts', root))],
    outdir: fileURLToPath(new URL('dist/server/', root)),
    entryNames: 'main',
    chunkNames: 'lazy/[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    splitting: true,
    bundle: true,
    // The packages' code is bundled too: one file loads in about half the time of the hundreds of modules they
    // are (kysely and zod alone are over 500), which is most of the start-up. Left outside: what is loaded
    // only when needed (pg for PostgreSQL, nodemailer for SMTP) and pg's optional native binding.
    external: ['pg', 'pg-native', 'nodemailer'],
    // The CommonJS packages bundled (busboy) call require() for Node's own modules.
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    platform: 'node',
    format: 'esm',
    target: 'node22',
    sourcemap: true,
    // No comments or indentation: V8 keeps the bundle's source in the heap for as long as the server runs, and
    // one character past Latin-1 in any comment (an em dash, an ellipsis) made all of it a two-byte string: 3.7 MB
    // of heap for 1.9 MB of file. Without them it is one byte a character, about 1.3 MB. The licences of the
    // packages bundled go to main.mjs.LEGAL.txt beside it (linked from the bundle); the source map maps stacks back.
    minifyWhitespace: true,
    legalComments: 'linked',
    logLevel: 'warning',
    plugins: [englishZod, lighterHttp],
  });
  // Importing the bundle runs no server (main() is called by start.mjs); the cache is written as the process exits.
  // With npm start's V8 flags: a cache made under other flags is not used.
  const warm = `require('node:module').enableCompileCache?.(${JSON.stringify(COMPILE_CACHE)});
    import(${JSON.stringify(pathToFileURL(SERVER_BUNDLE).href)});`;
  const flags = START_COMMAND[1].slice(0, -1);
  spawnSync(process.execPath, [...flags, '-e', warm], { stdio: 'inherit', env: { ...process.env, ...START_ENV } });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await buildServer();
