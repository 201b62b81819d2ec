// The state the sermon and event form dialogs share: the values, one message per field (from the shared zod
// schema on submit, then from the server's 400), the banner and the saving flag; and the submit that checks,
// saves and shows a refusal where it belongs.
import { useState, type SubmitEvent } from 'react';
import { firstFieldErrors } from '../../lib/client/api-client';
import { firstIssues } from '../../lib/shared/validation';
import { contentErrorMessage } from './content-form';

type Checked<T> = { success: true; data: T } | { success: false; error: { issues: Parameters<typeof firstIssues>[0] } };

export function useContentForm<V extends object>(initial: () => V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  /** The change handler of one field: a new value clears that field's message. */
  const set =
    <K extends keyof V>(name: K) =>
    (value: V[K]) => {
      setValues((v) => ({ ...v, [name]: value }));
      setErrors((e) => ({ ...e, [name]: '' }));
    };

  /**
   * Checks the form (`check`, which loads the schema), then runs `save` with the checked payload. Invalid input
   * lands on its fields; a refused save puts the server's field messages on their fields and the failure in the
   * banner (`failure`: e.g. 'save the event').
   */
  async function submit<T>(
    event: SubmitEvent<HTMLFormElement>,
    opts: { check: () => Promise<Checked<T>>; save: (data: T) => Promise<unknown>; failure: string },
  ) {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setBanner(null);
    try {
      const checked = await opts.check();
      if (!checked.success) {
        setErrors(firstIssues(checked.error.issues));
        setSaving(false);
        return;
      }
      await opts.save(checked.data);
    } catch (error) {
      setErrors(firstFieldErrors(error));
      setBanner(contentErrorMessage(opts.failure, error));
      setSaving(false);
    }
  }

  return { values, errors, setErrors, banner, saving, setSaving, set, submit };
}
