// The public forms' one behaviour (contact, prayer request, event registration; docs/PRODUCT.md (Validation)):
// - the server HTML is a real <form method="post"> posting to the API (apiUrl), with the fields' native
//   constraints, so it works before the island hydrates and without JavaScript;
// - once hydrated the form sets noValidate, takes over what the visitor typed, chose and left before
//   (useFormTakeover), and the spec's messages show instead of the browser's;
// - on submit the shared zod schema decides (loaded on first focus or submit, so no page downloads zod up
//   front), the first failing field gets the focus, and the body is posted as JSON through the API client with
//   the honeypot field (HONEYPOT_FIELD);
// - the API's field messages go on their fields, any other refusal to the form's banner (role="alert"); on
//   success the form clears (a new key remounts the fields without messages) and says thank you (role="status").
import { useState, type SubmitEvent } from 'react';
import type { ZodType } from 'zod';
import { api, apiErrorInfo, apiUrl, firstFieldErrors, type ApiErrorInfo } from '../lib/client/api-client';
import { HONEYPOT_FIELD } from '../lib/shared/visitors/form-posts';
import { firstIssues } from '../lib/shared/validation';
import type { FieldRules } from '../lib/shared/forms';
import { useFormTakeover, type TypedValues } from './useFormTakeover';
import { useHydrated } from './useHydrated';

export type Errors<V> = Partial<Record<keyof V & string, string>>;

export interface PublicFormOptions<V> {
  /** The API path the form posts to, e.g. '/contact/'. */
  path: string;
  /** The cleared form. */
  empty: V;
  /** The fields in page order: a refusal focuses the first one with a message. */
  order: readonly (keyof V & string)[];
  /** The shared schema that decides on submit, loaded when first needed. */
  loadSchema: () => Promise<ZodType>;
  /** The form's values from what the visitor entered before hydration. */
  take: (typed: TypedValues, values: V) => V;
  /** The JSON posted; by default the values with the honeypot, as the plain post sends them. */
  body?: (values: V, honeypot: string) => Record<string, unknown>;
  /** The banner for a refusal without field messages; by default the API's detail. */
  refusal?: (info: ApiErrorInfo, error: unknown) => string;
}

export function usePublicForm<V extends object>(options: PublicFormOptions<V>) {
  const { path, empty, order, loadSchema, take } = options;
  const hydrated = useHydrated();
  const [values, setValues] = useState<V>(empty);
  const [errors, setErrors] = useState<Errors<V>>({});
  const [banner, setBanner] = useState<string | null>(null);
  // The API's answer to the last send (undefined until one succeeds, and again once the visitor edits).
  const [answer, setAnswer] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const [honeypot, setHoneypot] = useState('');
  const [generation, setGeneration] = useState(0);
  const { formRef, touched, resetTouched } = useFormTakeover((typed) => {
    setValues((v) => take(typed, v));
    setHoneypot(typed.text(HONEYPOT_FIELD));
  });

  /** The change handler of one field: the new value, its submit message gone, the thank-you too. */
  const set =
    <K extends keyof V & string>(key: K) =>
    (value: V[K]) => {
      setValues((v) => ({ ...v, [key]: value }));
      setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
      setAnswer(undefined);
    };

  /** What ties a kit Field to one value: its name, value, change handler, message and whether it was typed in. */
  const bind = <K extends keyof V & string>(key: K) => ({
    name: key,
    value: values[key],
    onChange: set(key),
    externalError: errors[key],
    touched: touched.has(key),
  });

  const showErrors = (next: Errors<V>) => {
    setErrors(next);
    const first = order.find((k) => next[k]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const onSubmit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setBanner(null);
    try {
      // The schema judges the very JSON the API will judge.
      const body = options.body ? options.body(values, honeypot) : { ...values, [HONEYPOT_FIELD]: honeypot };
      const result = (await loadSchema()).safeParse(body);
      if (!result.success) return showErrors(firstIssues(result.error.issues) as Errors<V>);
      let reply: unknown;
      try {
        reply = await api(path, { method: 'POST', body });
      } catch (error) {
        const next = firstFieldErrors(error) as Errors<V>;
        if (!Object.keys(next).length) {
          const info = apiErrorInfo(error);
          setBanner(options.refusal ? options.refusal(info, error) : (info.detail ?? info.message));
        }
        return showErrors(next);
      }
      setValues(empty);
      setErrors({});
      setHoneypot('');
      resetTouched();
      setGeneration((g) => g + 1);
      setAnswer(reply ?? null);
    } finally {
      setBusy(false);
    }
  };

  return {
    values,
    setValues,
    set,
    bind,
    errors,
    banner,
    /** A send succeeded (and nothing was edited since); `answer` is what the API said. */
    sent: answer !== undefined,
    answer,
    busy,
    /** The honeypot's value and change handler (<Honeypot {...honeypot} />). */
    honeypot: { value: honeypot, onChange: setHoneypot },
    /** The <form>'s key: a new one after a send remounts the fields without messages. */
    formKey: generation,
    /** Spread on the <form>. */
    form: {
      ref: formRef,
      method: 'post',
      action: apiUrl(path),
      // The browser's own checks until the island runs, then the spec's messages.
      noValidate: hydrated,
      onSubmit,
      onFocus: () => void loadSchema(),
    },
  };
}

/**
 * A field's rules (from the form's schema, handed over by its page: formRules of lib/shared/forms.ts), checked as the
 * visitor types; a field without typing rules (a select) is only required.
 */
export function liveRules(rules: Readonly<Record<string, FieldRules>>, name: string) {
  return Object.hasOwn(rules, name) ? { rules: rules[name], realTime: true } : { rules: { required: true } };
}

/**
 * The thank-you, as it appears, takes the focus and scrolls to the top of the view below the sticky header (its
 * scroll margin): the visitor pressed a button at the form's foot, and on a phone the thank-you at its head was
 * off screen (issue 28). A stable function, so React calls it once per thank-you, not on every render.
 */
function bringIntoSight(el: HTMLElement | null) {
  if (!el) return;
  el.focus({ preventScroll: true });
  el.scrollIntoView({ block: 'start' });
}

/** The form's live messages: the thank-you after a send, and a refusal no field message explains. */
export function FormNotices({ sent, thanks, banner }: { sent: boolean; thanks: string; banner: string | null }) {
  return (
    <>
      {sent && (
        <p
          ref={bringIntoSight}
          role="status"
          tabIndex={-1}
          className="scroll-mt-24 rounded-lg border border-success bg-card p-4 font-medium text-success md:col-span-2"
        >
          {thanks}
        </p>
      )}
      {banner && (
        <p role="alert" className="rounded-lg border border-error bg-card p-4 text-sm text-text md:col-span-2">
          {banner}
        </p>
      )}
    </>
  );
}

/** The contact and prayer forms' button: the width of the form on a phone, "Sending..." while the post runs. */
export function SendButton({ busy, label }: { busy: boolean; label: string }) {
  return (
    <div className="md:col-span-2">
      <button
        type="submit"
        disabled={busy}
        className="w-full rounded-lg bg-button px-6 py-3 font-semibold text-button-text hover:opacity-90 disabled:opacity-70 md:w-auto"
      >
        {busy ? 'Sending...' : label}
      </button>
    </div>
  );
}
