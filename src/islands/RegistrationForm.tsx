// An event's Register (or Join the Waitlist) form on /events (docs/PRODUCT.md (Events and Prayers)). Its server
// HTML is a plain form posting to the API, which answers 303 back to /events#registration-{status}; the card
// hydrates it only once the visitor opens the form (client:visible inside the closed <details>), so /events
// loads no script up front. Hydrated, it behaves as every public form (usePublicForm) and thanks the visitor
// in place with the status the API gave; the card's figures (its elements marked data-figure, server HTML outside
// the island) take the event's figures from the same answer, so "24 spots left" does not wait for a reload.
import { useEffect, useState } from 'react';
import { Field, type FieldProps } from './ui/Field';
import { Honeypot } from './ui/Honeypot';
import { FormNotices, usePublicForm } from './usePublicForm';
import { HONEYPOT_FIELD, REGISTRATION_THANKS } from '../lib/shared/visitors/form-posts';
import type { FieldRules } from '../lib/shared/forms';
import { buttonClasses } from './ui/button-classes';
import { cx } from './ui/cx';
import { figureTexts, type EventFigures } from '../lib/shared/events/figures';

/** Writes the event's figures into its card (EventCard.astro's data-figure elements). */
function showFigures(card: Element | null | undefined, figures: EventFigures) {
  if (!card) return;
  const texts = figureTexts(figures);
  for (const name of ['summary', 'places', 'action'] as const) {
    const el = card.querySelector(`[data-figure="${name}"]`);
    if (el) el.textContent = texts[name];
  }
  const bar = card.querySelector<HTMLProgressElement>('progress[data-figure="bar"]');
  if (bar && figures.capacity !== null) {
    bar.max = figures.capacity;
    bar.value = Math.min(figures.registered, figures.capacity);
    bar.setAttribute('aria-label', `${texts.percent}% full`);
  }
}

interface Values {
  name: string;
  email: string;
  phone: string;
  seats: string;
}
type TextKey = Exclude<keyof Values, 'seats'>;

const EMPTY: Values = { name: '', email: '', phone: '', seats: '1' };
const ORDER: (keyof Values)[] = ['name', 'email', 'phone', 'seats'];

const loadSchema = () => import('../lib/shared/schemas').then((m) => m.registrationSchema);

export interface RegistrationFormProps {
  eventId: string;
  eventTitle: string;
  /** The event is full: the form joins the waitlist. */
  full: boolean;
  /** From registrationSchema (formRules of lib/shared/forms.ts), read by the page. */
  rules: Record<(typeof REGISTRATION_FIELDS)[number], FieldRules>;
}

/** The fields whose rules the page reads from registrationSchema and hands over. */
export const REGISTRATION_FIELDS = ['name', 'email', 'phone', 'seats'] as const;

export default function RegistrationForm({ eventId, eventTitle, full: fullAtLoad, rules }: RegistrationFormProps) {
  const { values, set, bind, errors, banner, sent, answer, busy, honeypot, form, formKey } = usePublicForm({
    path: `/events/${eventId}/registrations/`,
    empty: EMPTY,
    order: ORDER,
    loadSchema,
    take: (typed, v) => {
      const next = { ...v };
      for (const key of ORDER) next[key] = typed.text(key) || v[key];
      return next;
    },
    // Seats travel as a number, as the plain post's reader makes them.
    body: (v, bait) => ({ ...v, seats: Number(v.seats), [HONEYPOT_FIELD]: bait }),
  });
  const seatsId = `${eventId}-seats`;
  const seatsMessageId = `${seatsId}-message`;
  const receipt = answer as { status?: string; event?: EventFigures } | undefined;
  const status = receipt?.status === 'waitlisted' ? 'waitlisted' : 'confirmed';
  // The latest figures the API gave, kept once the visitor starts typing again (which clears the answer): full
  // since the page loaded means the next registration joins the waitlist.
  const [latest, setLatest] = useState<EventFigures | null>(null);
  if (receipt?.event && receipt.event !== latest) setLatest(receipt.event);
  const full = latest ? figureTexts(latest).full : fullAtLoad;
  useEffect(() => {
    if (latest) showFigures(form.ref.current?.closest('article'), latest);
  }, [latest, form.ref]);

  const field = (name: TextKey, label: string, extra: Partial<FieldProps>) => (
    <Field id={`${eventId}-${name}`} {...bind(name)} label={label} rules={rules[name]} realTime {...extra} />
  );

  return (
    <form
      key={formKey}
      {...form}
      className="mt-4 grid gap-3"
      aria-label={`${full ? 'Join the waitlist for' : 'Register for'} ${eventTitle}`}
    >
      <FormNotices sent={sent} thanks={REGISTRATION_THANKS[status]} banner={banner} />
      {field('name', 'Name', { autoComplete: 'name' })}
      {field('email', 'Email', { type: 'email', autoComplete: 'email' })}
      {field('phone', 'Phone Number', { type: 'tel', autoComplete: 'tel', helperText: 'Optional' })}
      <div className="flex flex-col gap-1">
        <label htmlFor={seatsId} className="text-sm font-medium text-text">
          Seats
          {rules.seats.required && <span aria-hidden="true"> *</span>}
        </label>
        <input
          id={seatsId}
          name="seats"
          type="number"
          inputMode="numeric"
          min={rules.seats.min}
          max={rules.seats.max}
          step={1}
          required={rules.seats.required}
          value={values.seats}
          onChange={(e) => set('seats')(e.target.value)}
          aria-invalid={errors.seats ? true : undefined}
          aria-describedby={errors.seats ? seatsMessageId : undefined}
          className={cx(
            'w-full rounded-lg border bg-input px-3 py-2 text-text',
            errors.seats ? 'border-error' : 'border-border',
          )}
        />
        {errors.seats && (
          <p id={seatsMessageId} role="alert" className="text-sm text-error">
            {errors.seats}
          </p>
        )}
      </div>
      <Honeypot {...honeypot} />
      <button type="submit" disabled={busy} className={buttonClasses({})}>
        {busy ? 'Sending...' : full ? 'Join the Waitlist' : 'Confirm Registration'}
      </button>
      <p className="text-xs text-muted">
        We email you a confirmation with the event for your calendar and a link to cancel.
      </p>
    </form>
  );
}
