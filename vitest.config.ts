import { defineConfig } from 'vitest/config';

// Three projects: fast unit tests (pure modules and React components under happy-dom), API tests that talk
// real HTTP to the Hono app over a real database, and the two-server test over the built app (after a build).
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          // Starts PostgreSQL (when installed) so every API suite also runs against it.
          globalSetup: ['tests/api/global-setup.ts'],
        },
      },
      {
        extends: true,
        // Real servers from the build on one PostgreSQL: `npm test` runs it after `npm run build` (its own step).
        test: {
          name: 'instances',
          include: ['tests/instances/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['tests/api/global-setup.ts'],
        },
      },
    ],
  },
  esbuild: { jsx: 'automatic' },
});
