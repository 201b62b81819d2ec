// What a newcomer reads to set the project up agrees with the code: every variable the server reads
// (src/server/config.ts's schema, and any process.env.X elsewhere in src/) is in .env.example and in a table of
// docs/DEPLOY.md's Configuration; every Markdown table there has its header; the proxy set-up sets TRUST_PROXY; the
// README's requirements are package.json's, and its demo accounts the seed's.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { envSchema } from '../../src/server/config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoEmail } from '../../src/server/seed/accounts';

const root = new URL('../../', import.meta.url).pathname;
const read = (file: string) => readFileSync(join(root, file), 'utf8');

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mjs|astro)$/.test(entry.name) ? [path] : [];
  });
}

/** Every variable the server reads: the config schema's, and any read straight from process.env in src/. */
function variablesRead(): string[] {
  const names = new Set(Object.keys(envSchema.shape));
  for (const file of sourceFiles('src'))
    for (const m of read(file).matchAll(/process\.env\.([A-Z][A-Z0-9_]*)|process\.env\[['"]([A-Z][A-Z0-9_]*)['"]\]/g))
      names.add(m[1] ?? m[2]);
  return [...names].sort();
}

/** The Markdown tables of a document, each as its lines. */
function tables(markdown: string): string[][] {
  const found: string[][] = [];
  let current: string[] = [];
  for (const line of markdown.split('\n')) {
    if (line.startsWith('|')) current.push(line);
    else if (current.length) {
      found.push(current);
      current = [];
    }
  }
  if (current.length) found.push(current);
  return found;
}

const deploy = read('docs/DEPLOY.md');
const configuration = deploy.slice(deploy.indexOf('\n## Configuration'));

describe('the set-up documents', () => {
  it('reads at least the variables everyone sets (the check below is not empty)', () => {
    expect(variablesRead()).toEqual(expect.arrayContaining(['DATABASE_URL', 'JWT_SECRET', 'TRUST_PROXY']));
  });

  it('lists every variable the server reads in .env.example', () => {
    const example = read('.env.example');
    const missing = variablesRead().filter((name) => !new RegExp(`^#?\\s*${name}=`, 'm').test(example));
    expect(missing).toEqual([]);
  });

  it("lists every variable the server reads in a table of DEPLOY.md's Configuration", () => {
    const firstCells = tables(configuration)
      .flatMap((rows) => rows.slice(2))
      .map((row) => row.split('|')[1]);
    const missing = variablesRead().filter((name) => !firstCells.some((cell) => cell.includes(`\`${name}\``)));
    expect(missing).toEqual([]);
    // The code uses every one of them (src/server/config.ts's loadConfig), so none is "not used yet".
    expect(configuration).not.toMatch(/not used yet/i);
  });

  it('names in .env.example (before its tooling) and in the Configuration tables only variables the server reads', () => {
    const read = new Set(variablesRead());
    const example = readFileSync(join(root, '.env.example'), 'utf8').split('--- Tooling')[0];
    const firstCells = tables(configuration)
      .flatMap((rows) => rows.slice(2))
      .map((row) => row.split('|')[1])
      .join(' ');
    for (const text of [example, firstCells]) {
      const named = text.match(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g) ?? [];
      expect([...new Set(named)].filter((name) => !read.has(name))).toEqual([]);
    }
  });

  it('gives every table in DEPLOY.md a header row and its separator', () => {
    for (const rows of tables(deploy)) {
      expect(rows.length, rows[0]).toBeGreaterThanOrEqual(2);
      expect(rows[1], `the table starting ${rows[0]}`).toMatch(/^\|(\s*:?-{3,}:?\s*\|)+$/);
    }
  });

  it('sets TRUST_PROXY=true for the reverse proxy DEPLOY.md describes, and .env.example says so', () => {
    const envFile = /```sh\n(NODE_ENV=production[\s\S]*?)```/.exec(deploy)?.[1] ?? '';
    expect(envFile).toMatch(/^HOST=127\.0\.0\.1$/m);
    expect(envFile).toMatch(/^TRUST_PROXY=true$/m);
    expect(read('.env.example')).toMatch(/^#\s*TRUST_PROXY=true/m);
  });

  it("states package.json's requirements in the README: the Node and npm that install, the pinned Node that runs", () => {
    const pkg = JSON.parse(read('package.json'));
    const readme = read('README.md');
    const requirements = readme.slice(readme.indexOf('## Requirements'), readme.indexOf('## Where things are'));
    // engines is what installing needs: npm 11, and the Node it runs on.
    expect(pkg.engines.npm).toBe('>=11');
    expect(requirements).toContain('npm 11');
    expect(requirements).toContain('npm install -g npm@11');
    const installNode = /^\^(\d+\.\d+)\.0/.exec(pkg.engines.node)?.[1];
    expect(requirements).toContain(`Node ${installNode} or newer`);
    // What runs is the node devDependency's major.
    const pinned = /(\d+)/.exec(pkg.devDependencies.node)?.[1];
    expect(requirements).toContain(`Node ${pinned}`);
    expect(requirements).not.toMatch(/Node 20 or newer/);
  });

  it("gives the demo accounts as the seed makes them, with the demo member's /my email", () => {
    const readme = read('README.md');
    for (const account of DEMO_ACCOUNTS)
      expect(readme).toMatch(new RegExp(`^\\| \`${account.username}\` +\\| ${account.role} `, 'm'));
    expect(readme).toContain(`\`${DEMO_PASSWORD}\``);
    expect(readme).toContain(`\`${demoEmail('member')}\``);
  });
});
