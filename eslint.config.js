import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

// Imports flow one way (docs/ARCHITECTURE.md, Layers): lib/shared imports nothing of ours; lib/client and
// lib/content import only lib/shared; islands never import the server or Astro-only code; the server never
// imports islands, browser code or the host that composes it; the host imports no browser or Astro-side code.
// Each rule lists what a folder must not reach.
const banned = (regex, message) => ({ 'no-restricted-imports': ['error', { patterns: [{ regex, message }] }] });
// Relative specifiers name folders by their last part: '../client/x', '../../lib/content/x', '../../../server/x'.
const ISLAND_IMPORTS = [
  String.raw`^(\.\.?/.*\b(server|lib/content)/|astro:)`,
  'Islands run in the browser: they reach the server through the API, never by import.',
];
/**
 * The layer rules, each folder's banned imports (tests/unit/import-boundaries.test.ts runs them over all of src/).
 * @type {import('eslint').Linter.Config[]}
 */
export const BOUNDARIES = [
  {
    files: ['src/lib/shared/**'],
    rules: banned(
      String.raw`^(\.\.?/.*\b(client|content|islands|server)/|astro:|react$|nanostores$)`,
      'src/lib/shared runs anywhere: it imports nothing of ours outside lib/shared, and no framework.',
    ),
  },
  {
    files: ['src/lib/client/**'],
    rules: banned(
      String.raw`^(\.\.?/.*\b(content|islands|server)/|astro:)`,
      'src/lib/client is browser code: of ours it imports only src/lib/shared.',
    ),
  },
  {
    files: ['src/lib/content/**'],
    rules: banned(
      String.raw`^\.\.?/.*\b(client|islands|server)/`,
      'src/lib/content is Astro-side code: of ours it imports only src/lib/shared.',
    ),
  },
  {
    files: ['src/islands/**'],
    rules: banned(...ISLAND_IMPORTS),
  },
  {
    // A portal feature's files (features/<name>/*) reach a sibling feature through '../<other>/' or a path naming
    // features/. This entry replaces the islands rule for them, so it carries that ban too.
    files: ['src/islands/admin/features/*/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: ISLAND_IMPORTS[0], message: ISLAND_IMPORTS[1] },
            {
              regex: String.raw`^\.\./(?!\.\./)|\bfeatures/`,
              message:
                'Portal features stay apart: share through src/lib/shared, the kit (src/islands/ui) or src/islands/admin itself.',
            },
          ],
        },
      ],
    },
  },
  {
    // The portal's frame is shared by every screen: it reaches no feature (App.tsx alone routes to them).
    files: ['src/islands/admin/layout/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: ISLAND_IMPORTS[0], message: ISLAND_IMPORTS[1] },
            {
              regex: String.raw`\bfeatures/`,
              message: 'The portal layout imports no feature: move what it needs down.',
            },
          ],
        },
      ],
    },
  },
  {
    // The process composes the server and serves the build; it never reaches browser or Astro-side code.
    files: ['src/host/**'],
    rules: banned(
      String.raw`^(\.\.?/.*\b(islands|lib/client|lib/content)/|astro:)`,
      'src/host is the Node process: of ours it imports src/server and src/lib/shared only.',
    ),
  },
  {
    files: ['src/server/**'],
    rules: banned(
      String.raw`^(\.\.?/.*\b(islands|lib/client|lib/content|host)/|astro:)`,
      'The server imports only src/lib/shared of the front end, and never the host (src/host composes the server).',
    ),
  },
  {
    // The kernel is the server's ground floor: every feature stands on it, so it imports none (what it needs of
    // them are ports, kernel/ports.ts, that the features implement).
    files: ['src/server/kernel/**'],
    rules: banned(
      String.raw`^(\.\./(?!db/|config$|\.\./lib/shared/)|astro:)`,
      'src/server/kernel imports only itself, db/, config and src/lib/shared: a feature it needs is a port (kernel/ports.ts).',
    ),
  },
];

export default defineConfig(
  { ignores: ['dist/', '.astro/', 'data/', 'node_modules/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // React runs only in the islands (and their unit tests). The hooks rules run the React Compiler over a file,
    // three quarters of the whole lint's time when they ran over every file of the server and the tests too.
    files: ['src/islands/**/*.{ts,tsx}', 'tests/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...BOUNDARIES,
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        fetch: 'readonly',
      },
    },
  },
);
