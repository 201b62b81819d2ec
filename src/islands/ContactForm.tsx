// The public Send Message form (docs/PRODUCT.md (Data, Validation)). It is a real form posting to
// POST /contact/ (docs/API.md), so it works before the island hydrates and without JavaScript: the browser
// checks the native constraints, the API answers the post with a 303 to /contact#message-sent, and the page
// shows the thank-you there (contact.astro). Once hydrated, fields validate as the visitor types (the kit's
// Field, spec messages), whatever was typed before is taken over (useFormTakeover), and on submit the shared
// contactSchema decides (loaded only when first needed so the page does not download zod up front); the island
// then posts JSON, maps the API's field messages back to the fields, and on 201 shows the thank-you and clears.
import { useEffect, useState, type SubmitEvent } from 'react';
import { api, apiErrorInfo, apiUrl, firstFieldErrors } from '../lib/client/api-client';
import { useHydrated } from './useHydrated';
import { useFormTakeover } from './useFormTakeover';
import { CheckboxGroup } from './ui/CheckboxGroup';
import { Field, type FieldProps } from './ui/Field';
import { Honeypot, HONEYPOT } from './ui/Honeypot';
import { contactFieldRules } from '../lib/shared/messages';
import { firstIssues } from '../lib/shared/validation';
import {
  CONTACT_SUCCESS,
  INQUIRY_TYPE_OPTIONS,
  MAX_SERVICES,
  MESSAGE_MAX,
  PREFERRED_CONTACT_OPTIONS,
  SERVICE_OPTIONS,
  prefillFromQuery,
  rateLimitedMessage,
} from '../lib/shared/messages/contact-options';
import { DEFAULT_COUNTRY_CODE } from '../lib/shared/constants';

interface Values {
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  preferredContact: string;
  inquiryType: string;
  services: string[];
}
type TextKey = Exclude<keyof Values, 'services'>;

const EMPTY: Values = {
  name: '',
  email: '',
  phone: '',
  subject: '',
  message: '',
  preferredContact: 'email',
  inquiryType: 'general',
  services: [],
};
const ORDER: (keyof Values)[] = ['name', 'email', 'phone', 'preferredContact', 'subject', 'inquiryType', 'message'];

const loadSchema = () => import('../lib/shared/schemas').then((m) => m.contactSchema);

/** Where the form posts, with or without JavaScript (PUBLIC_API_BASE_URL, as the API client resolves it). */
export const CONTACT_ACTION = apiUrl('/contact/');

/** Seconds from a 429's Retry-After header, when the answer carried one. */
function retryAfter(error: unknown): number | null {
  const header = (error as { response?: Response } | null)?.response?.headers.get('Retry-After');
  const seconds = Number(header);
  return header && Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

export default function ContactForm() {
  const [values, setValues] = useState<Values>(EMPTY);
  const [country, setCountry] = useState(DEFAULT_COUNTRY_CODE);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [banner, setBanner] = useState<string | null>(null);
  const [honeypot, setHoneypot] = useState('');
  // Changing the key remounts the fields, so a cleared form starts again without validation messages.
  const [generation, setGeneration] = useState(0);
  const hydrated = useHydrated();
  // What the visitor typed before hydration replaces the empty state (and wins over the query's prefill).
  const { formRef, touched, resetTouched } = useFormTakeover((typed) => {
    setValues((v) => {
      const next = { ...v, services: typed.all('services') };
      for (const key of ORDER) next[key as TextKey] = typed.text(key) || v[key as TextKey];
      return next;
    });
    setHoneypot(typed.text(HONEYPOT));
  });

  useEffect(() => {
    const prefill = prefillFromQuery(window.location.search);
    // The query string is only known in the browser; applying it after hydration keeps the server
    // HTML and the first client render identical. A field the visitor already filled keeps their text.
    if (prefill.inquiryType || prefill.subject) {
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setValues((v) => ({
        ...v,
        ...(prefill.inquiryType && v.inquiryType === EMPTY.inquiryType && { inquiryType: prefill.inquiryType }),
        ...(prefill.subject && !v.subject && { subject: prefill.subject }),
      }));
    }
  }, []);

  const set = (key: TextKey) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
    setSent(false);
  };

  const clear = () => {
    setValues(EMPTY);
    setCountry(DEFAULT_COUNTRY_CODE);
    setErrors({});
    resetTouched();
    setGeneration((g) => g + 1);
  };

  const focusFirst = (next: Partial<Record<keyof Values, string>>) => {
    const first = ORDER.find((k) => next[k]);
    formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setBanner(null);
    try {
      const schema = await loadSchema();
      const result = schema.safeParse(values);
      if (!result.success) {
        // The first failing message per field, as the spec asks.
        const next: Partial<Record<keyof Values, string>> = firstIssues(result.error.issues);
        setErrors(next);
        focusFirst(next);
        return;
      }
      try {
        await api('/contact/', { method: 'POST', body: { ...result.data, [HONEYPOT]: honeypot } });
      } catch (error) {
        const info = apiErrorInfo(error);
        const next: Partial<Record<keyof Values, string>> = firstFieldErrors(error);
        setErrors(next);
        if (info.status === 429) setBanner(rateLimitedMessage(retryAfter(error)));
        else if (!Object.keys(next).length) setBanner(info.detail || info.message);
        focusFirst(next);
        return;
      }
      clear();
      setSent(true);
    } finally {
      setBusy(false);
    }
  };

  // Every text field: its value, error and rules by name; the two selects are required without typing rules.
  const field = (name: TextKey, label: string, extra: Partial<FieldProps>) => (
    <Field
      name={name}
      label={label}
      value={values[name]}
      onChange={set(name)}
      externalError={errors[name]}
      touched={touched.has(name)}
      {...(name in contactFieldRules
        ? { rules: contactFieldRules[name as keyof typeof contactFieldRules], realTime: true }
        : { rules: { required: true } })}
      {...extra}
    />
  );

  return (
    <form
      ref={formRef}
      key={generation}
      method="post"
      action={CONTACT_ACTION}
      // The browser's own checks until the island runs, then the spec's messages (docs/PRODUCT.md (Validation)).
      noValidate={hydrated}
      onSubmit={submit}
      onFocus={() => void loadSchema()}
      className="grid gap-5 md:grid-cols-2"
      aria-label="Send Message"
    >
      {sent && (
        <p
          role="status"
          className="rounded-lg border border-success bg-card p-4 font-medium text-success md:col-span-2"
        >
          {CONTACT_SUCCESS}
        </p>
      )}
      {banner && (
        <p role="alert" className="rounded-lg border border-error bg-card p-4 text-sm text-text md:col-span-2">
          {banner}
        </p>
      )}
      <Honeypot value={honeypot} onChange={setHoneypot} />
      {field('name', 'Name', { autoComplete: 'name', placeholder: 'Your full name' })}
      {field('email', 'Email', { type: 'email', autoComplete: 'email', placeholder: 'you@example.com' })}
      {field('phone', 'Phone Number', {
        type: 'phone',
        country,
        onCountryChange: (c) => setCountry(c.code),
        placeholder: '24 555 0192',
        helperText: 'Optional',
      })}
      {field('preferredContact', 'Preferred Contact Method', {
        type: 'select',
        options: [...PREFERRED_CONTACT_OPTIONS],
      })}
      {field('subject', 'Subject', { placeholder: 'How can we help?' })}
      {field('inquiryType', 'Inquiry Type', { type: 'select', options: [...INQUIRY_TYPE_OPTIONS] })}
      <CheckboxGroup
        name="services"
        legend="Areas of Interest"
        options={[...SERVICE_OPTIONS]}
        value={values.services}
        onChange={(services) => setValues((v) => ({ ...v, services }))}
        max={MAX_SERVICES}
        columns={3}
        error={errors.services}
        className="md:col-span-2"
      />
      {field('message', 'Message', {
        type: 'textarea',
        rows: 6,
        placeholder: 'Write your message (at least 20 characters)',
        helperText: `${values.message.length}/${MESSAGE_MAX} characters`,
        className: 'md:col-span-2',
      })}
      <div className="md:col-span-2">
        <button
          type="submit"
          disabled={busy}
          className="w-full rounded-lg bg-button px-6 py-3 font-semibold text-button-text hover:opacity-90 disabled:opacity-70 md:w-auto"
        >
          {busy ? 'Sending...' : 'Send Message'}
        </button>
      </div>
    </form>
  );
}
