// A multi-select of checkboxes (docs/PRODUCT.md (Validation)): with an optional maximum, the counter '(n/max selected)'
// shows, and once the maximum is reached the unselected options are disabled. And one checkbox with its label.
import { useId, type ReactNode } from 'react';
import { cx } from './cx';
import type { FormOption } from './Field';

export interface CheckboxGroupProps {
  name: string;
  legend: string;
  options: FormOption[];
  value: string[];
  onChange: (value: string[]) => void;
  max?: number;
  disabled?: boolean;
  error?: string | null;
  columns?: 1 | 2 | 3;
  className?: string;
}

/** The next selection after toggling one option, respecting the maximum. Pure, for tests and forms. */
export function toggleSelection(current: readonly string[], option: string, max?: number): string[] {
  if (current.includes(option)) return current.filter((v) => v !== option);
  if (max !== undefined && current.length >= max) return [...current];
  return [...current, option];
}

export function CheckboxGroup({
  name,
  legend,
  options,
  value,
  onChange,
  max,
  disabled = false,
  error,
  columns = 2,
  className,
}: CheckboxGroupProps) {
  const baseId = useId();
  const errorId = `${baseId}-error`;
  const atMax = max !== undefined && value.length >= max;
  return (
    <fieldset
      className={cx('flex flex-col gap-2', className)}
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
      disabled={disabled}
    >
      <legend className="mb-1 text-sm font-medium text-text">
        {legend}
        {max !== undefined && (
          <span className="ml-1 font-normal text-muted" data-testid="checkbox-counter">
            ({value.length}/{max} selected)
          </span>
        )}
      </legend>
      <div
        className={cx(
          'grid gap-2',
          columns === 1 ? 'grid-cols-1' : columns === 2 ? 'sm:grid-cols-2' : 'sm:grid-cols-3',
        )}
      >
        {options.map((o) => {
          const checked = value.includes(o.value);
          const optionDisabled = o.disabled || (atMax && !checked);
          const id = `${baseId}-${o.value}`;
          return (
            <div key={o.value} className={cx('flex items-start gap-2', optionDisabled && 'opacity-70')}>
              <input
                id={id}
                type="checkbox"
                name={name}
                value={o.value}
                checked={checked}
                disabled={optionDisabled}
                aria-describedby={o.description ? `${id}-desc` : undefined}
                onChange={() => onChange(toggleSelection(value, o.value, max))}
                className="mt-0.5 size-4 accent-[var(--c-primary-strong)]"
              />
              <label htmlFor={id} className="text-sm text-text">
                {o.label}
                {o.description && (
                  <span id={`${id}-desc`} className="block text-xs text-muted">
                    {o.description}
                  </span>
                )}
              </label>
            </div>
          );
        })}
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** One checkbox of a form, its label beside it. */
export function Checkbox({
  name,
  checked,
  onChange,
  disabled,
  className,
  children,
}: {
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  /** The label's classes beyond the usual. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <label className={cx('flex items-center gap-2 text-sm text-text', className)}>
      <input
        type="checkbox"
        name={name}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        disabled={disabled}
      />
      {children}
    </label>
  );
}
