// The server's half of `npm run build`: src/host/main.ts and what it imports, bundled by esbuild into
// dist/server/main.mjs (next to Astro's entry.mjs, so `astro build`, which empties dist/, removes a stale
// one), so `npm start` compiles no TypeScript.
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = new URL('../', import.meta.url);
export const SERVER_BUNDLE = fileURLToPath(new URL('dist/server/main.mjs', root));

export async function buildServer() {
  // Loaded here: `npm start` imports this file but builds only when the bundle is missing.
  const { build } = await import('esbuild');
  await build({
    entryPoints: [fileURLToPath(new URL('src/host/main.ts', root))],
    outfile: SERVER_BUNDLE,
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
    logLevel: 'warning',
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await buildServer();
