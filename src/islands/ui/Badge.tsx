// Small status chips (roles, statuses, Private, categories). Tinted backgrounds with the theme's strong text
// colours keep AA contrast in both themes.
import type { HTMLAttributes } from 'react';
import { cx } from './cx';

const variantClasses = {
  neutral: 'bg-hover text-text border-border',
  primary: 'bg-tabs text-text border-primary/40',
  success: 'bg-success/10 text-success border-success/30',
  // amber-800 in light: the theme's warning shade is too light for small text on a tinted chip.
  warning: 'bg-warning/10 text-amber-800 dark:text-warning border-warning/30',
  error: 'bg-error/10 text-error border-error/30',
  info: 'bg-primary/10 text-primary-strong border-primary/30',
};
export type BadgeVariant = keyof typeof variantClasses;

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  variant?: BadgeVariant;
  size?: 'sm' | 'md';
}

export function Badge({ variant = 'neutral', size = 'sm', className, ...rest }: BadgeProps) {
  return (
    <span
      className={cx(
        'inline-flex items-center gap-1 rounded-full border font-medium whitespace-nowrap',
        size === 'sm' ? 'px-2 py-0.5 text-xs' : 'px-2.5 py-1 text-sm',
        variantClasses[variant],
        className,
      )}
      {...rest}
    />
  );
}
