// Cards of docs/PRODUCT.md (Validation): default, elevated, outlined, filled, glass.
import type { HTMLAttributes } from 'react';
import { cx } from './cx';

const variantClasses = {
  default: 'bg-card border border-border shadow-sm',
  elevated: 'bg-card shadow-lg shadow-black/5 dark:shadow-black/40',
  outlined: 'bg-transparent border-2 border-border',
  filled: 'bg-surface border border-transparent',
  glass: 'bg-glass border border-white/20 backdrop-blur-md shadow-sm',
};
export type CardVariant = keyof typeof variantClasses;

const paddingClasses = { none: '', sm: 'p-3', md: 'p-5', lg: 'p-7' } as const;

export interface CardProps extends HTMLAttributes<HTMLElement> {
  variant?: CardVariant;
  padding?: keyof typeof paddingClasses;
  as?: 'div' | 'section' | 'article' | 'li';
}

export function Card({ variant = 'default', padding = 'md', as: Tag = 'div', className, ...rest }: CardProps) {
  return (
    <Tag
      className={cx('rounded-xl text-text', variantClasses[variant], paddingClasses[padding], className)}
      {...rest}
    />
  );
}
