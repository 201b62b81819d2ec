// The API's house (docs/ARCHITECTURE.md): no file of src/server imports itself back through others, and the
// ground floor (kernel/, db/, config.ts) imports no feature. The walk is scripts/house-report.mjs's.
import { describe, expect, it } from 'vitest';
import { circles, serverImports, upwardImports } from '../../scripts/house-report.mjs';

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

  it('finds a circle and an upward import when there is one', () => {
    const made = new Map([
      ['a/x.ts', ['b/y.ts']],
      ['b/y.ts', ['a/x.ts']],
      ['kernel/k.ts', ['a/x.ts']],
    ]);
    expect(circles(made)).toEqual([['a/x.ts', 'b/y.ts']]);
    expect(upwardImports(made)).toEqual(['kernel/k.ts -> a/x.ts']);
  });
});
