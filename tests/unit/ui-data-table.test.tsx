// @vitest-environment happy-dom
// The kit's DataTable (the portal's tables) and the portal's useSearchPause (a search the server runs).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, renderHook, screen, within } from '@testing-library/react';
import { CELL, DataTable, NUMBER_CELL } from '../../src/islands/ui/DataTable';
import { SEARCH_PAUSE_MS, useSearchPause } from '../../src/islands/admin/useSearchPause';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('DataTable', () => {
  it('names its scrolling box and its table, heads each column and holds the rows', () => {
    render(
      <DataTable
        label="Gifts table"
        caption="Gifts"
        columns={['Fund', { name: 'Amount', numeric: true }, { name: 'Bar', hidden: true, className: 'w-2/5' }]}
        card
        tableClassName="min-w-[60rem]"
      >
        <tr>
          <td className={CELL}>General</td>
          <td className={NUMBER_CELL}>GH₵ 10.00</td>
          <td className={CELL} />
        </tr>
      </DataTable>,
    );
    const region = screen.getByRole('region', { name: 'Gifts table' });
    expect(region.tabIndex).toBe(0);
    expect(region.className).toContain('bg-card');
    const table = within(region).getByRole('table', { name: 'Gifts' });
    expect(table.className).toContain('min-w-[60rem]');
    const headings = within(table).getAllByRole('columnheader');
    expect(headings.map((h) => h.textContent)).toEqual(['Fund', 'Amount', 'Bar']);
    expect(headings.map((h) => h.getAttribute('scope'))).toEqual(['col', 'col', 'col']);
    expect(headings[0]!.className).not.toContain('text-right');
    expect(headings[1]!.className).toContain('text-right');
    expect(headings[2]!.querySelector('.sr-only')?.textContent).toBe('Bar');
    expect(headings[2]!.className).toContain('w-2/5');
    expect(within(table).getByRole('cell', { name: 'GH₵ 10.00' }).className).toContain('tabular-nums');
  });

  it('stands bare inside a panel unless it is a screen’s own card', () => {
    render(
      <DataTable label="Funds table" caption="Funds" columns={['Fund']}>
        <tr>
          <td className={CELL}>General</td>
        </tr>
      </DataTable>,
    );
    const region = screen.getByRole('region', { name: 'Funds table' });
    expect(region.className).not.toContain('bg-card');
    expect(region.querySelector('thead')!.className).not.toContain('bg-surface');
  });
});

describe('useSearchPause', () => {
  it('sends the typed search once typing pauses, and a Clear at once', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ typed }) => useSearchPause(typed), { initialProps: { typed: '' } });
    rerender({ typed: 'ama' });
    act(() => vi.advanceTimersByTime(SEARCH_PAUSE_MS - 1));
    expect(result.current[0]).toBe('');
    rerender({ typed: 'aman' });
    act(() => vi.advanceTimersByTime(SEARCH_PAUSE_MS - 1));
    expect(result.current[0]).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current[0]).toBe('aman');
    act(() => result.current[1](''));
    expect(result.current[0]).toBe('');
  });
});
