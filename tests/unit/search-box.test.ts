// The top bar search's logic: results grouped in kind order with their positions in the whole list, the active
// option wrapping with the arrow keys, and which queries are sent.
import { describe, expect, it } from 'vitest';
import { groupResults, moveActive, searchable } from '../../src/islands/admin/layout/search-box';
import type { SearchResult } from '../../src/lib/shared/search/api';

const result = (kind: SearchResult['kind'], id: string): SearchResult => ({
  kind,
  id,
  title: id,
  detail: '',
  href: `/x?q=${id}`,
});

describe('top bar search', () => {
  it('groups by kind in a fixed order, numbering options across groups', () => {
    const groups = groupResults([
      result('event', 'e1'),
      result('person', 'p1'),
      result('event', 'e2'),
      result('prayer', 'r1'),
    ]);
    expect(groups.map((g) => [g.label, g.items.map((i) => [i.id, i.index])])).toEqual([
      ['People', [['p1', 0]]],
      [
        'Events',
        [
          ['e1', 1],
          ['e2', 2],
        ],
      ],
      ['Prayer requests', [['r1', 3]]],
    ]);
    expect(groupResults([])).toEqual([]);
  });

  it('moves the active option and wraps at both ends', () => {
    expect(moveActive(-1, 1, 3)).toBe(0);
    expect(moveActive(-1, -1, 3)).toBe(2);
    expect(moveActive(2, 1, 3)).toBe(0);
    expect(moveActive(0, -1, 3)).toBe(2);
    expect(moveActive(1, 1, 0)).toBe(-1);
  });

  it('sends 2 to 100 characters, spaces trimmed', () => {
    expect(searchable('a')).toBe(false);
    expect(searchable('  a  ')).toBe(false);
    expect(searchable('ab')).toBe(true);
    expect(searchable('x'.repeat(101))).toBe(false);
  });
});
