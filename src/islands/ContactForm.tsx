// The public Send Message form (docs/PRODUCT.md (Data, Validation)). Fields validate as the visitor types (the
// kit's Field, spec messages); on submit the shared contactSchema decides, loaded only when first
// needed so the page does not download zod up front. Nothing is sent: the form is logged, a thank-you
// shows and the form clears.
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { CheckboxGroup } from './ui/CheckboxGroup';
import { Field, type FieldProps } from './ui/Field';
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
} from '../lib/shared/contact-options';
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

export default function ContactForm() {
  const [values, setValues] = useState<Values>(EMPTY);
  const [country, setCountry] = useState(DEFAULT_COUNTRY_CODE);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  // Changing the key remounts the fields, so a cleared form starts again without validation messages.
  const [generation, setGeneration] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    const prefill = prefillFromQuery(window.location.search);
    // The query string is only known in the browser; applying it after hydration keeps the server
    // HTML and the first client render identical.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (prefill.inquiryType || prefill.subject) setValues((v) => ({ ...v, ...prefill }));
  }, []);

  const set = (key: TextKey) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
    setSent(false);
  };

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const schema = await loadSchema();
      const result = schema.safeParse(values);
      if (!result.success) {
        // The first failing message per field, as the spec asks.
        const next: Partial<Record<keyof Values, string>> = firstIssues(result.error.issues);
        setErrors(next);
        const first = ORDER.find((k) => next[k]);
        formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
        return;
      }
      // No server call for the contact form (docs/PRODUCT.md (Who it is for)): the message is only logged.
      console.info('Contact form submitted', { ...result.data, country });
      setValues(EMPTY);
      setCountry(DEFAULT_COUNTRY_CODE);
      setErrors({});
      setGeneration((g) => g + 1);
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
      noValidate
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
