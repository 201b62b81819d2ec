// The form field of docs/PRODUCT.md (Validation): a label plus one control (text, password with show/hide, email, tel,
// phone with the country picker, textarea, select), in the default, modern or minimal style. The form owns
// the value; the field runs the generic validation (src/lib/shared/validation.ts) as the person types when `realTime`
// is on, but only once the field has been focused and then edited or left, and shows the first failing
// message. A form's submit can show its own message through `externalError`.
// The rules also become the control's native constraints (required, minlength, maxlength, pattern; see
// native-constraints.ts) so the browser checks the field before the island hydrates or without JavaScript.
// A field the visitor touched before hydration (`touched`, from useFormTakeover) validates at once.
// The phone picker (PhoneInput and its list of countries, about 4 KB compressed) is handed in by the form that has
// one (`phoneInput`), not imported here: every form with a Field, /login's among them, would download it.
import { useId, useLayoutEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useHydrated } from '../useHydrated';
import { validateField } from '../../lib/shared/validation';
import type { FieldRules } from '../../lib/shared/forms';
import type { Country } from '../../lib/shared/countries';
import { cx } from './cx';
import { CheckIcon, EyeIcon, EyeOffIcon, Spinner } from './icons';
import type { PhoneInputProps } from './PhoneInput';
import { nativeConstraints } from './native-constraints';

export const FIELD_VARIANTS = ['default', 'modern', 'minimal'] as const;
export type FieldVariant = (typeof FIELD_VARIANTS)[number];
export const FIELD_TYPES = ['text', 'password', 'email', 'tel', 'phone', 'textarea', 'select'] as const;
export type FieldType = (typeof FIELD_TYPES)[number] | 'number' | 'date' | 'time' | 'url' | 'search';

/** Form option of docs/PRODUCT.md (Data). */
export interface FormOption {
  value: string;
  label: string;
  disabled?: boolean;
  description?: string;
}

export type FieldState = 'default' | 'focused' | 'error' | 'success' | 'loading' | 'disabled';

const variantClasses: Record<FieldVariant, string> = {
  default: 'rounded-lg border bg-input px-3 py-2',
  modern: 'rounded-xl border-2 bg-surface px-4 py-2.5 shadow-sm',
  minimal: 'rounded-none border-0 border-b-2 bg-transparent px-1 py-2',
};

const stateBorder: Record<FieldState, string> = {
  default: 'border-border',
  focused: 'border-primary-strong',
  error: 'border-error',
  success: 'border-success',
  loading: 'border-border',
  disabled: 'border-border opacity-70 cursor-not-allowed',
};

export interface FieldProps {
  name: string;
  label?: string;
  type?: FieldType;
  variant?: FieldVariant;
  value: string;
  onChange: (value: string) => void;
  rules?: FieldRules;
  /** Validate as the person types (after the first focus). */
  realTime?: boolean;
  /** A message from the form (e.g. on submit); shown in place of the field's own. */
  externalError?: string | null;
  loading?: boolean;
  disabled?: boolean;
  placeholder?: string;
  helperText?: ReactNode;
  rows?: number;
  options?: FormOption[];
  id?: string;
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric' | 'decimal' | 'search' | 'url' | 'none';
  className?: string;
  /** Hide the label visually (it stays for screen readers), e.g. for search boxes and filters. */
  hideLabel?: boolean;
  /** For type "phone": the picker (ui/PhoneInput), without which the field is a plain tel input; the chosen
   * country (ISO code) and its change handler. */
  phoneInput?: ComponentType<PhoneInputProps>;
  country?: string;
  onCountryChange?: (country: Country) => void;
  onBlur?: () => void;
  onFocus?: () => void;
  /** The visitor typed in or left this field before the island hydrated: validate it now (useFormTakeover). */
  touched?: boolean;
}

export function Field({
  name,
  label,
  type = 'text',
  variant = 'default',
  value,
  onChange,
  rules,
  realTime = false,
  externalError,
  loading = false,
  disabled = false,
  placeholder,
  helperText,
  rows = 4,
  options = [],
  id,
  autoComplete,
  inputMode,
  className,
  hideLabel = false,
  phoneInput: PhoneInput,
  country,
  onCountryChange,
  onBlur,
  onFocus,
  touched = false,
}: FieldProps) {
  const autoId = useId();
  const inputId = id ?? `${name}-${autoId}`;
  const messageId = `${inputId}-message`;
  const helperId = `${inputId}-helper`;
  const [focused, setFocused] = useState(false);
  const [focusedOnce, setFocusedOnce] = useState(false);
  // Validation starts after the first focus AND an edit or a blur, so merely clicking into an empty
  // field does not greet the person with "X is required".
  const [engaged, setEngaged] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const hydrated = useHydrated();

  // The visitor may already be in this control when the island hydrates (the focus event came before
  // React listened): adopt that focus so leaving or editing the field validates it as usual.
  useLayoutEffect(() => {
    if (document.activeElement?.id === inputId) {
      // Syncing with the DOM's focus, which React could not see; runs once, before the first paint.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setFocused(true);
      setFocusedOnce(true);
    }
    // Only the first mount can miss a focus event.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const active = touched || (focusedOnce && engaged);
  const ownError = realTime && active ? validateField(value, rules, { label, name, type }) : null;
  const error = externalError || ownError || null;
  const success = !error && realTime && active && value.trim() !== '';
  const state: FieldState = disabled
    ? 'disabled'
    : error
      ? 'error'
      : loading
        ? 'loading'
        : success
          ? 'success'
          : focused
            ? 'focused'
            : 'default';

  const describedBy = cx(error && messageId, helperText ? helperId : undefined) || undefined;
  const controlClass = cx(
    'w-full text-text placeholder:text-muted/80 outline-none transition focus-visible:outline-none',
    variantClasses[variant],
    stateBorder[state],
  );

  const handleFocus = () => {
    setFocused(true);
    setFocusedOnce(true);
    onFocus?.();
  };
  const handleBlur = () => {
    setFocused(false);
    if (focusedOnce) setEngaged(true);
    onBlur?.();
  };
  const handleChange = (next: string) => {
    if (focusedOnce) setEngaged(true);
    onChange(next);
  };

  const native = nativeConstraints(rules, hydrated);
  const common = {
    id: inputId,
    name,
    disabled,
    required: native.required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': rules?.required || undefined,
    onFocus: handleFocus,
    onBlur: handleBlur,
  };

  let control: ReactNode;
  if (type === 'textarea') {
    control = (
      <textarea
        {...common}
        minLength={native.minLength}
        maxLength={native.maxLength}
        rows={rows}
        value={value}
        placeholder={placeholder}
        onChange={(e) => handleChange(e.target.value)}
        className={cx(controlClass, 'resize-y')}
      />
    );
  } else if (type === 'select') {
    control = (
      <select {...common} value={value} onChange={(e) => handleChange(e.target.value)} className={controlClass}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled} title={o.description}>
            {o.label}
          </option>
        ))}
      </select>
    );
  } else if (type === 'phone' && PhoneInput) {
    control = (
      <PhoneInput
        input={common}
        value={value}
        onChange={handleChange}
        country={country}
        onCountryChange={onCountryChange}
        placeholder={placeholder}
        constraints={native}
        autoComplete={autoComplete}
        inputClassName={controlClass}
      />
    );
  } else {
    const isPassword = type === 'password';
    control = (
      <div className="relative">
        <input
          {...common}
          {...native}
          type={isPassword ? (showPassword ? 'text' : 'password') : type === 'phone' ? 'tel' : type}
          value={value}
          placeholder={placeholder}
          autoComplete={autoComplete}
          inputMode={inputMode ?? (type === 'email' ? 'email' : type === 'tel' || type === 'phone' ? 'tel' : undefined)}
          onChange={(e) => handleChange(e.target.value)}
          className={cx(controlClass, (isPassword || loading || success) && 'pr-10')}
        />
        <span className="absolute inset-y-0 right-2 flex items-center gap-1">
          {loading && <Spinner className="text-muted" />}
          {!loading && success && !isPassword && <CheckIcon className="text-success" />}
          {isPassword && (
            <button
              type="button"
              disabled={disabled}
              onClick={() => setShowPassword((v) => !v)}
              aria-label={showPassword ? 'Hide password' : 'Show password'}
              aria-pressed={showPassword}
              aria-controls={inputId}
              className="rounded p-1 text-muted hover:text-text"
            >
              {showPassword ? <EyeOffIcon /> : <EyeIcon />}
            </button>
          )}
        </span>
      </div>
    );
  }

  return (
    <div className={cx('flex flex-col gap-1', className)} data-state={state} aria-busy={loading || undefined}>
      {label && (
        <label htmlFor={inputId} className={cx('text-sm font-medium text-text', hideLabel && 'sr-only')}>
          {label}
          {rules?.required && (
            <span className="text-error" aria-hidden="true">
              {' '}
              *
            </span>
          )}
        </label>
      )}
      {control}
      {helperText && (
        <p id={helperId} className="text-xs text-muted">
          {helperText}
        </p>
      )}
      {error && (
        <p id={messageId} className="flex items-center gap-1 text-sm text-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
