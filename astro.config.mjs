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
import { THEME_SCRIPT } from './src/lib/shared/site/theme-script';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

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
    // Astro hashes its own scripts; the layout's inline theme script is ours (src/lib/shared/site/theme-script.ts).
    csp: { scriptDirective: { hashes: [`sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}`] } },
  },
  vite: {
    plugins: [tailwindcss()],
  },
});
