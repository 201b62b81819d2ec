// Whether the portal is on a narrow screen (a phone, a narrow window), followed as the window is resized or turned.
import { useSyncExternalStore } from 'react';
import { NARROW_SCREEN } from './sidebar-store';

const query = () => (typeof matchMedia === 'function' ? matchMedia(NARROW_SCREEN) : null);

function subscribe(changed: () => void) {
  const list = query();
  list?.addEventListener('change', changed);
  return () => list?.removeEventListener('change', changed);
}

export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => query()?.matches ?? false,
    () => false,
  );
}
