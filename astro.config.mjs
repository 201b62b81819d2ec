// @ts-check
/* global Response */
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { getRequestListener } from '@hono/node-server';
import { DEFAULT_SITE, readEnv } from './src/server/config';
import { isApiPath } from './src/host/shell';
import { setApiDefaults } from './src/server/http/headers';
import { precompressDir } from './src/host/precompress';
import { INLINE_SCRIPTS } from './src/lib/shared/site/inline-scripts';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

/** A shared chunk of the browser's scripts smaller than this (source bytes, before minifying) is copied into each
 * chunk that imports it: fewerScripts(). */
const COMMON_CHUNK_INLINE_BELOW = 16 * 1024;

/**
 * `npm run dev`: the API on the dev server's port, as `npm start` serves it, and the pages given the runtime's read
 * functions in Astro.locals, as the host gives them (src/host/main.ts). The API code is loaded through Vite, so an
 * edit to it is picked up on the next request (with a fresh app over a fresh connection). No page is kept: the
 * host's page copies are `npm start`'s only.
 * @returns {import('astro').AstroIntegration}
 */
function apiOnDevServer() {
  return {
    name: 'church-api-on-dev-server',
    hooks: {
      'astro:server:setup': ({ server }) => {
        /** @type {{ module: unknown, runtime: Promise<import('./src/server/runtime').Runtime> } | undefined} */
        let loaded;
        const runtime = async () => {
          const module = await server.ssrLoadModule('/src/server/runtime.ts');
          if (loaded?.module !== module) {
            const previous = loaded;
            loaded = { module, runtime: module.createRuntime() };
            previous?.runtime.then((r) => r.close()).catch(() => undefined);
          }
          return loaded.runtime;
        };
        const listener = getRequestListener(async (request, env) => (await runtime()).app.fetch(request, env), {
          overrideGlobalObjects: false,
          errorHandler: (err) => {
            console.error(err);
            return Response.json({ detail: 'The API could not start: see the dev server output.' }, { status: 503 });
          },
        });
        server.middlewares.use((req, res, next) => {
          if (isApiPath(req.url)) {
            setApiDefaults(res);
            return void listener(req, res);
          }
          // Astro's dev server takes a request's Astro.locals from this symbol (what @astrojs/node's handler takes
          // as its `locals` argument in `npm start`).
          runtime().then((r) => {
            Reflect.set(req, Symbol.for('astro.locals'), { content: r.reader, giving: r.giving, members: r.members });
            next();
          }, next);
        });
        // The pages read sermons and events through the runtime, so it starts with the dev server, not on the
        // first request.
        server.httpServer?.once('listening', () => void runtime().catch((err) => console.error(err)));
      },
    },
  };
}

/**
 * The build's last step: a brotli and a gzip copy beside every compressible file of dist/client, which the
 * server sends to browsers that accept them (src/host/static-files.ts). Listed last, so that the files
 * other integrations write when the build is done (the sitemap) are compressed too.
 * @returns {import('astro').AstroIntegration}
 */
function precompressBuild() {
  return {
    name: 'church-precompress',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const r = await precompressDir(fileURLToPath(dir));
        const kb = (/** @type {number} */ n) => `${Math.round(n / 1024)} KB`;
        logger.info(
          `${r.files} files compressed in ${Math.round(performance.now() - started)} ms: ${kb(r.bytes)} → ${kb(r.brotliBytes)} brotli, ${kb(r.gzipBytes)} gzip`,
        );
      },
    },
  };
}

/**
 * Fewer, larger scripts for the browser. Automatic code splitting put every module shared by a different set of
 * islands and portal screens in a chunk of its own: a phone's first /login fetched 17 scripts (most under 1 KB, each
 * found only once the one importing it had arrived), a portal page 40. Rolldown's inline common chunks copy a shared
 * chunk smaller than COMMON_CHUNK_INLINE_BELOW into each chunk that imports it instead (its runtime keeps one state
 * per module, and a page still loads only the modules it reaches): /login loads 6 scripts and 8 KB less as they
 * travel, a portal page 11, and a walk through all 21 screens in one tab 33 script files instead of 87, for 18% more
 * bytes (289 KB brotli against 244 KB: a copy travels once per screen holding it). 8 KB left a portal page 16
 * scripts; 32 KB made /login heavier. A portal page load costs Chromium about a tenth less CPU.
 *
 * Inlining needs `preserveEntrySignatures: false`, which lets Rolldown drop the exports nothing in the bundle imports:
 * an island's component, which Astro's loader imports by URL. So the plugin emits each entry itself, its exports kept
 * (`preserveSignature`), instead of passing it as `input`. The client build only: the server's chunks are read from
 * disk, not downloaded.
 * @returns {import('vite').Plugin}
 */
function fewerScripts() {
  /** @type {[string | undefined, string][]} */
  let entries = [];
  return {
    name: 'church-fewer-scripts',
    applyToEnvironment: (environment) => environment.name === 'client',
    configEnvironment(name) {
      if (name !== 'client') return;
      const inline = {
        maxSize: COMMON_CHUNK_INLINE_BELOW,
        exclude: /\.(css|scss|sass|less|styl|stylus|pcss|postcss|sss)(\?|$)/,
      };
      return {
        build: {
          rolldownOptions: {
            preserveEntrySignatures: false,
            output: { codeSplitting: { experimentalInlineCommonChunks: inline } },
          },
        },
      };
    },
    options(options) {
      const { input } = options;
      if (!input) return; // the dev server's
      /** @type {(id: string) => [undefined, string]} */
      const unnamed = (id) => [undefined, id];
      entries =
        typeof input === 'string'
          ? [unnamed(input)]
          : Array.isArray(input)
            ? input.map(unnamed)
            : Object.entries(input);
      return { ...options, input: {} };
    },
    buildStart() {
      for (const [name, id] of entries) this.emitFile({ type: 'chunk', id, name, preserveSignature: 'exports-only' });
    },
  };
}

const site = readEnv().SITE ?? DEFAULT_SITE;

export default defineConfig({
  // The public origin used for canonical URLs, Open Graph, the sitemap and feeds.
  site,
  output: 'static',
  // Only its handler is used: the host serves it next to the API (src/host/pages.ts), in middleware mode, the
  // mode whose handler takes each page's Astro.locals.
  adapter: node({ mode: 'middleware' }),
  integrations: [
    react(),
    sitemap({
      filter: (page) => !/\/(admin|debug|auth-test|login|forgot-password|reset-password)/.test(page),
      // The sermon pages are rendered on demand from the database: their own sitemap lists them.
      customSitemaps: [new URL('/sitemap-sermons.xml', site).href],
    }),
    apiOnDevServer(),
    precompressBuild(),
  ],
  // No page renders Markdown through Astro (the church's copy is YAML; sermon notes go through markdown-it,
  // src/lib/content/sermon-notes.ts), and Astro's default code highlighter, Shiki, writes inline styles that the
  // Content-Security-Policy below would refuse (Astro warns of it on every build and dev start): no highlighter.
  markdown: { syntaxHighlight: false },
  security: {
    // Astro hashes its own scripts; the inline ones are ours (src/lib/shared/site/inline-scripts.ts).
    csp: {
      scriptDirective: {
        hashes: INLINE_SCRIPTS.map(
          (script) => /** @type {const} */ (`sha256-${createHash('sha256').update(script).digest('base64')}`),
        ),
      },
    },
  },
  vite: {
    plugins: [tailwindcss(), fewerScripts()],
  },
});
