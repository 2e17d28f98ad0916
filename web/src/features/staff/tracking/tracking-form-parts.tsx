// The tracking screen's form pieces: one labelled field, the status select, and the error toast.
import { useId, type ReactNode } from 'react';
import { TRACKING_STATUSES, trackingStatusLabel, type TrackingStatus } from '@shared/tracking-api';
import { toast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';

/** Spec section 8: 'Error' with the server's message, or the fallback. */
export function failureToast(err: unknown, fallback: string) {
  const message = err instanceof ApiError ? (err.serverMessage ?? fallback) : fallback;
  toast({ title: 'Error', description: message, variant: 'destructive' });
}

export const blank = (v: string) => (v.trim() ? v.trim() : null);

export function Field({
  label,
  required,
  children,
  hint,
}: {
  label: string;
  required?: boolean;
  children: (id: string) => ReactNode;
  hint?: string;
}) {
  const id = useId();
  return (
    <div className="staff-field">
      <label htmlFor={id}>
        {label}
        {required && (
          <span className="staff-required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children(id)}
      {hint && <span className="staff-hint">{hint}</span>}
    </div>
  );
}

export function StatusSelect({ id, value, onChange }: { id: string; value: TrackingStatus; onChange: (s: TrackingStatus) => void }) {
  return (
    <select id={id} value={value} onChange={(e) => onChange(e.target.value as TrackingStatus)} required aria-required="true">
      {TRACKING_STATUSES.map((s) => (
        <option key={s} value={s}>
          {trackingStatusLabel(s)}
        </option>
      ))}
    </select>
  );
}
