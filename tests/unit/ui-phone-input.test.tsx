// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { act, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { PhoneInput } from '../../src/islands/ui/PhoneInput';
import { COUNTRIES } from '../../src/lib/shared/countries';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
afterEach(() => {
  cleanup();
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

function Harness({ onCountry }: { onCountry?: (code: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <div>
      <p>Outside</p>
      <PhoneInput
        input={{ id: 'phone', name: 'phone' }}
        value={value}
        onChange={setValue}
        onCountryChange={(c) => onCountry?.(c.code)}
      />
    </div>
  );
}

const picker = () => screen.getByRole('button', { name: /^Country code:/ });
const search = () => screen.getByRole('combobox', { name: 'Search countries' }) as HTMLInputElement;

describe('PhoneInput', () => {
  it('defaults to Ghana and opens a listbox of every country', () => {
    render(<Harness />);
    expect(picker().getAttribute('aria-label')).toBe('Country code: Ghana +233');
    expect(picker().getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(picker());
    expect(picker().getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('option')).toHaveLength(COUNTRIES.length);
    expect(screen.getByRole('option', { name: /Ghana/ }).getAttribute('aria-selected')).toBe('true');
  });

  it('searches by name, dial code and code, and says when nothing matches', () => {
    render(<Harness />);
    fireEvent.click(picker());
    fireEvent.change(search(), { target: { value: 'NIGERIA' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([expect.stringContaining('Nigeria')]);
    fireEvent.change(search(), { target: { value: '+44' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toContainEqual(
      expect.stringContaining('United Kingdom'),
    );
    fireEvent.change(search(), { target: { value: 'de' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toContainEqual(expect.stringContaining('Germany'));
    fireEvent.change(search(), { target: { value: 'Atlantis' } });
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('No countries found')).toBeTruthy();
  });

  it('selecting a country closes the picker, updates the button and reports it', () => {
    const onCountry = vi.fn();
    render(<Harness onCountry={onCountry} />);
    fireEvent.click(picker());
    fireEvent.change(search(), { target: { value: 'kenya' } });
    fireEvent.click(screen.getByRole('option', { name: /Kenya/ }));
    expect(onCountry).toHaveBeenCalledWith('KE');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(picker().getAttribute('aria-label')).toBe('Country code: Kenya +254');
  });

  it('keyboard: arrows and Enter choose, Escape closes and returns focus', () => {
    render(<Harness />);
    fireEvent.click(picker());
    fireEvent.change(search(), { target: { value: 'united' } }); // Arab Emirates, Kingdom, States
    fireEvent.keyDown(search(), { key: 'ArrowDown' });
    fireEvent.keyDown(search(), { key: 'Enter' });
    expect(picker().getAttribute('aria-label')).toBe('Country code: United Kingdom +44');
    fireEvent.click(picker());
    fireEvent.keyDown(search(), { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(picker());
  });

  it('closes on an outside click and clears its search text', () => {
    render(<Harness />);
    fireEvent.click(picker());
    fireEvent.change(search(), { target: { value: 'zzz' } });
    fireEvent.mouseDown(screen.getByText('Outside'));
    expect(screen.queryByRole('combobox')).toBeNull();
    fireEvent.click(picker());
    expect(search().value).toBe('');
    expect(screen.getAllByRole('option')).toHaveLength(COUNTRIES.length);
  });

  it('the toggle button closes it too, and typing the number works', () => {
    render(<Harness />);
    fireEvent.click(picker());
    fireEvent.click(picker());
    expect(screen.queryByRole('listbox')).toBeNull();
    const input = document.getElementById('phone') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '024 123 4567' } });
    expect(input.value).toBe('024 123 4567');
    expect(input.type).toBe('tel');
  });
});

describe('PhoneInput before hydration', () => {
  /** The server's HTML in the page, `before` run on it (the visitor), then hydration. */
  function serveThenHydrate(onCountry: (code: string) => void, before: (page: HTMLElement) => void) {
    const element = <Harness onCountry={onCountry} />;
    const page = document.createElement('div');
    page.innerHTML = renderToString(element);
    document.body.append(page);
    before(page);
    act(() => {
      root = hydrateRoot(page, element);
    });
    return page;
  }

  it('is the browser’s own select of the countries with their dial codes, Ghana chosen, posted as <name>Country', () => {
    const page = document.createElement('div');
    page.innerHTML = renderToString(<Harness />);
    const select = page.querySelector('select')!;
    expect(select.getAttribute('aria-label')).toBe('Country code');
    expect(select.getAttribute('name')).toBe('phoneCountry');
    expect([...select.options].map((o) => [o.value, o.textContent])).toEqual(
      COUNTRIES.map((c) => [c.code, `${c.flag} ${c.dialCode} ${c.name}`]),
    );
    expect(select.querySelector('option[selected]')?.getAttribute('value')).toBe('GH');
    // No scripted button that a tap could not yet open.
    expect(page.querySelector('button')).toBeNull();
  });

  it('on hydration the picker takes over the country chosen and the focus', () => {
    const onCountry = vi.fn();
    const page = serveThenHydrate(onCountry, (served) => {
      const select = served.querySelector('select')!;
      select.value = 'KE';
      select.focus();
    });
    expect(page.querySelector('select')).toBeNull();
    expect(picker().getAttribute('aria-label')).toBe('Country code: Kenya +254');
    expect(onCountry).toHaveBeenCalledWith('KE');
    expect(document.activeElement).toBe(picker());
  });

  it('a select tapped before hydration (focused, its list open) opens as the searchable list, search focused', () => {
    const onCountry = vi.fn();
    serveThenHydrate(onCountry, (served) => {
      const select = served.querySelector('select')!;
      select.value = 'GH'; // happy-dom: see below
      select.focus();
    });
    expect(screen.getAllByRole('option')).toHaveLength(COUNTRIES.length);
    expect(document.activeElement).toBe(search());
    expect(onCountry).not.toHaveBeenCalled();
    fireEvent.change(search(), { target: { value: 'togo' } });
    fireEvent.keyDown(search(), { key: 'Enter' });
    expect(picker().getAttribute('aria-label')).toBe('Country code: Togo +228');
    expect(onCountry).toHaveBeenCalledWith('TG');
  });

  it('an untouched select changes nothing and takes no focus', () => {
    const onCountry = vi.fn();
    // happy-dom starts a parsed select one option off its `selected` one; a browser starts on it (Ghana).
    serveThenHydrate(onCountry, (served) => void (served.querySelector('select')!.value = 'GH'));
    expect(picker().getAttribute('aria-label')).toBe('Country code: Ghana +233');
    expect(onCountry).not.toHaveBeenCalled();
    expect(document.activeElement).not.toBe(picker());
  });
});
