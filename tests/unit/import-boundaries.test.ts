// The one-way imports of docs/ARCHITECTURE.md (Layers) are ESLint rules (eslint.config.js): these tests lint
// a few lines as if they lived in each layer, so a rule that stops catching an upward import fails here too, and run
// the rules alone over every file of src/, .astro files too (`npm test` runs no other lint: `npm run check` runs all
// of it).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { BOUNDARIES } from '../../eslint.config.js';

const eslint = new ESLint();

async function restricted(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: file });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

// The first lint loads ESLint's whole configuration (typescript-eslint among it): seconds on a busy machine.
describe('import boundaries', { timeout: 30_000 }, () => {
  it.each([
    ['src/lib/shared/x.ts', "import { api } from '../client/api-client';"],
    ['src/lib/shared/x.ts', "import { getSite } from '../content/content';"],
    ['src/lib/shared/x.ts', "import { createApp } from '../../server/http/app';"],
    ['src/lib/shared/x.ts', "import { useState } from 'react';"],
    ['src/lib/client/x.ts', "import { getSite } from '../content/content';"],
    ['src/lib/content/x.ts', "import { api } from '../client/api-client';"],
    ['src/islands/x.tsx', "import { createApp } from '../server/http/app';"],
    ['src/islands/admin/features/users/x.ts', "import { getSite } from '../../../../lib/content/content';"],
    ['src/server/users/x.ts', "import { api } from '../../lib/client/api-client';"],
    ['src/server/users/x.ts', "import { Button } from '../../islands/ui/Button';"],
    ['src/server/x.ts', "import { servePages } from '../host/pages';"],
    ['src/server/users/x.ts', "import { acceptsGzip } from '../../host/encoding';"],
    ['src/islands/admin/features/profile/x.ts', "import { accountStatus } from '../users/model';"],
    ['src/islands/admin/layout/x.ts', "import { unreadCount } from '../features/messages/api';"],
    ['src/host/x.ts', "import { api } from '../lib/client/api-client';"],
    ['src/host/x.ts', "import { Button } from '../islands/ui/Button';"],
    ['src/host/x.ts', "import { getSite } from '../lib/content/content';"],
    ['src/server/kernel/x.ts', "import { signedInUser } from '../users/signed-in';"],
    ['src/server/kernel/x.ts', "import { verifyToken } from '../credentials/tokens';"],
    ['src/server/kernel/x.ts', "import { api } from '../../lib/client/api-client';"],
  ])('refuses an upward import in %s: %s', async (file, line) => {
    expect(await restricted(file, `${line}\nexport const used = [${line.match(/\{ (\w+) \}/)![1]}];\n`)).toHaveLength(
      1,
    );
  });

  it.each([
    ['src/lib/client/x.ts', "import { ROLES } from '../shared/permissions';"],
    ['src/islands/x.tsx', "import { api } from '../lib/client/api-client';"],
    ['src/server/users/x.ts', "import { ROLES } from '../../lib/shared/permissions';"],
    ['src/pages/x.ts', "import { createApp } from '../server/http/app';"],
    ['src/host/x.ts', "import { createRuntime } from '../server/runtime';"],
    ['src/host/x.ts', "import { maxAgeOf } from '../lib/shared/live/page-lifetime';"],
    ['src/islands/admin/features/users/x.ts', "import { accountStatus } from './model';"],
    ['src/islands/admin/features/users/x.ts', "import { afterWrite } from '../../query';"],
    ['src/server/kernel/x.ts', "import { iso } from '../db/time';"],
    ['src/server/kernel/x.ts', "import { loadConfig } from '../config';"],
    ['src/server/kernel/x.ts', "import { ROLES } from '../../lib/shared/permissions';"],
    ['src/server/kernel/x.ts', "import { ApiError } from './errors';"],
  ])('allows %s: %s', async (file, line) => {
    expect(await restricted(file, `${line}\nexport const used = [${line.match(/\{ (\w+) \}/)![1]}];\n`)).toEqual([]);
  });
});

/**
 * The file's import and export-from specifiers, as lines of a stand-in file: what no-restricted-imports reads,
 * found by TypeScript's import scanner instead of a full parse. A dynamic import() is left out, as the rule leaves
 * it (the host loads the server's runtime that way). The scanner does not report `export * as name from`: that form
 * is found by its own pattern.
 */
function importLines(text: string): string {
  const scanned = ts
    .preProcessFile(text, true, false)
    .importedFiles.filter(({ pos }) => !/\bimport\s*\(\s*$/.test(text.slice(Math.max(0, pos - 40), pos)))
    .map(({ fileName }) => fileName);
  const namespaces = [...text.matchAll(/\bexport\s+(?:type\s+)?\*\s+as\s+[\w$]+\s+from\s*(['"])(.*?)\1/g)].map(
    (m) => m[2],
  );
  return [...scanned, ...namespaces].map((name) => `import ${JSON.stringify(name)};`).join('\n');
}

describe('the tree', () => {
  // The layer rules alone over every file, each file's imports linted in its own place: the .astro files' too (their
  // front matter and scripts), which the full lint cannot parse. Parsing the whole files with the TypeScript parser
  // was 10 s of CPU (a sixth of the unit tests'); the rules read only the specifiers. Comments that turn other rules
  // off are not read, and none may turn these off (an upward import has no exception).
  const layers = new ESLint({
    overrideConfigFile: true,
    overrideConfig: [{ linterOptions: { noInlineConfig: true } }, { files: ['**/*.{ts,tsx,astro}'] }, ...BOUNDARIES],
  });
  const lint = async (file: string, text: string) =>
    (await layers.lintText(importLines(text), { filePath: file }))[0].messages.map((m) => `${file}: ${m.message}`);

  it('holds to the layer rules: no file of src/ imports what its folder must not', { timeout: 60_000 }, async () => {
    const files = readdirSync('src', { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.(ts|tsx|astro|js|mjs|cjs)$/.test(name))
      .map((name) => join('src', name));
    expect(files.filter((file) => file.endsWith('.astro')).length).toBeGreaterThan(50);
    expect(files.length).toBeGreaterThan(500);
    const found: string[] = [];
    for (const file of files) found.push(...(await lint(file, readFileSync(file, 'utf8'))));
    expect(found).toEqual([]);
  });

  it('finds an upward import however it is written, and not a dynamic one', async () => {
    const file = 'src/server/users/x.ts';
    const text = [
      "import type { Theme } from '../../lib/client/theme';",
      "export { Button } from '../../islands/ui/Button';",
      "export * as theme from '../../lib/client/theme';",
      'import {',
      '  api,',
      "} from '../../lib/client/api-client';",
      "const later = () => import('../../lib/client/api-client');",
    ].join('\n');
    expect(await lint(file, text)).toHaveLength(4);
  });
});
