import { useRef, type KeyboardEvent } from 'react';

/**
 * The WAI-ARIA tabs pattern's keyboard (automatic activation): ArrowLeft and ArrowRight move to the
 * previous and next tab, wrapping, Home and End to the first and last; the new tab is selected and
 * focused. `ids` are the tabs that can be chosen now, in order. Give each tab button `tabRef(id)`.
 */
export function useTabKeys<T extends string>(ids: readonly T[], current: T, select: (id: T) => void) {
  const buttons = useRef<Partial<Record<T, HTMLButtonElement | null>>>({});
  const tabRef = (id: T) => (el: HTMLButtonElement | null) => {
    buttons.current[id] = el;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const index = ids.indexOf(current);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % ids.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + ids.length) % ids.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? ids.length - 1
              : -1;
    if (next < 0) return;
    event.preventDefault();
    const id = ids[next]!;
    select(id);
    buttons.current[id]?.focus();
  };
  return { tabRef, onKeyDown };
}
