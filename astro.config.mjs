// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';

// SITE is the public origin used for canonical URLs, Open Graph, the sitemap and feeds.
const site = process.env.SITE ?? 'https://gracechapel.example.org';

export default defineConfig({
  site,
  output: 'static',
  adapter: node({ mode: 'standalone' }),
  integrations: [
    react(),
    sitemap({ filter: (page) => !/\/(admin|debug|auth-test|login|forgot-password|reset-password)/.test(page) }),
  ],
  // The API authenticates with bearer tokens, not cookies; its own CORS allow-list decides (see docs/ARCHITECTURE.md).
  security: { checkOrigin: false, csp: true },
  vite: {
    plugins: [tailwindcss()],
  },
});
