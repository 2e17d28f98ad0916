import { useEffect, useSyncExternalStore } from 'react';

/** Spec section 9: at most one toast visible; 5 s default duration. */
export const TOAST_DURATION_MS = 5000;

export interface ToastMessage {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  durationMs?: number;
}

/** The toast on screen: one value, written from anywhere (also outside React) and read by the Toaster. */
let shown: ToastMessage | null = null;
const listeners = new Set<() => void>();
let nextId = 1;

function setCurrent(message: ToastMessage | null): void {
  shown = message;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows a toast, replacing the one on screen. Callable from anywhere. */
export function toast(message: Omit<ToastMessage, 'id'>): void {
  setCurrent({ ...message, id: nextId++ });
}

export function Toaster() {
  const current = useSyncExternalStore(subscribe, () => shown);
  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => setCurrent(null), current.durationMs ?? TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [current, setCurrent]);

  const destructive = current?.variant === 'destructive';
  return (
    <div className="toast-region" aria-live={destructive ? 'assertive' : 'polite'} role={destructive ? 'alert' : 'status'}>
      {current && (
        <div key={current.id} className={`toast ${destructive ? 'toast--destructive' : ''}`} data-testid="toast">
          <div className="toast__text">
            <p className="toast__title">{current.title}</p>
            {current.description && <p className="toast__description">{current.description}</p>}
          </div>
          <button type="button" className="toast__close" aria-label="Dismiss notification" onClick={() => setCurrent(null)}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}
