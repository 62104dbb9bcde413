import { type ChangeEvent, useState } from 'react';

/**
 * A form's values in one state object: `text(name)` binds a text input (value and onChange), `set(name, value)`
 * takes a select's choice. The machine validates on submit, so the view keeps only what was typed.
 */
export function useFields<TValues extends Record<string, string>>(initial: TValues) {
  const [values, setValues] = useState(initial);
  const set = <TName extends keyof TValues>(name: TName, value: TValues[TName]) =>
    setValues((current) => ({ ...current, [name]: value }));
  const text = (name: keyof TValues) => ({
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      set(name, event.currentTarget.value as TValues[typeof name]),
  });
  return { values, set, text };
}
