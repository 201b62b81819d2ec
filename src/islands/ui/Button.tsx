// Buttons of docs/PRODUCT.md (Validation); their classes come from button-classes.ts. `comingSoon` is for the
// spec's buttons that have nothing to act on yet: they render disabled with a visible hint instead of
// pretending to work.
import { forwardRef, type AnchorHTMLAttributes, type ButtonHTMLAttributes, type ReactNode, type Ref } from 'react';
import { buttonClasses, type ButtonStyleOptions } from './button-classes';
import { cx } from './cx';
import { CloseIcon, Spinner } from './icons';

export const COMING_SOON = 'Coming soon';

/** Only a <button> can be disabled: its look for that state. */
const DISABLED = 'disabled:cursor-not-allowed disabled:opacity-70';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonStyleOptions {
  loading?: boolean;
  /** Renders the button disabled with a visible "Coming soon" hint (no handler exists yet). */
  comingSoon?: boolean;
  icon?: ReactNode;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant = 'primary',
    size = 'md',
    fullWidth,
    loading = false,
    comingSoon = false,
    icon,
    className,
    children,
    disabled,
    type = 'button',
    onClick,
    title,
    ...rest
  },
  ref,
) {
  const inert = comingSoon || loading || disabled;
  return (
    <button
      ref={ref}
      type={type}
      disabled={inert}
      aria-busy={loading || undefined}
      title={comingSoon ? COMING_SOON : title}
      data-coming-soon={comingSoon || undefined}
      className={buttonClasses({ variant, size, fullWidth, className: cx(DISABLED, className) })}
      onClick={inert ? undefined : onClick}
      {...rest}
    >
      {loading ? <Spinner className="shrink-0" /> : icon}
      {children}
      {comingSoon && (
        <span className="rounded-full border border-current px-1.5 text-[0.7em] leading-4 font-normal whitespace-nowrap">
          {COMING_SOON}
        </span>
      )}
    </button>
  );
});

export interface LinkButtonProps extends AnchorHTMLAttributes<HTMLAnchorElement>, ButtonStyleOptions {
  icon?: ReactNode;
}

/** An <a> that looks like a Button: navigation stays a link (docs/ARCHITECTURE.md, Conventions). */
export function LinkButton({
  variant = 'primary',
  size = 'md',
  fullWidth,
  icon,
  className,
  children,
  ...rest
}: LinkButtonProps) {
  return (
    <a className={buttonClasses({ variant, size, fullWidth, className })} {...rest}>
      {icon}
      {children}
    </a>
  );
}

/** The × that closes a dialog or the navigation drawer; `label` says what it closes. */
export function CloseButton({
  ref,
  label,
  onClick,
  className,
}: {
  ref?: Ref<HTMLButtonElement>;
  label: string;
  onClick: () => void;
  className?: string;
}) {
  return (
    <button
      ref={ref}
      type="button"
      onClick={onClick}
      aria-label={label}
      className={cx('rounded-lg p-2 text-muted hover:bg-hover hover:text-text', className)}
    >
      <CloseIcon />
    </button>
  );
}
