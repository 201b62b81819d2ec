// The public Send Message form (docs/PRODUCT.md (Data, Validation)). It is a real form posting to
// POST /contact/ (docs/API.md), so it works before the island hydrates and without JavaScript: the browser
// checks the native constraints, the API answers the post with a 303 to /contact#message-sent, and the page
// shows the thank-you there (contact.astro). Once hydrated it behaves as every public form (usePublicForm):
// fields validate as the visitor types (the kit's Field, spec messages), what was typed before is taken over,
// the shared contactSchema decides on submit, the API's field messages go on their fields, and on 201 the
// thank-you shows and the form clears. A 429 says how long to wait. The phone goes as the whole number, read in
// the picked country (without JavaScript the picker's country goes with it and the server does the same).
import { useEffect, useState } from 'react';
import { CheckboxGroup } from './ui/CheckboxGroup';
import { Field, type FieldProps } from './ui/Field';
import { Honeypot } from './ui/Honeypot';
import { PhoneInput } from './ui/PhoneInput';
import { liveRules, FormNotices, SendButton, usePublicForm } from './usePublicForm';
import { apiUrl } from '../lib/client/api-client';
import type { FieldRules } from '../lib/shared/forms';
import { DEFAULT_COUNTRY, findCountry } from '../lib/shared/countries';
import { normalisePhone } from '../lib/shared/phone';
import { HONEYPOT_FIELD } from '../lib/shared/visitors/form-posts';
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

/** Where the form posts, with or without JavaScript. */
export const CONTACT_ACTION = apiUrl('/contact/');

/** Seconds from a 429's Retry-After header, when the answer carried one. */
function retryAfter(error: unknown): number | null {
  const header = (error as { response?: Response } | null)?.response?.headers.get('Retry-After');
  const seconds = Number(header);
  return header && Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

/** The number as E.164 in the picked country; as typed when it is not one, for the schema to say so. */
function wholePhone(typed: string, countryCode: string): string {
  const country = findCountry(countryCode) ?? DEFAULT_COUNTRY;
  return normalisePhone(typed, country.dialCode.slice(1)) ?? typed;
}

/** The fields whose rules the page reads from contactSchema (formRules) and hands over. */
export const CONTACT_FIELDS = ['name', 'email', 'phone', 'subject', 'message'] as const;

export default function ContactForm({ rules }: { rules: Record<(typeof CONTACT_FIELDS)[number], FieldRules> }) {
  // The picker's country (the visitor's choice stays for a next message).
  const [country, setCountry] = useState(DEFAULT_COUNTRY.code);
  const { values, setValues, bind, errors, banner, sent, busy, honeypot, form, formKey } = usePublicForm({
    path: '/contact/',
    empty: EMPTY,
    order: ORDER,
    loadSchema,
    // What was typed before hydration wins over the query's prefill.
    take: (typed, v) => {
      const next = { ...v, services: typed.all('services') };
      for (const key of ORDER) next[key as TextKey] = typed.text(key) || v[key as TextKey];
      return next;
    },
    body: (v, honeypot) => ({ ...v, phone: wholePhone(v.phone, country), [HONEYPOT_FIELD]: honeypot }),
    refusal: (info, error) =>
      info.status === 429 ? rateLimitedMessage(retryAfter(error)) : (info.detail ?? info.message),
  });
  useEffect(() => {
    const prefill = prefillFromQuery(window.location.search);
    // The query string is only known in the browser; applying it after hydration keeps the server
    // HTML and the first client render identical. A field the visitor already filled keeps their text.
    if (prefill.inquiryType || prefill.subject) {
      setValues((v) => ({
        ...v,
        ...(prefill.inquiryType && v.inquiryType === EMPTY.inquiryType && { inquiryType: prefill.inquiryType }),
        ...(prefill.subject && !v.subject && { subject: prefill.subject }),
      }));
    }
  }, [setValues]);

  // Every text field: its value, error and rules by name; the two selects are required without typing rules.
  const field = (name: TextKey, label: string, extra: Partial<FieldProps>) => (
    <Field {...bind(name)} label={label} {...liveRules(rules, name)} {...extra} />
  );

  return (
    <form key={formKey} {...form} className="grid gap-5 md:grid-cols-2" aria-label="Send Message">
      <FormNotices sent={sent} thanks={CONTACT_SUCCESS} banner={banner} />
      <Honeypot {...honeypot} />
      {field('name', 'Name', { autoComplete: 'name', placeholder: 'Your full name' })}
      {field('email', 'Email', { type: 'email', autoComplete: 'email', placeholder: 'you@example.com' })}
      {field('phone', 'Phone Number', {
        type: 'phone',
        phoneInput: PhoneInput,
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
      <SendButton busy={busy} label="Send Message" />
    </form>
  );
}
