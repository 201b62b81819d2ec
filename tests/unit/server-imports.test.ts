// The API's house (docs/ARCHITECTURE.md): no file of src/server imports itself back through others, the ground
// floor (kernel/, db/, config.ts) imports no feature, and the features that sign people in (auth, twofactor) and
// the one that answers for accounts (users) do not lean on each other both ways: what they share is credentials/'s.
// The walk is scripts/house-report.mjs's.
import { describe, expect, it } from 'vitest';
import { circles, foldersBothWays, serverImports, upwardImports } from '../../scripts/house-report.mjs';

describe('src/server imports', () => {
  const graph = serverImports() as Map<string, string[]>;

  it('reads the whole server', () => {
    expect(graph.get('kernel/context.ts')).toContain('kernel/ports.ts');
    expect(graph.size).toBeGreaterThan(50);
  });

  it('have no circle', () => {
    expect(circles(graph)).toEqual([]);
  });

  it('never run back up from the kernel, db or config into a feature', () => {
    expect(upwardImports(graph)).toEqual([]);
  });

  it('keep auth, twofactor and users from importing each other both ways', () => {
    const signIn = ['auth', 'twofactor', 'users'];
    const both = foldersBothWays(graph).filter((pair: string) => pair.split(' <-> ').every((f) => signIn.includes(f)));
    expect(both).toEqual([]);
  });

  it('finds a circle, an upward import and folders importing each other when there are some', () => {
    const made = new Map([
      ['a/x.ts', ['b/y.ts']],
      ['b/y.ts', ['a/x.ts']],
      ['kernel/k.ts', ['a/x.ts']],
    ]);
    expect(circles(made)).toEqual([['a/x.ts', 'b/y.ts']]);
    expect(upwardImports(made)).toEqual(['kernel/k.ts -> a/x.ts']);
    expect(foldersBothWays(made)).toEqual(['a <-> b']);
  });
});
