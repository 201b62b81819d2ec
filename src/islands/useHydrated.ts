// False in the server HTML and during hydration, true once the island runs in the browser: controls
// that only work with JavaScript render disabled until then.
import { useSyncExternalStore } from 'react';

const noop = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}
