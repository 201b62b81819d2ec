// The top bar's search (docs/PRODUCT.md (Portal layout)): people, sermons, events and prayer requests the signed-in
// staff member may see, as a WAI-ARIA combobox. Typing asks the API after a short pause (only the latest answer
// shows); ArrowDown/ArrowUp move through the results, Enter opens one, Escape closes and clears. Results open
// their screen with its search filled in.
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { api, apiErrorInfo } from '../../../lib/client/api-client';
import type { SearchResult } from '../../../lib/shared/search/api';
import { cx } from '../../ui';
import { Icon } from './icons';
import { groupResults, moveActive, searchable } from './search-box';

const PAUSE_MS = 200;
type Answer =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; results: SearchResult[] };

export function SearchBox() {
  const [text, setText] = useState('');
  // The answer and the query it answers: a newer query shows "Searching..." until its own answer arrives.
  const [answered, setAnswered] = useState<{ q: string; answer: Answer }>({ q: '', answer: { status: 'idle' } });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [, navigate] = useLocation();
  const listId = useId();
  const latest = useRef(0);

  useEffect(() => {
    const q = text.trim();
    const ticket = ++latest.current;
    if (!searchable(q)) return;
    const timer = setTimeout(() => {
      api<{ results: SearchResult[] }>('/search/', { query: { q } })
        .then(({ results }) => ticket === latest.current && setAnswered({ q, answer: { status: 'ready', results } }))
        .catch((error) => {
          if (ticket !== latest.current) return;
          const info = apiErrorInfo(error);
          setAnswered({ q, answer: { status: 'error', message: `Search failed. ${info.detail ?? info.message}` } });
        });
    }, PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const answer: Answer = !searchable(text)
    ? { status: 'idle' }
    : answered.q === text.trim()
      ? answered.answer
      : { status: 'loading' };
  const groups = answer.status === 'ready' ? groupResults(answer.results) : [];
  const flat = groups.flatMap((g) => g.items);
  const expanded = open && answer.status !== 'idle';
  const optionId = (index: number) => `${listId}-option-${index}`;

  function choose(result: SearchResult) {
    setOpen(false);
    setText('');
    setActive(-1);
    navigate(result.href);
  }

  return (
    <div className="relative max-w-md flex-1">
      <Icon name="search" className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted" />
      <input
        type="search"
        role="combobox"
        placeholder="Search..."
        aria-label="Search people, sermons, events and prayer requests"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setActive(-1);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            setOpen(true);
            setActive((i) => moveActive(i, e.key === 'ArrowDown' ? 1 : -1, flat.length));
          } else if (e.key === 'Enter' && expanded && flat[active]) {
            e.preventDefault();
            choose(flat[active]);
          } else if (e.key === 'Escape') {
            setOpen(false);
            setText('');
            setActive(-1);
          }
        }}
        className="w-full rounded-lg border border-border bg-input py-2 pr-3 pl-10 text-sm text-text placeholder:text-muted"
      />
      <div
        id={listId}
        role="listbox"
        aria-label="Search results"
        hidden={!expanded}
        className="absolute right-0 left-0 z-30 mt-2 max-h-96 overflow-auto rounded-xl border border-border bg-card p-2 shadow-lg"
      >
        {answer.status === 'loading' && <p className="px-2 py-1 text-sm text-muted">Searching...</p>}
        {answer.status === 'error' && <p className="px-2 py-1 text-sm text-error">{answer.message}</p>}
        {answer.status === 'ready' && flat.length === 0 && (
          <p className="px-2 py-1 text-sm text-muted">No results for “{text.trim()}”</p>
        )}
        {groups.map((group) => (
          <div key={group.kind} role="group" aria-labelledby={`${listId}-${group.kind}`}>
            <p
              id={`${listId}-${group.kind}`}
              className="px-2 pt-2 pb-1 text-xs font-semibold tracking-wide text-muted uppercase"
            >
              {group.label}
            </p>
            {group.items.map((item) => (
              <div
                key={`${item.kind}-${item.id}`}
                id={optionId(item.index)}
                role="option"
                aria-selected={item.index === active}
                // mousedown, not click: the input's blur would close the list first.
                onMouseDown={(e) => {
                  e.preventDefault();
                  choose(item);
                }}
                className={cx(
                  'cursor-pointer rounded-lg px-2 py-1.5',
                  item.index === active ? 'bg-hover' : 'hover:bg-hover',
                )}
              >
                <span className="block truncate text-sm font-medium text-text">{item.title}</span>
                <span className="block truncate text-xs text-muted">{item.detail}</span>
              </div>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
