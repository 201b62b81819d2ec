// Phone number input with a country picker (docs/PRODUCT.md (Data, States, Validation)): a button showing the flag and dial code
// opens a searchable listbox of the countries; it closes on selection, outside click and Escape, and forgets its
// search text whenever it closes.
// That button needs the script, so until the island hydrates (and without JavaScript) the picker is the
// browser's own <select> of the same countries, posted as `<name>Country` (the server reads the number in that
// country): a tap on a dead button would do nothing, and nothing would retry it. On hydration the scripted picker
// takes over the select's choice, and a select the visitor is on: tapped (its native list open, which vanishes
// with it) it opens as the searchable list with the search focused, already changed it keeps the focus.
import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type InputHTMLAttributes,
  type KeyboardEvent,
} from 'react';
import { useHydrated } from '../useHydrated';
import {
  COUNTRIES,
  DEFAULT_COUNTRY_CODE,
  findCountry,
  searchCountries,
  DEFAULT_COUNTRY,
  type Country,
} from '../../lib/shared/countries';
import { cx } from './cx';
import { ChevronDownIcon, SearchIcon } from './icons';
import type { NativeConstraints } from './native-constraints';

export const NO_COUNTRIES_FOUND = 'No countries found';

/**
 * The number input's own attributes: the Field passes those it gives every control. `name` also names the country
 * select posted without JavaScript, and `disabled` turns the picker off too.
 */
export type PhoneNumberAttributes = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'name' | 'disabled' | 'required' | 'aria-invalid' | 'aria-describedby' | 'aria-required' | 'onFocus' | 'onBlur'
>;

export interface PhoneInputProps {
  value: string;
  onChange: (value: string) => void;
  /** ISO code of the chosen country (controlled); without it the picker keeps its own choice. */
  country?: string;
  onCountryChange?: (country: Country) => void;
  input?: PhoneNumberAttributes;
  placeholder?: string;
  /** Native constraints of the number (the Field passes its rules' native-constraints.ts attributes). */
  constraints?: NativeConstraints;
  autoComplete?: string;
  /** Classes for the number input (the Field passes its variant styling). */
  inputClassName?: string;
}

export function PhoneInput({
  value,
  onChange,
  country,
  onCountryChange,
  input = {},
  placeholder = 'Phone number',
  constraints,
  autoComplete = 'tel-national',
  inputClassName,
}: PhoneInputProps) {
  const { name, disabled } = input;
  const [ownCode, setOwnCode] = useState(DEFAULT_COUNTRY_CODE);
  const selected = findCountry(country ?? ownCode) ?? DEFAULT_COUNTRY;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const results = useMemo(() => searchCountries(query), [query]);

  const close = (refocus: boolean) => {
    setOpen(false);
    setQuery('');
    setActive(0);
    if (refocus) buttonRef.current?.focus();
  };

  const adopt = (c: Country) => {
    if (country === undefined) setOwnCode(c.code);
    onCountryChange?.(c);
  };

  const choose = (c: Country) => {
    adopt(c);
    close(true);
  };

  const hydrated = useHydrated();
  const nativeRef = useRef<HTMLSelectElement>(null);
  const takeover = useRef<'open' | 'focus' | null>(null);
  // The hydrating commit still shows the server's select (a client-only render never has one): take its choice,
  // and note whether the visitor is on it, before the next render swaps it for the button.
  useLayoutEffect(() => {
    const select = nativeRef.current;
    if (!select) return;
    const picked = findCountry(select.value);
    const changed = picked !== undefined && picked.code !== selected.code;
    if (changed) adopt(picked);
    // A tap on the select focuses it and opens its list: the visitor is choosing, so the choosing goes on.
    if (document.activeElement === select) takeover.current = changed ? 'focus' : 'open';
    // Only the hydrating commit has the select.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useLayoutEffect(() => {
    if (!hydrated || !takeover.current) return;
    if (takeover.current === 'open') setOpen(true);
    else buttonRef.current?.focus();
    takeover.current = null;
  }, [hydrated]);

  // Outside clicks close the picker; listening only while open keeps closed pickers free.
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent | TouchEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) {
        setOpen(false);
        setQuery('');
        setActive(0);
      }
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('touchstart', onDown);
    searchRef.current?.focus();
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('touchstart', onDown);
    };
  }, [open]);

  const onSearchKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((i) => Math.min(i + 1, results.length - 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (e.key === 'Enter') {
      e.preventDefault(); // never submit the surrounding form from the search box
      const pick = results[active];
      if (pick) choose(pick);
    }
  };

  const optionId = (code: string) => `${listId}-${code}`;

  return (
    <div
      ref={rootRef}
      className="relative flex w-full"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.preventDefault();
          e.stopPropagation(); // an enclosing dialog must not close too
          close(true);
        }
      }}
    >
      {hydrated ? (
        <button
          ref={buttonRef}
          type="button"
          disabled={disabled}
          aria-haspopup="listbox"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-label={`Country code: ${selected.name} ${selected.dialCode}`}
          onClick={() => (open ? close(false) : setOpen(true))}
          className="flex shrink-0 items-center gap-1 rounded-l-lg border border-r-0 border-border bg-surface px-2 text-sm text-text hover:bg-hover disabled:opacity-70"
        >
          <span aria-hidden="true">{selected.flag}</span>
          <span>{selected.dialCode}</span>
          <ChevronDownIcon aria-hidden="true" />
        </button>
      ) : (
        <select
          ref={nativeRef}
          name={name && `${name}Country`}
          aria-label="Country code"
          defaultValue={selected.code}
          disabled={disabled}
          className="w-24 shrink-0 rounded-l-lg border border-r-0 border-border bg-surface px-1 text-sm text-text"
        >
          {COUNTRIES.map((c) => (
            <option key={c.code} value={c.code}>
              {`${c.flag} ${c.dialCode} ${c.name}`}
            </option>
          ))}
        </select>
      )}
      <input
        {...input}
        type="tel"
        inputMode="tel"
        autoComplete={autoComplete}
        value={value}
        placeholder={placeholder}
        {...constraints}
        onChange={(e) => onChange(e.target.value)}
        className={cx('min-w-0 flex-1 rounded-l-none', inputClassName)}
      />
      {open && (
        <div className="absolute top-full left-0 z-30 mt-1 w-72 max-w-[calc(100vw-2rem)] rounded-lg border border-border bg-card p-2 shadow-lg">
          <div className="relative">
            <SearchIcon className="pointer-events-none absolute top-1/2 left-2 -translate-y-1/2 text-muted" />
            <input
              ref={searchRef}
              type="text"
              role="combobox"
              aria-label="Search countries"
              aria-expanded="true"
              aria-controls={results.length > 0 ? listId : undefined}
              aria-autocomplete="list"
              aria-activedescendant={results[active] ? optionId(results[active].code) : undefined}
              placeholder="Search countries..."
              value={query}
              onChange={(e) => {
                setQuery(e.target.value);
                setActive(0);
              }}
              onKeyDown={onSearchKey}
              className="w-full rounded-md border border-border bg-input py-1.5 pr-2 pl-8 text-sm text-text"
            />
          </div>
          {results.length > 0 && (
            <ul id={listId} role="listbox" aria-label="Countries" className="mt-2 max-h-60 overflow-y-auto">
              {results.map((c, i) => (
                <li
                  key={c.code}
                  id={optionId(c.code)}
                  role="option"
                  aria-selected={c.code === selected.code}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => choose(c)}
                  onMouseEnter={() => setActive(i)}
                  className={cx(
                    'flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm text-text',
                    i === active && 'bg-hover',
                    c.code === selected.code && 'font-semibold',
                  )}
                >
                  <span aria-hidden="true">{c.flag}</span>
                  <span className="flex-1">{c.name}</span>
                  <span className="text-muted">{c.dialCode}</span>
                </li>
              ))}
            </ul>
          )}
          {results.length === 0 && (
            <p role="status" className="px-2 py-3 text-center text-sm text-muted">
              {NO_COUNTRIES_FOUND}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
