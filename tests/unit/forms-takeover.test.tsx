// @vitest-environment happy-dom
// useFormTakeover and the Field's native constraints: a server-rendered form the visitor typed into before the
// island hydrated keeps the text, shows the spec's message for a field already left, and keeps the focus.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { Field } from '../../src/islands/ui/Field';
import { htmlPattern, nativeConstraints } from '../../src/islands/ui/native-constraints';
import { isDirty, readTakeover, useFormTakeover } from '../../src/islands/useFormTakeover';
import { useHydrated } from '../../src/islands/useHydrated';
import { EMAIL_PATTERN, LINK_PATTERN, LOCAL_PHONE_PATTERN, PHONE_PATTERN } from '../../src/lib/shared/messages';
import ContactForm, { CONTACT_FIELDS } from '../../src/islands/ContactForm';
import RegistrationForm, { REGISTRATION_FIELDS } from '../../src/islands/RegistrationForm';
import { formRules } from '../../src/lib/shared/forms';
import { contactSchema, registrationSchema } from '../../src/lib/shared/schemas';
import { REGISTRATION_THANKS } from '../../src/lib/shared/visitors/form-posts';

// React warns unless the environment says act() is in use.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Form() {
  const [name, setName] = useState('');
  const [city, setCity] = useState('');
  const hydrated = useHydrated();
  const { formRef, touched } = useFormTakeover((typed) => {
    setName(typed.text('name'));
    setCity(typed.text('city'));
  });
  return (
    <form ref={formRef} method="post" action="/x" noValidate={hydrated} aria-label="Test">
      <Field
        name="name"
        label="Name"
        value={name}
        onChange={setName}
        rules={{ required: true, minLength: 2, maxLength: 50 }}
        realTime
        touched={touched.has('name')}
      />
      <Field
        name="city"
        label="City"
        value={city}
        onChange={setCity}
        rules={{ required: true, minLength: 2 }}
        realTime
        touched={touched.has('city')}
      />
    </form>
  );
}

let root: Root | null = null;
let container: HTMLElement;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container?.remove();
});

/** The server's HTML in the page, `before` run on it (the visitor typing), then hydration. */
function serveThenHydrate(element: React.ReactElement, before: (container: HTMLElement) => void = () => {}) {
  container = document.createElement('div');
  container.innerHTML = renderToString(element);
  document.body.append(container);
  before(container);
  act(() => {
    root = hydrateRoot(container, element);
  });
  return container;
}

const input = (name: string) => container.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
const type = (name: string, value: string) => {
  input(name).value = value;
};

describe('the server-rendered form', () => {
  it('carries native constraints and no novalidate until it hydrates', () => {
    const html = renderToString(<Form />);
    expect(html).not.toContain('novalidate');
    const served = document.createElement('div');
    served.innerHTML = html;
    const name = served.querySelector('[name="name"]')!;
    expect([name.hasAttribute('required'), name.getAttribute('minlength'), name.getAttribute('maxlength')]).toEqual([
      true,
      '2',
      '50',
    ]);
    serveThenHydrate(<Form />);
    expect(container.querySelector('form')!.noValidate).toBe(true);
    // After hydration a too-long paste is kept and refused by the spec's message instead of cut short.
    expect(input('name').hasAttribute('maxlength')).toBe(false);
    expect(input('name').required).toBe(true);
  });
});

describe('useFormTakeover', () => {
  it('keeps what was typed before hydration and shows the spec message for a field already left', () => {
    serveThenHydrate(<Form />, () => {
      type('name', 'A');
      type('city', 'Accra');
    });
    expect(input('name').value).toBe('A');
    const alerts = [...container.querySelectorAll('[role="alert"]')].map((a) => a.textContent);
    expect(alerts).toEqual(['Minimum 2 characters required']);
    // A later render (typing elsewhere) writes the state into the DOM: the early text must be in it.
    act(() => {
      input('city').value = 'Kumasi';
      input('city').dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(input('name').value).toBe('A');
    expect(input('city').value).toBe('Kumasi');
  });

  it('does nothing when nothing was typed: no messages greet the visitor', () => {
    serveThenHydrate(<Form />);
    expect(container.querySelectorAll('[role="alert"]')).toHaveLength(0);
    expect(input('name').value).toBe('');
  });

  it('leaves the focus where the visitor is, and that field validates as they go on', () => {
    serveThenHydrate(<Form />, () => input('city').focus());
    expect(document.activeElement).toBe(input('city'));
    expect(input('city').closest('[data-state]')!.getAttribute('data-state')).toBe('focused');
    act(() => input('city').blur());
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('City is required');
  });

  it('reads checkboxes and selects by what the visitor changed', () => {
    container = document.createElement('div');
    container.innerHTML =
      '<form><input type="checkbox" name="s" value="a"><input type="checkbox" name="s" value="b">' +
      '<select name="k"><option value="x" selected>x</option><option value="y">y</option></select></form>';
    document.body.append(container);
    const form = container.querySelector('form')!;
    expect(readTakeover(form).typed).toBeNull();
    const [, b] = form.querySelectorAll<HTMLInputElement>('input');
    b.checked = true;
    form.querySelector('select')!.value = 'y';
    expect(isDirty(b)).toBe(true);
    expect(isDirty(form.querySelector('select')!)).toBe(true);
    const { typed, touched } = readTakeover(form);
    expect(typed!.all('s')).toEqual(['b']);
    expect(typed!.text('k')).toBe('y');
    expect([...touched].sort()).toEqual(['k', 's']);
  });

  it('the contact form keeps a visitor’s early text and interests, with the honeypot out of reach', () => {
    serveThenHydrate(<ContactForm rules={formRules(contactSchema, CONTACT_FIELDS)} />, () => {
      type('name', 'A');
      type('email', 'ama@example.com');
      container.querySelector<HTMLInputElement>('input[name="services"][value="youth"]')!.checked = true;
    });
    expect(input('name').value).toBe('A');
    expect(input('email').value).toBe('ama@example.com');
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('Minimum 2 characters required');
    expect(container.querySelector<HTMLInputElement>('input[name="services"][value="youth"]')!.checked).toBe(true);
    expect(container.textContent).toContain('(1/3 selected)');
    const form = container.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/api/v1/contact/');
    const bait = input('website');
    expect(bait.tabIndex).toBe(-1);
    expect(bait.getAttribute('autocomplete')).toBe('off');
    expect(bait.closest('[aria-hidden="true"]')).not.toBeNull();
  });
});

describe('the contact form’s phone country before hydration', () => {
  it('is a native select whose choice and focus the island takes over', () => {
    serveThenHydrate(<ContactForm rules={formRules(contactSchema, CONTACT_FIELDS)} />, (served) => {
      const select = served.querySelector<HTMLSelectElement>('select[aria-label="Country code"]')!;
      select.value = 'NG';
      select.focus();
    });
    const picker = container.querySelector<HTMLButtonElement>('button[aria-haspopup="listbox"]')!;
    expect(picker.getAttribute('aria-label')).toBe('Country code: Nigeria +234');
    expect(document.activeElement).toBe(picker);
    expect(container.querySelector('select[aria-label="Country code"]')).toBeNull();
    // Nothing else was typed, so no field greets the visitor with a message.
    expect(container.querySelectorAll('[role="alert"]')).toHaveLength(0);
  });
});

describe('the registration form', () => {
  afterEach(() => vi.unstubAllGlobals());
  const form = (
    <RegistrationForm
      eventId="couples-dinner"
      eventTitle="Couples Dinner"
      full={false}
      rules={formRules(registrationSchema, REGISTRATION_FIELDS)}
    />
  );

  it('is a plain form posting to the API with the browser’s checks, a phone with its country code allowed', () => {
    const served = document.createElement('div');
    served.innerHTML = renderToString(form);
    const plain = served.querySelector('form')!;
    expect([plain.getAttribute('method'), plain.getAttribute('action')]).toEqual([
      'post',
      '/api/v1/events/couples-dinner/registrations/',
    ]);
    expect(plain.hasAttribute('novalidate')).toBe(false);
    const seats = plain.querySelector('[name="seats"]')!;
    expect([seats.getAttribute('min'), seats.getAttribute('max'), seats.getAttribute('value')]).toEqual([
      '1',
      '10',
      '1',
    ]);
    const phone = plain.querySelector('[name="phone"]')!.getAttribute('pattern')!;
    expect(new RegExp(`^(?:${phone})$`, 'v').test('+233 24 555 0100')).toBe(true);
    expect(plain.querySelector('[name="website"]')!.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('hydrated, takes over what was typed, posts JSON with seats as a number and thanks by status', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValue(Response.json({ id: 4, status: 'waitlisted', seats: 2 }, { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    serveThenHydrate(form, () => {
      type('name', 'Kofi Boateng');
      type('email', 'kofi@example.org');
      type('phone', '+233 24 555 0111');
      type('seats', '2');
    });
    expect(input('seats').value).toBe('2');
    await act(async () => {
      container.querySelector('form')!.requestSubmit();
    });
    await vi.waitFor(() => expect(container.textContent).toContain(REGISTRATION_THANKS.waitlisted));
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toBe('/api/v1/events/couples-dinner/registrations/');
    expect(JSON.parse(init.body)).toEqual({
      name: 'Kofi Boateng',
      email: 'kofi@example.org',
      phone: '+233 24 555 0111',
      seats: 2,
      website: '',
    });
    expect(input('name').value).toBe('');
  });
});

describe('native constraints', () => {
  it('turn the spec rules into attributes, maxlength only before hydration', () => {
    expect(nativeConstraints({ required: true, minLength: 2, maxLength: 9 }, false)).toEqual({
      required: true,
      minLength: 2,
      maxLength: 9,
    });
    expect(nativeConstraints({ required: true, minLength: 2, maxLength: 9 }, true)).toEqual({
      required: true,
      minLength: 2,
    });
    expect(nativeConstraints(undefined, false)).toEqual({});
  });

  it('patterns compile under the v flag HTML uses and mean the same', () => {
    const samples = [
      '024 555 0192',
      '(024) 555-0190',
      '+44 7700 900123',
      '7700 900123',
      'abc',
      '12',
      '0245550192123456',
    ];
    for (const pattern of [PHONE_PATTERN, LOCAL_PHONE_PATTERN]) {
      const html = new RegExp(`^(?:${htmlPattern(pattern)!})$`, 'v');
      for (const sample of samples) expect(html.test(sample), sample).toBe(pattern.test(sample));
    }
    expect(htmlPattern(EMAIL_PATTERN)).toBe(EMAIL_PATTERN.source);
    // A case-insensitive rule cannot be said in HTML: left to the spec's check.
    expect(htmlPattern(LINK_PATTERN)).toBeUndefined();
  });
});
