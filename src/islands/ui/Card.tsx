// Cards of docs/PRODUCT.md (Validation): default, elevated, outlined, filled, glass; and a card that is a section.
import type { HTMLAttributes, ReactNode } from 'react';
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

/** A card that is a section of its page: its heading names it; an action (a button) may stand beside it. */
export function SectionCard({
  id,
  title,
  action,
  children,
}: {
  /** The heading's id. */
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card as="section" aria-labelledby={id}>
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 id={id} className="text-base font-semibold text-text">
          {title}
        </h3>
        {action}
      </div>
      {children}
    </Card>
  );
}
