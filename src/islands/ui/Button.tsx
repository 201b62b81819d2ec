// Buttons of docs/PRODUCT.md (Validation) (sizes xs-xl; variants primary, secondary, outline, ghost, link, destructive,
// success). `comingSoon` is for the spec's buttons that have nothing to act on yet: they render disabled with
// a visible hint instead of pretending to work.
import { forwardRef, type AnchorHTMLAttributes, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { cx } from './cx';
import { Spinner } from './icons';

export const BUTTON_SIZES = ['xs', 'sm', 'md', 'lg', 'xl'] as const;
export const BUTTON_VARIANTS = ['primary', 'secondary', 'outline', 'ghost', 'link', 'destructive', 'success'] as const;
export type ButtonSize = (typeof BUTTON_SIZES)[number];
export type ButtonVariant = (typeof BUTTON_VARIANTS)[number];

export const COMING_SOON = 'Coming soon';

const sizeClasses: Record<ButtonSize, string> = {
  xs: 'px-2 py-1 text-xs gap-1',
  sm: 'px-3 py-1.5 text-sm gap-1.5',
  md: 'px-4 py-2 text-sm gap-2',
  lg: 'px-5 py-2.5 text-base gap-2',
  xl: 'px-6 py-3 text-lg gap-2.5',
};

// Solid fills use the "strong" shades so white text keeps AA contrast in both themes.
const variantClasses: Record<ButtonVariant, string> = {
  primary: 'bg-button text-button-text hover:brightness-110 shadow-sm',
  secondary: 'bg-tabs text-text hover:brightness-95 dark:hover:brightness-125',
  outline: 'border border-border bg-transparent text-text hover:bg-hover',
  ghost: 'bg-transparent text-text hover:bg-hover',
  link: 'bg-transparent text-primary-strong underline-offset-4 hover:underline px-0 py-0',
  destructive: 'bg-red-700 text-white hover:bg-red-800 shadow-sm',
  success: 'bg-emerald-700 text-white hover:bg-emerald-800 shadow-sm',
};

export interface ButtonStyleOptions {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  className?: string;
}

/** The button look as classes, for links that should look like buttons (e.g. a Download link). */
export function buttonClasses({ variant = 'primary', size = 'md', fullWidth, className }: ButtonStyleOptions = {}) {
  return cx(
    'inline-flex items-center justify-center rounded-lg font-medium transition',
    'disabled:cursor-not-allowed disabled:opacity-70 aria-disabled:cursor-not-allowed',
    sizeClasses[size],
    variantClasses[variant],
    fullWidth && 'w-full',
    className,
  );
}

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
      className={buttonClasses({ variant, size, fullWidth, className })}
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
