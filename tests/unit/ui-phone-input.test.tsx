// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { PhoneInput } from '../../src/islands/ui/PhoneInput';

afterEach(cleanup);

function Harness({ onCountry }: { onCountry?: (code: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <div>
      <p>Outside</p>
      <PhoneInput id="phone" value={value} onChange={setValue} onCountryChange={(c) => onCountry?.(c.code)} />
    </div>
  );
}

const picker = () => screen.getByRole('button', { name: /^Country code:/ });
const search = () => screen.getByRole('combobox', { name: 'Search countries' }) as HTMLInputElement;

describe('PhoneInput', () => {
  it('defaults to Ghana and opens a listbox of the 30 countries', () => {
    render(<Harness />);
    expect(picker().getAttribute('aria-label')).toBe('Country code: Ghana +233');
    expect(picker().getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(picker());
    expect(picker().getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('option')).toHaveLength(30);
    expect(screen.getByRole('option', { name: /Ghana/ }).getAttribute('aria-selected')).toBe('true');
  });

  it('searches by name, dial code and code, and says when nothing matches', () => {
    render(<Harness />);
    fireEvent.click(picker());
    fireEvent.change(search(), { target: { value: 'NIG' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([expect.stringContaining('Nigeria')]);
    fireEvent.change(search(), { target: { value: '+44' } });
    expect(screen.getAllByRole('option')[0].textContent).toContain('United Kingdom');
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
    fireEvent.change(search(), { target: { value: '+1' } });
    fireEvent.keyDown(search(), { key: 'ArrowDown' });
    fireEvent.keyDown(search(), { key: 'Enter' });
    expect(picker().getAttribute('aria-label')).toBe('Country code: Canada +1');
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
    expect(screen.getAllByRole('option')).toHaveLength(30);
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
