// The server's half of `npm run build`: src/server/main.ts and what it imports, bundled by esbuild into
// dist/server/main.mjs (next to Astro's entry.mjs, so `astro build`, which empties dist/, removes a stale
// one), so `npm start` compiles no TypeScript. Packages stay in node_modules.
import { build } from 'esbuild';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = new URL('../', import.meta.url);
export const SERVER_BUNDLE = fileURLToPath(new URL('dist/server/main.mjs', root));

export async function buildServer() {
  await build({
    entryPoints: [fileURLToPath(new URL('src/server/main.ts', root))],
    outfile: SERVER_BUNDLE,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node22',
    sourcemap: true,
    logLevel: 'warning',
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await buildServer();
