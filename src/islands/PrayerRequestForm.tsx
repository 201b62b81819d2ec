// The prayer request form of /prayers (docs/PRODUCT.md (Pages and screens, Validation)). Its server HTML is a
// working plain form: it posts to the API, which answers 303 back to /prayers#request-sent, so a visitor
// without JavaScript (or before it arrives) can send a request. Once hydrated it behaves as every public form
// (usePublicForm): fields validate as the visitor types (the kit's Field, spec messages), whatever was typed or
// chosen before is taken over, the shared prayerRequestSchema decides on submit, the request is sent as JSON,
// and a thank-you shows while the form clears. What a visitor types is only ever text.
import { Field, type FieldProps } from './ui/Field';
import { Honeypot } from './ui/Honeypot';
import { liveRules, FormNotices, SendButton, usePublicForm } from './usePublicForm';
import type { FieldRules } from '../lib/shared/forms';
import { apiUrl } from '../lib/client/api-client';
import { HONEYPOT_FIELD } from '../lib/shared/visitors/form-posts';
import { PRAYER_CATEGORIES } from '../lib/shared/visitors/rules';
import { PRAYER_CATEGORY_LABELS, PRAYER_THANKS } from '../lib/shared/prayers/wall';

/** The API's prayer call (the plain post and the script's JSON alike). */
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

const loadSchema = () => import('../lib/shared/schemas').then((m) => m.prayerRequestSchema);

/** The fields whose rules the page reads from prayerRequestSchema (formRules) and hands over. */
export const PRAYER_FIELDS = ['name', 'email', 'phone', 'title', 'description'] as const;

export default function PrayerRequestForm({ rules }: { rules: Record<(typeof PRAYER_FIELDS)[number], FieldRules> }) {
  const { values, setValues, bind, banner, sent, busy, honeypot, form, formKey } = usePublicForm({
    path: '/prayers/',
    empty: EMPTY,
    order: ORDER,
    loadSchema,
    take: (typed, v) => {
      const next = { ...v, isPublic: typed.text('isPublic') !== 'false', urgent: typed.all('urgent').length > 0 };
      for (const key of ORDER) next[key] = typed.text(key) || v[key];
      return next;
    },
    // The trap goes along only when something filled it.
    body: (v, bait) => ({ ...v, ...(bait && { [HONEYPOT_FIELD]: bait }) }),
  });

  const field = (name: TextKey, label: string, extra: Partial<FieldProps>) => (
    <Field {...bind(name)} label={label} {...liveRules(rules, name)} {...extra} />
  );

  const choice = 'flex items-center gap-2 text-sm text-text';
  return (
    <form key={formKey} {...form} className="grid gap-5 md:grid-cols-2" aria-label="Send a Prayer Request">
      <FormNotices sent={sent} thanks={PRAYER_THANKS} banner={banner} />
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
        helperText: `${values.description.length}/${rules.description.maxLength} characters`,
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
      <Honeypot {...honeypot} />
      <SendButton busy={busy} label="Send Prayer Request" />
    </form>
  );
}
