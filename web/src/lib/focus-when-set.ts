import { useEffect, useRef } from 'react';

/**
 * A ref for the element that takes the focus each time `value` is set: a form's error, so a screen
 * reader reads it and the keyboard is where the fix is, or the confirmation that replaced the form.
 */
export function useFocusWhenSet<T extends HTMLElement>(value: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (value) ref.current?.focus();
  }, [value]);
  return ref;
}
