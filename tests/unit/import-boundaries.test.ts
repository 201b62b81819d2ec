// The one-way imports of docs/ARCHITECTURE.md (Layers) are ESLint rules (eslint.config.js): these tests lint
// a few lines as if they lived in each layer, so a rule that stops catching an upward import fails here too, and run
// the rules alone over every file of src/ (`npm test` runs no other lint: `npm run check` runs all of it).
import { relative } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
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

describe('the tree', () => {
  it('holds to the layer rules: no file of src/ imports what its folder must not', { timeout: 60_000 }, async () => {
    // The layer rules alone, with the TypeScript parser: a third of the whole lint's time. Comments that turn other
    // rules off name rules not loaded here, and none turns these off (an upward import has no exception).
    const layers = new ESLint({
      overrideConfigFile: true,
      overrideConfig: [
        { linterOptions: { noInlineConfig: true } },
        { files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser } },
        ...BOUNDARIES,
      ],
    });
    const results = await layers.lintFiles(['src']);
    expect(results.length).toBeGreaterThan(400);
    // Errors only: the warnings say that those comments have no effect here.
    const found = results.flatMap((r) =>
      r.messages.filter((m) => m.severity === 2).map((m) => `${relative('.', r.filePath)}: ${m.message}`),
    );
    expect(found).toEqual([]);
  });
});
