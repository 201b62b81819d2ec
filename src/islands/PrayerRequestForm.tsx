// The prayer request form of /prayers (docs/PRODUCT.md (Pages and screens, Validation)). Its server HTML is a
// working plain form: it posts to the API, which answers 303 back to /prayers#request-sent, so a visitor
// without JavaScript (or before it arrives) can send a request. Once hydrated it behaves like the contact
// form: fields validate as the visitor types (the kit's Field, spec messages), the shared prayerRequestSchema
// decides on submit (loaded only when first needed, so the page ships no zod up front), the request is sent
// as JSON, and a thank-you shows while the form clears. Whatever was typed or chosen before the script arrived is
// taken over (useFormTakeover), with the spec's message on every field already left. What a visitor types is
// only ever text.
import { useState, type SubmitEvent } from 'react';
import { Field, type FieldProps } from './ui/Field';
import { Honeypot, HONEYPOT } from './ui/Honeypot';
import { useHydrated } from './useHydrated';
import { useFormTakeover } from './useFormTakeover';
import { apiUrl } from '../lib/client/api-client';
import { firstIssues } from '../lib/shared/validation';
import { PRAYER_CATEGORIES, prayerFieldRules } from '../lib/shared/visitors/rules';
import { PRAYER_CATEGORY_LABELS, PRAYER_THANKS } from '../lib/shared/prayers/wall';

/** The API's prayer call, where PUBLIC_API_BASE_URL puts it (the plain post and the script's JSON alike). */
export const PRAYER_FORM_ACTION = apiUrl('/prayers/');

interface Values {
  name: string;
  email: string;
  phone: string;
  title: string;
  description: string;
  category: string;
  isPublic: boolean;
  urgent: boolean;
}
type TextKey = 'name' | 'email' | 'phone' | 'title' | 'description' | 'category';

const EMPTY: Values = {
  name: '',
  email: '',
  phone: '',
  title: '',
  description: '',
  category: '',
  isPublic: true,
  urgent: false,
};
const ORDER: TextKey[] = ['name', 'email', 'phone', 'title', 'category', 'description'];
const CATEGORY_OPTIONS = PRAYER_CATEGORIES.map((value) => ({ value, label: PRAYER_CATEGORY_LABELS[value] }));
const GENERIC_FAILURE = 'Your request could not be sent. Please try again, or call us.';

const loadSchema = () => import('../lib/shared/schemas').then((m) => m.prayerRequestSchema);

export default function PrayerRequestForm() {
  const hydrated = useHydrated();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<TextKey, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  // Changing the key remounts the fields, so a cleared form starts again without validation messages.
  const [generation, setGeneration] = useState(0);
  const [honeypot, setHoneypot] = useState('');
  // What the visitor typed or chose before hydration replaces the empty state.
  const { formRef, touched, resetTouched } = useFormTakeover((typed) => {
    setValues((v) => {
      const next = { ...v, isPublic: typed.text('isPublic') !== 'false', urgent: typed.all('urgent').length > 0 };
      for (const key of ORDER) next[key] = typed.text(key) || v[key];
      return next;
    });
    setHoneypot(typed.text(HONEYPOT));
  });

  const set = (key: TextKey) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
    setSent(false);
  };

  const showErrors = (next: Partial<Record<TextKey, string>>) => {
    setErrors(next);
    const first = ORDER.find((k) => next[k]);
    formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      const schema = await loadSchema();
      const result = schema.safeParse(values);
      if (!result.success) return showErrors(firstIssues(result.error.issues));
      const res = await fetch(PRAYER_FORM_ACTION, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ ...values, ...(honeypot && { website: honeypot }) }),
      });
      if (res.status === 400) {
        const body = (await res.json().catch(() => ({}))) as { errors?: Record<string, string[]> };
        const next = Object.fromEntries(Object.entries(body.errors ?? {}).map(([k, list]) => [k, list[0]]));
        if (Object.keys(next).length) return showErrors(next);
      }
      if (!res.ok) {
        const body = (await res.json().catch(() => ({}))) as { detail?: string };
        setFailure(body.detail ?? GENERIC_FAILURE);
        return;
      }
      setValues(EMPTY);
      setErrors({});
      resetTouched();
      setGeneration((g) => g + 1);
      setSent(true);
    } catch {
      setFailure(GENERIC_FAILURE);
    } finally {
      setBusy(false);
    }
  };

  const field = (name: TextKey, label: string, extra: Partial<FieldProps>) => (
    <Field
      name={name}
      label={label}
      value={values[name]}
      onChange={set(name)}
      externalError={errors[name]}
      touched={touched.has(name)}
      {...(name in prayerFieldRules
        ? { rules: prayerFieldRules[name as keyof typeof prayerFieldRules], realTime: true }
        : { rules: { required: true } })}
      {...extra}
    />
  );

  const choice = 'flex items-center gap-2 text-sm text-text';
  return (
    <form
      ref={formRef}
      key={generation}
      method="post"
      action={PRAYER_FORM_ACTION}
      // Before hydration the browser's own checks (the fields' native constraints) guard the plain post.
      noValidate={hydrated}
      onSubmit={submit}
      onFocus={() => void loadSchema()}
      className="grid gap-5 md:grid-cols-2"
      aria-label="Send a Prayer Request"
    >
      {sent && (
        <p
          role="status"
          className="rounded-lg border border-success bg-card p-4 font-medium text-success md:col-span-2"
        >
          {PRAYER_THANKS}
        </p>
      )}
      {failure && (
        <p role="alert" className="rounded-lg border border-error bg-card p-4 text-error md:col-span-2">
          {failure}
        </p>
      )}
      {field('name', 'Name', { autoComplete: 'name', placeholder: 'Your name' })}
      {field('email', 'Email', {
        type: 'email',
        autoComplete: 'email',
        placeholder: 'you@example.com',
        helperText: 'Optional, if you would like us to follow up',
      })}
      {field('phone', 'Phone Number', {
        type: 'tel',
        autoComplete: 'tel',
        placeholder: '024 555 0192',
        helperText: 'Optional',
      })}
      {field('category', 'Category', {
        type: 'select',
        placeholder: 'Choose a category',
        options: CATEGORY_OPTIONS,
      })}
      {field('title', 'Title', { placeholder: 'A few words about your request', className: 'md:col-span-2' })}
      {field('description', 'Prayer Request', {
        type: 'textarea',
        rows: 5,
        placeholder: 'Tell us as much or as little as you wish (at least 10 characters)',
        helperText: `${values.description.length}/${prayerFieldRules.description.maxLength} characters`,
        className: 'md:col-span-2',
      })}
      <fieldset className="flex flex-col gap-2 md:col-span-2">
        <legend className="text-sm font-medium text-text">Who may see it</legend>
        <label className={choice}>
          <input
            type="radio"
            name="isPublic"
            value="true"
            checked={values.isPublic}
            onChange={() => setValues((v) => ({ ...v, isPublic: true }))}
          />
          Share on the prayer wall (first name only, once our team approves it)
        </label>
        <label className={choice}>
          <input
            type="radio"
            name="isPublic"
            value="false"
            checked={!values.isPublic}
            onChange={() => setValues((v) => ({ ...v, isPublic: false }))}
          />
          Keep private (only our pastoral prayer team sees it)
        </label>
      </fieldset>
      <label className={`${choice} md:col-span-2`}>
        <input
          type="checkbox"
          name="urgent"
          checked={values.urgent}
          onChange={(e) => setValues((v) => ({ ...v, urgent: e.target.checked }))}
        />
        This is urgent: please let the pastors know at once
      </label>
      <Honeypot value={honeypot} onChange={setHoneypot} />
      <div className="md:col-span-2">
        <button
          type="submit"
          disabled={busy}
          className="w-full rounded-lg bg-button px-6 py-3 font-semibold text-button-text hover:opacity-90 disabled:opacity-70 md:w-auto"
        >
          {busy ? 'Sending...' : 'Send Prayer Request'}
        </button>
      </div>
    </form>
  );
}
