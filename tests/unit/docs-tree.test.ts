// docs/ARCHITECTURE.md's folder tree is how a newcomer finds a feature, so it is checked both ways: every file
// under src/ is named there, and every name there exists. A file is named by an entry of the tree, or in the
// description of its folder or of a sibling's entry (by its name, or without its extension as prose does:
// "Header, Footer"), or in a row of a table whose first cell is its folder (`src/…/`): the compact form that keeps a
// folder of many files readable. A subfolder named in a description with its slash ("site/, home/, about/") names
// every file in it (the church's copy, the sample data). Every path written in backticks anywhere in the document
// must exist too. A new file without its line, or a move that forgets the docs, fails here; so does a description
// written twice (repeatedStarts), which two changes merged into one paragraph leave behind.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

/** One place the document names something: a path (a folder ends with /) and the words that describe it. */
export interface TreeEntry {
  path: string;
  text: string;
}

/**
 * The entries of the tree. An entry line is `<indent><name>[, <name>…]  <what it is>`, two spaces of indent a
 * level; a line indented past the deepest level, or naming nothing, continues the text of the entry above it.
 */
export function treeEntries(markdown: string): TreeEntry[] {
  const block = /## Folder tree\s+```\n([\s\S]*?)```/.exec(markdown)?.[1];
  if (!block) throw new Error('docs/ARCHITECTURE.md has no "## Folder tree" code block');
  const parents: string[] = [];
  const entries: TreeEntry[] = [];
  let last: TreeEntry[] = [];
  for (const line of block.split('\n')) {
    if (!line.trim()) continue;
    const indent = line.length - line.trimStart().length;
    const [first, ...rest] = line.trim().split(/\s{2,}/);
    const names = first.split(/,\s*/).filter((name) => /^[\w.[\]-]+\/?$/.test(name));
    if (indent % 2 !== 0 || indent > 12 || !names.length) {
      for (const entry of last) entry.text += ` ${line.trim()}`;
      continue;
    }
    const depth = indent / 2;
    parents.length = depth;
    const parent = parents.join('');
    last = names.map((name) => ({ path: parent + name, text: rest.join(' ') }));
    entries.push(...last);
    const folder = names.find((name) => name.endsWith('/'));
    if (folder) parents[depth] = folder;
  }
  return entries;
}

/** Rows of the document's tables whose first cell is a folder of src/ in backticks: that folder's files. */
export function tableEntries(markdown: string): TreeEntry[] {
  return [...markdown.matchAll(/^\|\s*`(src\/[\w./[\]-]*\/)`\s*\|(.*)$/gm)].map((m) => ({ path: m[1], text: m[2] }));
}

/** Every file under a folder (relative to the repository), sorted. */
function filesUnder(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(`${dir}/${e.name}`) : [`${dir}/${e.name}`]))
    .sort();
}

const folderOf = (entry: TreeEntry) => (entry.path.endsWith('/') ? entry.path : `${dirname(entry.path)}/`);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A name as a whole word of a text: not inside a longer name or path. */
const mentions = (text: string, name: string) => new RegExp(`(?<![\\w./-])${escape(name)}(?![\\w-]|\\.\\w)`).test(text);

/** The names a description writes as files or folders of ours: with an extension we use, or ending in a slash. */
export function namesIn(text: string): string[] {
  const names = text.match(/(?<![\w/.@<:-])[\w[\]][\w.[\]-]*(?:\/[\w.[\]-]+)*\/?/g) ?? [];
  return names.filter((n) => /\.(ts|tsx|astro|mjs|css|ya?ml|md)$/.test(n) || (n.endsWith('/') && n.length > 2));
}

/** Files of src/ the document does not name (see the top of this file). */
export function unnamedFiles(entries: TreeEntry[], files: string[]): string[] {
  const byFolder = new Map<string, string>();
  for (const entry of entries) {
    const folder = folderOf(entry);
    byFolder.set(folder, `${byFolder.get(folder) ?? ''} ${entry.text}`);
  }
  const paths = new Set(entries.map((e) => e.path));
  const wholeFolders = [...byFolder].flatMap(([folder, text]) =>
    namesIn(text)
      .filter((n) => n.endsWith('/'))
      .map((n) => folder + n),
  );
  return files.filter((file) => {
    if (paths.has(file) || wholeFolders.some((folder) => file.startsWith(folder))) return false;
    const text = byFolder.get(`${dirname(file)}/`) ?? '';
    const name = file.slice(file.lastIndexOf('/') + 1);
    const stem = name.replace(/(\.d)?\.\w+$/, '');
    if (mentions(text, name) || mentions(text, stem)) return false;
    // Named from a folder above with its path from there: pages/ says "sermons/[id].astro".
    return ![...byFolder].some(
      ([folder, words]) => file.startsWith(folder) && mentions(words, file.slice(folder.length)),
    );
  });
}

/** A name a description writes that exists nowhere it could mean: its folder, an ancestor, or below it. */
export function missingNames(entries: TreeEntry[], exists: (path: string) => boolean, files: string[]): string[] {
  const missing: string[] = [];
  for (const entry of entries) {
    if (!exists(entry.path)) missing.push(entry.path);
    const folder = folderOf(entry);
    for (const name of namesIn(entry.text)) {
      const ancestors = folder.split('/').map((_, i, parts) => parts.slice(0, i).join('/'));
      const found =
        ancestors.some((dir) => exists(dir ? `${dir}/${name}` : name)) ||
        files.some((file) => file.startsWith(folder) && (file.endsWith(`/${name}`) || file.includes(`/${name}`)));
      if (!found) missing.push(`${name} (in ${entry.path})`);
    }
  }
  return missing;
}

/** Paths in backticks in the document's prose (`kernel/ports.ts`, `src/host/`, `tests/unit/x.test.ts`). */
export function backtickPaths(markdown: string): string[] {
  const names = [...markdown.matchAll(/`([\w.[\]-]+(?:\/[\w.[\]-]+)+\/?)`/g)].map((m) => m[1]);
  return [...new Set(names.filter((n) => /\.(ts|tsx|astro|mjs|js|css|json|ya?ml|md)$|\/$/.test(n)))];
}

/**
 * Lines of the folder tree that start as a line just above them does (the first 24 characters, or the whole of the
 * shorter line from 12): what two changes merged into one description leave behind, a description written twice
 * with a different ending. Answers the repeated lines.
 */
export function repeatedStarts(markdown: string): string[] {
  const lines = (/## Folder tree\s+```\n([\s\S]*?)```/.exec(markdown)?.[1] ?? '').split('\n').map((l) => l.trim());
  return lines.flatMap((line, i) =>
    lines.slice(Math.max(0, i - 8), i).some((above) => {
      const n = Math.min(24, line.length, above.length);
      return n >= 12 && above.slice(0, n) === line.slice(0, n);
    })
      ? [line]
      : [],
  );
}

describe('docs/ARCHITECTURE.md names every file and only files that exist', () => {
  const markdown = readFileSync(join(root, 'docs', 'ARCHITECTURE.md'), 'utf8');
  const entries = [...treeEntries(markdown), ...tableEntries(markdown)];
  const src = filesUnder('src');
  const exists = (path: string) => existsSync(join(root, path));

  it('names the source folders', () => {
    const paths = entries.map((e) => e.path);
    expect(paths).toContain('src/server/kernel/');
    expect(paths).toContain('src/host/');
    expect(paths.length).toBeGreaterThan(40);
  });

  it('names every file under src/', () => {
    expect(unnamedFiles(entries, src)).toEqual([]);
  });

  it('names nothing that does not exist', () => {
    expect(missingNames(entries, exists, src)).toEqual([]);
  });

  it('writes in backticks only paths that exist', () => {
    const all = [...src, ...filesUnder('tests'), ...filesUnder('scripts'), ...filesUnder('docs')];
    // dist/ is what `npm run build` makes: a fresh checkout has none yet.
    const missing = backtickPaths(markdown).filter(
      (p) =>
        !p.startsWith('dist/') &&
        !exists(p) &&
        !exists(`src/${p}`) &&
        !exists(`src/server/${p}`) &&
        !all.some((file) => file.endsWith(`/${p}`) || (p.endsWith('/') && file.includes(`/${p}`))),
    );
    expect(missing).toEqual([]);
  });

  it('describes nothing twice in the folder tree', () => {
    expect(repeatedStarts(markdown)).toEqual([]);
  });

  it('reads entries, their parents, continued text and table rows', () => {
    const doc = [
      '## Folder tree\n\n```\nsrc/\n  nowhere/   gone: a.ts, b.ts\n                 and c.ts\n```\n',
      '| folder | files |\n| --- | --- |\n| `src/x/` | d.ts, e.ts |\n',
    ].join('\n');
    expect(treeEntries(doc)).toEqual([
      { path: 'src/', text: '' },
      { path: 'src/nowhere/', text: 'gone: a.ts, b.ts and c.ts' },
    ]);
    expect(tableEntries(doc)).toEqual([{ path: 'src/x/', text: ' d.ts, e.ts |' }]);
  });

  it('finds a file that is not named, and a name that does not exist', () => {
    const entries = [
      { path: 'src/', text: '' },
      { path: 'src/a/', text: 'Header, api.ts, data/, gone.ts' },
    ];
    const files = ['src/a/Header.astro', 'src/a/api.ts', 'src/a/data/x.yaml', 'src/a/apis.ts', 'src/a/new.ts'];
    expect(unnamedFiles(entries, files)).toEqual(['src/a/apis.ts', 'src/a/new.ts']);
    const exists = (p: string) => ['src/', 'src/a/', ...files, 'src/a/data/'].includes(p);
    expect(missingNames(entries, exists, files)).toEqual(['gone.ts (in src/a/)']);
    expect(backtickPaths('`kernel/ports.ts`, `src/host/`, `a/b`, `npm start`')).toEqual([
      'kernel/ports.ts',
      'src/host/',
    ]);
    const twice = [
      '## Folder tree\n\n```\nsrc/\n  pages/  about, give.astro (a',
      '          gift, zero JS), welcome.astro',
      '          gift, zero JS)',
      '  features/  one folder per screen: users, sermons,',
      '          settings, profile, outbox, giving;',
      '          settings, profile, outbox, branches;',
      '```\n',
    ].join('\n');
    expect(repeatedStarts(twice)).toEqual(['gift, zero JS)', 'settings, profile, outbox, branches;']);
  });
});
