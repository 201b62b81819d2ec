// A server-rendered form's island takes over what the visitor did before it hydrated (issue 11, docs/PRODUCT.md
// (Validation)): on a slow phone a visitor types, tabs on and even submits before the script arrives.
//
// What React 19 does on hydration (checked in react-dom 19.3's initInput/initTextarea): a controlled
// input, textarea, select or checkbox KEEPS the value the visitor typed, but the component's state still
// holds the server's empty value, and the next render of that control writes the state back into the DOM,
// wiping the text. So right after the hydrating commit (a layout effect: before the browser paints and before
// any other render) this hook reads the form's controls and hands what was typed to the form, which puts it
// into its state. It also reports which fields the visitor touched: Chromium's :user-invalid / :user-valid
// (a field edited and left, or every field after a blocked native submit), or any field whose value differs
// from the server's. The form passes `touched` to each Field, which then shows the spec's message at once
// (the spec's rules, e.g. name min 2, run whatever the browser thought). Focus is left alone; the Field adopts
// the focus of a control the visitor is still in.
//
// Adopting it is one call per form:
//   const { formRef, touched } = useFormTakeover((typed) => setValues((v) => ({ ...v, name: typed.text('name') })));
//   <form ref={formRef} method="post" action=... noValidate={hydrated}> ... <Field touched={touched.has('name')} ...>
// `typed` only exists when something was typed or chosen; nothing happens otherwise (and never on a
// client-only render, where the DOM starts from React's own values).
import { useEffectEvent, useLayoutEffect, useRef, useState } from 'react';

/** What the visitor entered before hydration, read from the form's controls. */
export interface TypedValues {
  /** A control's text ('' when absent). */
  text(name: string): string;
  /** Every checked value of a repeated field (a checkbox group). */
  all(name: string): string[];
}

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const NONE: ReadonlySet<string> = new Set();

/** True when the visitor changed the control from what the server rendered. */
export function isDirty(control: Control): boolean {
  if (control instanceof HTMLSelectElement) {
    // With no option marked selected in the HTML, the browser starts on the first one.
    const options = [...control.options];
    const initial = options.find((o) => o.hasAttribute('selected')) ?? options[0];
    return control.value !== (initial?.value ?? '');
  }
  if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) {
    return control.checked !== control.defaultChecked;
  }
  return control.value !== control.defaultValue;
}

/** Chromium (and current Firefox and Safari) mark a control the visitor interacted with; older engines throw. */
function userInteracted(control: Control): boolean {
  try {
    return control.matches(':user-invalid') || control.matches(':user-valid');
  } catch {
    return false;
  }
}

/** Reads the form's named controls: what was typed, and which fields were touched. */
export function readTakeover(form: HTMLFormElement): { typed: TypedValues | null; touched: Set<string> } {
  const controls = [...form.elements].filter(
    (el): el is Control =>
      (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) &&
      el.name !== '',
  );
  const touched = new Set<string>();
  let changed = false;
  for (const control of controls) {
    const dirty = isDirty(control);
    changed ||= dirty;
    if (dirty || userInteracted(control)) touched.add(control.name);
  }
  if (!changed) return { typed: null, touched };
  const data = new FormData(form);
  const typed: TypedValues = {
    text: (name) => {
      const value = data.get(name);
      return typeof value === 'string' ? value : '';
    },
    all: (name) => data.getAll(name).filter((v): v is string => typeof v === 'string'),
  };
  return { typed, touched };
}

export function useFormTakeover(take: (typed: TypedValues) => void) {
  const formRef = useRef<HTMLFormElement>(null);
  const [touched, setTouched] = useState<ReadonlySet<string>>(NONE);
  const onTakeover = useEffectEvent(take);

  useLayoutEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const found = readTakeover(form);
    if (found.typed) onTakeover(found.typed);
    // Setting state here re-renders before the first paint, so the typed text never flickers away.
    if (found.touched.size) setTouched(found.touched);
  }, []);

  /** A form that clears itself (after a send) forgets what was touched before hydration. */
  const resetTouched = () => setTouched(NONE);
  return { formRef, touched, resetTouched };
}
