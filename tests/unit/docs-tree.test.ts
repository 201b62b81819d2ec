// docs/ARCHITECTURE.md's folder tree is how a newcomer finds a feature: every folder and file it names must
// exist, so a move that forgets the docs fails here instead of misleading the next reader.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

/**
 * The paths the tree names. An entry line is `<indent><name>[, <name>…]  <what it is>`, two spaces of indent a
 * level; a line indented past the deepest level continues the text above it.
 */
export function treePaths(markdown: string): string[] {
  const block = /## Folder tree\s+```\n([\s\S]*?)```/.exec(markdown)?.[1];
  if (!block) throw new Error('docs/ARCHITECTURE.md has no "## Folder tree" code block');
  const parents: string[] = [];
  const paths: string[] = [];
  for (const line of block.split('\n')) {
    if (!line.trim()) continue;
    const indent = line.length - line.trimStart().length;
    if (indent % 2 !== 0 || indent > 12) continue;
    const depth = indent / 2;
    const names = line
      .trim()
      .split(/\s{2,}/)[0]
      .split(/,\s*/)
      .filter((name) => /^[\w.[\]-]+\/?$/.test(name));
    if (!names.length) continue;
    parents.length = depth;
    const parent = parents.join('');
    for (const name of names) paths.push(parent + name);
    const folder = names.find((name) => name.endsWith('/'));
    if (folder) parents[depth] = folder;
  }
  return paths;
}

describe('docs/ARCHITECTURE.md folder tree', () => {
  const paths = treePaths(readFileSync(join(root, 'docs', 'ARCHITECTURE.md'), 'utf8'));

  it('names the source folders', () => {
    expect(paths).toContain('src/server/kernel/');
    expect(paths).toContain('src/host/');
    expect(paths.length).toBeGreaterThan(40);
  });

  it.each(paths)('%s exists', (path) => {
    expect(existsSync(join(root, path)), `${path} is named in the tree but missing`).toBe(true);
  });

  it('reads nested entries and their parents', () => {
    expect(treePaths('## Folder tree\n\n```\nsrc/\n  nowhere/   gone\n```\n')).toEqual(['src/', 'src/nowhere/']);
  });
});
