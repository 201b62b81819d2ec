// Windowing for a long table (more than WINDOW_ABOVE rows) that scrolls with the page: only the rows in view, plus
// OVERSCAN rows either side, are in the DOM; one spacer row above and one below stand in for the rest, so the page keeps the list's full
// height (scrollbar, Page Down, End). Every row has one fixed height, in rem so that a larger default font
// grows rows and spacers alike. The table keeps aria-rowcount and each row its aria-rowindex, so assistive
// technology knows the full size; the spacers are hidden from it.
import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/**
 * Lists up to this many rows are rendered whole, so the browser's find-in-page reaches every row (a church of a
 * few hundred people); only longer lists are windowed, where rendering every row would slow the page.
 */
export const WINDOW_ABOVE = 500;
/** Rows rendered beyond each edge of the viewport: Tab and arrow scrolling reach them before the window moves. */
export const OVERSCAN = 10;
/** Rows rendered before the first measurement (a screenful on a tall display). */
const FIRST_ROWS = 30;

export interface RowRange {
  /** First rendered row. */
  start: number;
  /** One past the last rendered row. */
  end: number;
}

/**
 * The rows to render: those between the viewport's top and bottom, widened by `overscan`, given where the list's
 * first row starts (`top`, in viewport pixels, negative once scrolled past) and the viewport's height.
 */
export function rowRange(top: number, viewport: number, rowPx: number, count: number, overscan = OVERSCAN): RowRange {
  const first = Math.floor(Math.max(0, -top) / rowPx);
  const last = Math.ceil(Math.max(0, viewport - top) / rowPx);
  const end = Math.min(count, last + overscan);
  return { start: Math.min(end, Math.max(0, first - overscan)), end };
}

const rootFontPx = () => parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;

/**
 * The window of `count` rows of `rowRem` each under the element `ref` points to (the tbody), following the
 * page's scroll and size; `rowPx` is a row's height in pixels for the spacers.
 */
export function useWindowedRows<E extends HTMLElement>(
  count: number,
  rowRem: number,
): RowRange & { ref: RefObject<E | null>; rowPx: number } {
  const ref = useRef<E>(null);
  const [state, setState] = useState({ start: 0, end: FIRST_ROWS, rowPx: rowRem * 16 });

  const measure = useCallback(() => {
    const body = ref.current;
    if (!body) return;
    const rowPx = rowRem * rootFontPx();
    const next = { ...rowRange(body.getBoundingClientRect().top, window.innerHeight, rowPx, count), rowPx };
    // Most scroll events stay inside the same window: keep the old state so nothing re-renders.
    setState((s) => (s.start === next.start && s.end === next.end && s.rowPx === next.rowPx ? s : next));
  }, [count, rowRem]);

  const windowed = count > WINDOW_ABOVE;
  // Before paint: a new count (a keystroke in the search) shows the right rows in its first frame.
  useLayoutEffect(() => {
    if (!windowed) return;
    measure();
    let frame = 0;
    const onChange = () => {
      if (!frame)
        frame = requestAnimationFrame(() => {
          frame = 0;
          measure();
        });
    };
    window.addEventListener('scroll', onChange, { passive: true });
    window.addEventListener('resize', onChange);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onChange);
      window.removeEventListener('resize', onChange);
    };
  }, [measure, windowed]);

  if (!windowed) return { ref, start: 0, end: count, rowPx: state.rowPx };
  const end = Math.min(state.end, count);
  return { ref, start: Math.min(state.start, end), end, rowPx: state.rowPx };
}

/** Stands in for `rows` rows that are not rendered; hidden from assistive technology (aria-rowcount counts them). */
export function SpacerRow({ rows, rowPx, columns }: { rows: number; rowPx: number; columns: number }) {
  if (rows <= 0) return null;
  return (
    <tr aria-hidden="true" style={{ height: rows * rowPx }}>
      <td colSpan={columns} className="p-0" />
    </tr>
  );
}
