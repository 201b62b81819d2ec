// The button look of docs/PRODUCT.md (Validation) as class names (sizes xs-xl; variants primary, secondary,
// outline, ghost, link, destructive, success, and inverse / inverse-outline for links on the coloured bands).
// Plain TypeScript, no React: the kit's Button and the Astro pages' link buttons both build their classes here.
import { cx } from './cx';

const sizeClasses = {
  xs: 'px-2 py-1 text-xs gap-1',
  sm: 'px-3 py-1.5 text-sm gap-1.5',
  md: 'px-4 py-2 text-sm gap-2',
  lg: 'px-5 py-2.5 text-base gap-2',
  xl: 'px-6 py-3 text-lg gap-2.5',
};

export type ButtonSize = keyof typeof sizeClasses;

// Solid fills use the "strong" shades so white text keeps AA contrast in both themes.
const variantClasses = {
  primary: 'bg-button text-button-text hover:brightness-110 shadow-sm',
  secondary: 'bg-tabs text-text hover:brightness-95 dark:hover:brightness-125',
  outline: 'border border-border bg-transparent text-text hover:bg-hover',
  ghost: 'bg-transparent text-text hover:bg-hover',
  link: 'bg-transparent text-primary-strong underline-offset-4 hover:underline px-0 py-0',
  destructive: 'bg-red-700 text-white hover:bg-red-800 shadow-sm',
  success: 'bg-emerald-700 text-white hover:bg-emerald-800 shadow-sm',
  inverse: 'bg-white text-sky-900 hover:bg-sky-50',
  'inverse-outline': 'border-2 border-white text-white hover:bg-white/10',
};
export type ButtonVariant = keyof typeof variantClasses;

export interface ButtonStyleOptions {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  className?: string;
}

/** The button look as classes: for <button>s (Button adds its disabled styles) and links that look like buttons. */
export function buttonClasses({ variant = 'primary', size = 'md', fullWidth, className }: ButtonStyleOptions = {}) {
  return cx(
    'inline-flex items-center justify-center rounded-lg font-medium transition',
    sizeClasses[size],
    variantClasses[variant],
    fullWidth && 'w-full',
    className,
  );
}
