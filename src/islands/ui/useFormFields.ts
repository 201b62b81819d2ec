// A form's values and one message per field, as the kit's Field takes them: bind(name) gives a Field its name,
// value, change handler (a new value clears that field's message) and message.
import { useState } from 'react';

export function useFormFields<V extends object>(initial: V | (() => V)) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});

  const set =
    <K extends keyof V>(name: K) =>
    (value: V[K]) => {
      setValues((v) => ({ ...v, [name]: value }));
      setErrors((e) => ({ ...e, [name]: '' }));
    };

  const bind = <K extends keyof V & string>(name: K) => ({
    name,
    value: values[name],
    onChange: set(name),
    externalError: errors[name] || null,
  });

  return { values, setValues, errors, setErrors, set, bind };
}
