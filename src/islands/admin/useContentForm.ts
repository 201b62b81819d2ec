// The state every portal form dialog shares: the values, one message per field (from the shared zod schema on
// submit, then from the server's 400), the banner and the saving flag; and the submit that checks, saves and
// shows a refusal where it belongs. The schema loads with the form's first focus or save, not with the screen.
import { useState, type SubmitEvent } from 'react';
import { firstFieldErrors } from '../../lib/client/api-client';
import { firstIssues } from '../../lib/shared/validation';
import { useFormFields } from '../ui/useFormFields';
import { contentErrorMessage } from './content-form';

type Checked<T> = { success: true; data: T } | { success: false; error: { issues: Parameters<typeof firstIssues>[0] } };
type Schema<T> = { safeParse: (input: unknown) => Checked<T> };

export interface SubmitOptions<T> {
  /** Loads the schema that checks the payload as the API does. */
  schema: () => Promise<Schema<T>>;
  /** What is checked and sent, from the values as they stand. */
  payload: () => unknown;
  save: (data: T) => Promise<unknown>;
  /** The banner of a refused save: what was being done ('save the event' gives "Failed to save the event. …"),
   * or the whole text from the error. */
  failure: string | ((error: unknown) => string);
}

/** A schema that came with the screen (its module holds what the screen reads too), as `schema` takes it. */
export const loadedSchema =
  <T>(schema: T) =>
  () =>
    Promise.resolve(schema);

export function useContentForm<V extends object>(initial: () => V) {
  const { values, errors, setErrors, set, bind } = useFormFields(initial);
  const [banner, setBanner] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  /**
   * Checks the payload with the schema, then saves it. Invalid input lands on its fields; a refused save puts the
   * server's field messages on their fields and the failure in the banner.
   */
  async function submit<T>(event: SubmitEvent<HTMLFormElement>, opts: SubmitOptions<T>) {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setBanner(null);
    try {
      const checked = (await opts.schema()).safeParse(opts.payload());
      if (!checked.success) {
        setErrors(firstIssues(checked.error.issues));
        setSaving(false);
        return;
      }
      await opts.save(checked.data);
    } catch (error) {
      setErrors(firstFieldErrors(error));
      setBanner(typeof opts.failure === 'string' ? contentErrorMessage(opts.failure, error) : opts.failure(error));
      setSaving(false);
    }
  }

  /** FormDialog's saving flag, banner and handlers for this form. */
  const dialog = <T>(opts: SubmitOptions<T>) => ({
    saving,
    banner,
    onFocus: () => void opts.schema(),
    onSubmit: (event: SubmitEvent<HTMLFormElement>) => submit(event, opts),
  });

  return { values, errors, setErrors, banner, saving, setSaving, set, bind, submit, dialog };
}
