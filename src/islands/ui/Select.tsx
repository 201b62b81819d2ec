// A labelled native <select> for filters (screens' status/category/... filters). The label may be visually
// hidden, but it is always there for assistive technology.
import { useId } from 'react';
import { cx } from './cx';
import type { FormOption } from './Field';

export interface SelectProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly FormOption[];
  hideLabel?: boolean;
  name?: string;
  className?: string;
  disabled?: boolean;
}

export function Select({ label, value, onChange, options, hideLabel = false, name, className, disabled }: SelectProps) {
  const id = useId();
  return (
    <div className={cx('flex flex-col gap-1', className)}>
      <label htmlFor={id} className={cx('text-sm font-medium text-text', hideLabel && 'sr-only')}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        className="rounded-lg border border-border bg-input px-3 py-2 text-sm text-text"
      >
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
