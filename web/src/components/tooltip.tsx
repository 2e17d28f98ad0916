import { useEffect, useId, useRef, useState, type ReactElement, type ReactNode } from 'react';

/** Spec section 9: a tooltip opens after 700 ms, at once if another closed in the last 300 ms. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

let lastClosedAt = 0;

export function tooltipDelay(now: number, closedAt = lastClosedAt): number {
  return now - closedAt < TOOLTIP_SKIP_DELAY_MS ? 0 : TOOLTIP_DELAY_MS;
}

export function Tooltip({ label, children }: { label: ReactNode; children: ReactElement }) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const id = useId();

  const show = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(true), tooltipDelay(Date.now()));
  };
  const hide = () => {
    clearTimeout(timer.current);
    if (open) lastClosedAt = Date.now();
    setOpen(false);
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <span
      className="tooltip-anchor"
      onPointerEnter={show}
      onPointerLeave={hide}
      onFocus={show}
      onBlur={hide}
      onKeyDown={(e) => e.key === 'Escape' && hide()}
      aria-describedby={open ? id : undefined}
    >
      {children}
      {open && (
        <span role="tooltip" id={id} className="tooltip">
          {label}
        </span>
      )}
    </span>
  );
}
