// The form that starts tracking an order (staff spec section 2.6).
import { useState, type FormEvent } from 'react';
import { type TrackingEntryDto, type TrackingStatus } from '@shared/tracking-api';
import { toast } from '../../../components/toast';
import { createTrackingEntry } from './tracking-admin-client';
import { blank, failureToast, Field, StatusSelect } from './tracking-form-parts';

const EMPTY_CREATE = {
  orderId: '',
  trackingNumber: '',
  status: 'pending' as TrackingStatus,
  statusMessage: '',
  currentLocation: '',
  estimatedDelivery: '',
  courierName: '',
};

export function CreateForm({ onCreated }: { onCreated: (entry: TrackingEntryDto) => void }) {
  const [form, setForm] = useState(EMPTY_CREATE);
  const [busy, setBusy] = useState(false);
  const [missing, setMissing] = useState<string | null>(null);
  const set = <K extends keyof typeof EMPTY_CREATE>(key: K, value: (typeof EMPTY_CREATE)[K]) => setForm((f) => ({ ...f, [key]: value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const absent = [
      ['Order ID', form.orderId],
      ['Tracking number', form.trackingNumber],
      ['Status message', form.statusMessage],
    ]
      .filter(([, v]) => !v!.trim())
      .map(([label]) => label);
    if (absent.length > 0) {
      setMissing(`Please fill in: ${absent.join(', ')}.`);
      return;
    }
    setMissing(null);
    setBusy(true);
    try {
      const answer = await createTrackingEntry({
        orderId: form.orderId.trim(),
        trackingNumber: form.trackingNumber.trim(),
        status: form.status,
        statusMessage: form.statusMessage.trim(),
        currentLocation: blank(form.currentLocation),
        estimatedDelivery: blank(form.estimatedDelivery),
        courierName: blank(form.courierName),
      });
      onCreated(answer.tracking);
      setForm(EMPTY_CREATE);
      toast({
        title: 'Tracking created',
        description: `${answer.message}${answer.customerNotified ? ' The customer has been e-mailed.' : ' The order has no e-mail address, so nobody was e-mailed.'}`,
      });
    } catch (err) {
      failureToast(err, 'Failed to create tracking entry');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="staff-card ta-card" aria-labelledby="create-title">
      <h2 id="create-title">Create tracking entry</h2>
      <p className="staff-hint">
        Fields marked <span className="staff-required">*</span> are required.
      </p>
      <form onSubmit={onSubmit} noValidate className="ta-form">
        <div className="staff-fields">
          <Field label="Order ID" required hint="The order reference, e.g. CB-7KQ2M9XPLA">
            {(id) => (
              <input
                id={id}
                value={form.orderId}
                onChange={(e) => set('orderId', e.target.value)}
                required
                aria-required="true"
                maxLength={20}
                autoComplete="off"
              />
            )}
          </Field>
          <Field label="Tracking number" required>
            {(id) => (
              <input
                id={id}
                value={form.trackingNumber}
                onChange={(e) => set('trackingNumber', e.target.value)}
                required
                aria-required="true"
                maxLength={40}
                autoComplete="off"
              />
            )}
          </Field>
          <Field label="Status" required>
            {(id) => <StatusSelect id={id} value={form.status} onChange={(s) => set('status', s)} />}
          </Field>
          <Field label="Courier name">
            {(id) => (
              <input
                id={id}
                value={form.courierName}
                onChange={(e) => set('courierName', e.target.value)}
                maxLength={80}
                placeholder="e.g. The Courier Guy"
              />
            )}
          </Field>
          <Field label="Current location">
            {(id) => (
              <input id={id} value={form.currentLocation} onChange={(e) => set('currentLocation', e.target.value)} maxLength={120} />
            )}
          </Field>
          <Field label="Estimated delivery">
            {(id) => (
              <input
                id={id}
                value={form.estimatedDelivery}
                onChange={(e) => set('estimatedDelivery', e.target.value)}
                maxLength={100}
                placeholder="e.g. 2-3 business days"
              />
            )}
          </Field>
        </div>
        <Field label="Status message" required>
          {(id) => (
            <textarea
              id={id}
              value={form.statusMessage}
              onChange={(e) => set('statusMessage', e.target.value)}
              required
              aria-required="true"
              maxLength={500}
              rows={2}
            />
          )}
        </Field>
        {missing && (
          <p className="ta-missing" role="alert">
            {missing}
          </p>
        )}
        <button type="submit" className="button button--accent" disabled={busy}>
          {busy ? 'Creating...' : 'Create tracking entry'}
        </button>
      </form>
    </section>
  );
}

/** The order's customer, named by the server when the entry's reference is an order it knows. */
