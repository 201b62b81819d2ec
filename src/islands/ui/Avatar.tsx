// A person's picture, falling back to initials (format.ts) when there is no image or it fails to load.
import { useState } from 'react';
import { fullName, initials } from '../../lib/shared/format';
import { cx } from './cx';

export interface AvatarPerson {
  first_name?: string | null;
  last_name?: string | null;
  username?: string | null;
  avatar?: string | null;
}

const sizeClasses = {
  xs: 'size-6 text-[0.6rem]',
  sm: 'size-8 text-xs',
  md: 'size-10 text-sm',
  lg: 'size-14 text-lg',
  xl: 'size-24 text-3xl',
} as const;

export interface AvatarProps {
  user: AvatarPerson;
  /** Overrides user.avatar. */
  src?: string | null;
  size?: keyof typeof sizeClasses;
  className?: string;
}

export function Avatar({ user, src, size = 'md', className }: AvatarProps) {
  const url = src ?? user.avatar ?? null;
  // Remember which URL failed, so a new URL gets its own chance to load.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showImage = !!url && failedUrl !== url;
  const name = fullName(user) || 'User';
  const base = cx(
    'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full',
    sizeClasses[size],
    className,
  );
  if (showImage) {
    return (
      <img src={url} alt={name} className={cx(base, 'object-cover')} onError={() => setFailedUrl(url)} loading="lazy" />
    );
  }
  return (
    <span role="img" aria-label={name} className={cx(base, 'bg-button font-semibold text-button-text select-none')}>
      <span aria-hidden="true">{initials(user)}</span>
    </span>
  );
}
