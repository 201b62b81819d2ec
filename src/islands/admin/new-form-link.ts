// The dashboard's quick actions open a screen's New form directly: they link to the screen with ?new=1
// (e.g. /sermons?new=1). The screen opens the form on arrival when the role may create, then drops the query,
// so a reload or a shared link does not open the form again.
import { useEffect, useState } from 'react';

/** The screen's address that opens its New form on arrival. */
export const newFormHref = (path: string) => `${path}?new=1`;

/** Whether this visit came for the New form. */
export const arrivedForNewForm = () =>
  typeof window !== 'undefined' && new URLSearchParams(window.location.search).get('new') === '1';

/** Drops ?new=1 from the address once the screen has read it. */
export function useDropNewFormQuery() {
  useEffect(() => {
    if (arrivedForNewForm()) window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);
}

/**
 * A screen's add-or-edit form: null when closed, `{ item: null }` for the New form, `{ item }` to edit one. It opens
 * as the New form on arrival when the visit came for it and the role may create.
 */
export function useItemForm<T>(mayCreate: boolean) {
  const [form, setForm] = useState<{ item: T | null } | null>(() =>
    arrivedForNewForm() && mayCreate ? { item: null } : null,
  );
  useDropNewFormQuery();
  return [form, setForm] as const;
}
