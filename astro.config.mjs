// @ts-check
/* global Response */
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { getRequestListener } from '@hono/node-server';
import { DEFAULT_SITE, readEnv } from './src/server/config';
import { isApiPath } from './src/server/http/shell';

/**
 * `npm run dev`: the API on the dev server's port, as `npm start` serves it. The API code is loaded through
 * Vite, so an edit to it is picked up on the next request (with a fresh app over a fresh connection).
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
        const listener = getRequestListener(async (request) => (await runtime()).app.fetch(request), {
          overrideGlobalObjects: false,
          errorHandler: (err) => {
            console.error(err);
            return Response.json({ detail: 'The API could not start: see the dev server output.' }, { status: 503 });
          },
        });
        server.middlewares.use((req, res, next) => (isApiPath(req.url) ? listener(req, res) : next()));
      },
    },
  };
}

export default defineConfig({
  // The public origin used for canonical URLs, Open Graph, the sitemap and feeds.
  site: readEnv().SITE ?? DEFAULT_SITE,
  output: 'static',
  // Only its handler is used: src/server/http/shell.ts serves it next to the API.
  adapter: node({ mode: 'standalone' }),
  integrations: [
    react(),
    sitemap({ filter: (page) => !/\/(admin|debug|auth-test|login|forgot-password|reset-password)/.test(page) }),
    apiOnDevServer(),
  ],
  security: { csp: true },
  vite: {
    plugins: [tailwindcss()],
  },
});
