// /admin/tracking (staff spec sections 2.6, 4, 5, 8): a staff member keeps courier tracking by hand:
// create an entry for an order, add each update the courier reports, see every entry and its history.
import { useCallback, useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { TRACKING_STATUSES, trackingStatusLabel, type TrackingEntryDto, type TrackingStatus } from '@shared/tracking-api';
import { toast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import { formatTrackingTime, TrackingStatusBadge, TrackingTimeline } from '../../../components/tracking-parts';
import {
  correctTrackingEntry,
  createTrackingEntry,
  deleteTrackingEntry,
  fetchTrackingEntries,
  updateTrackingEntry,
} from './tracking-admin-client';
import './tracking-admin.css';

type ListState = { status: 'loading' } | { status: 'ready'; entries: TrackingEntryDto[] } | { status: 'error'; message: string };

/** Spec section 8: 'Error' with the server's message, or the fallback. */
function failureToast(err: unknown, fallback: string) {
  const message = err instanceof ApiError ? (err.serverMessage ?? fallback) : fallback;
  toast({ title: 'Error', description: message, variant: 'destructive' });
}

const blank = (v: string) => (v.trim() ? v.trim() : null);

export function TrackingAdminPage() {
  const [list, setList] = useState<ListState>({ status: 'loading' });

  const load = useCallback(async () => {
    setList((current) => (current.status === 'ready' ? current : { status: 'loading' }));
    try {
      setList({ status: 'ready', entries: await fetchTrackingEntries() });
    } catch (err) {
      const message =
        err instanceof ApiError && err.status === 401
          ? 'Your staff session has ended. Sign in again with the PIN.'
          : 'Could not load the tracking entries. Check the connection and try again.';
      setList({ status: 'error', message });
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const removeEntry = (id: string) =>
    setList((current) => (current.status === 'ready' ? { status: 'ready', entries: current.entries.filter((e) => e.id !== id) } : current));

  const replaceEntry = (entry: TrackingEntryDto) =>
    setList((current) =>
      current.status === 'ready'
        ? { status: 'ready', entries: [entry, ...current.entries.filter((e) => e.id !== entry.id)] }
        : { status: 'ready', entries: [entry] },
    );

  return (
    <main className="staff-page tracking-admin" id="main">
      <header className="tracking-admin__head">
        <p className="eyebrow">Staff</p>
        <h1>Manual Tracking Admin</h1>
        <p className="lead">
          A staff member maintains courier tracking manually: create an entry when an order is handed to the courier, then add each update
          the courier reports. Customers see it on the <Link to="/track">Track an order</Link> page and are e-mailed when tracking is
          published and whenever the status changes.
        </p>
      </header>

      <CreateForm onCreated={replaceEntry} />

      <section className="staff-card ta-card" aria-labelledby="entries-title" aria-busy={list.status === 'loading'}>
        <div className="staff-list-head">
          <h2 id="entries-title">Tracking entries{list.status === 'ready' ? ` (${list.entries.length})` : ''}</h2>
          <button type="button" className="button button--ghost-dark button--small" onClick={() => void load()}>
            Refresh
          </button>
        </div>
        {list.status === 'loading' && <p role="status">Loading tracking entries...</p>}
        {list.status === 'error' && (
          <div role="alert" className="ta-error">
            <p>{list.message}</p>
            <button type="button" className="button button--small" onClick={() => void load()}>
              Try again
            </button>
          </div>
        )}
        {list.status === 'ready' && list.entries.length === 0 && (
          <p className="staff-empty" data-testid="tracking-empty">
            <strong>No tracking entries</strong> - Start by creating your first tracking entry.
          </p>
        )}
        {list.status === 'ready' && list.entries.length > 0 && (
          <ul className="staff-list">
            {list.entries.map((entry) => (
              <li key={entry.id}>
                <EntryCard entry={entry} onUpdated={replaceEntry} onDeleted={removeEntry} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}

function Field({
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

function StatusSelect({ id, value, onChange }: { id: string; value: TrackingStatus; onChange: (s: TrackingStatus) => void }) {
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

const EMPTY_CREATE = {
  orderId: '',
  trackingNumber: '',
  status: 'pending' as TrackingStatus,
  statusMessage: '',
  currentLocation: '',
  estimatedDelivery: '',
  courierName: '',
};

function CreateForm({ onCreated }: { onCreated: (entry: TrackingEntryDto) => void }) {
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
function orderCustomerName(entry: TrackingEntryDto): string | null {
  return entry.orderCustomerName;
}

function EntryCard({
  entry,
  onUpdated,
  onDeleted,
}: {
  entry: TrackingEntryDto;
  onUpdated: (entry: TrackingEntryDto) => void;
  onDeleted: (id: string) => void;
}) {
  const [editing, setEditing] = useState<'update' | 'correct' | 'delete' | null>(null);
  const formId = useId();
  const customer = orderCustomerName(entry);
  return (
    <article className="staff-list-item" aria-labelledby={`${formId}-title`} data-testid="tracking-entry">
      <div className="staff-list-item__head">
        <h3 id={`${formId}-title`}>{entry.trackingNumber}</h3>
        <TrackingStatusBadge status={entry.status} />
      </div>
      <dl className="ta-entry__facts">
        <dt>Order</dt>
        <dd>
          <Link to={`/admin/orders/${encodeURIComponent(entry.orderId)}`}>{entry.orderId}</Link>
          {customer && <span className="ta-customer"> ({customer})</span>}
        </dd>
        <dt>Message</dt>
        <dd>{entry.statusMessage}</dd>
        <dt>Location</dt>
        <dd>{entry.currentLocation || 'Not provided'}</dd>
        <dt>Estimated delivery</dt>
        <dd>{entry.estimatedDelivery || 'Not provided'}</dd>
        {entry.courierName && (
          <>
            <dt>Courier</dt>
            <dd>{entry.courierName}</dd>
          </>
        )}
        <dt>Updated</dt>
        <dd>
          <time dateTime={entry.updatedAt}>{formatTrackingTime(entry.updatedAt)}</time>
        </dd>
      </dl>
      <div className="button-row">
        <button
          type="button"
          className="button button--small"
          aria-expanded={editing === 'update'}
          aria-controls={`${formId}-update`}
          onClick={() => setEditing((v) => (v === 'update' ? null : 'update'))}
        >
          {editing === 'update' ? 'Cancel update' : 'Update'}
        </button>
        <button
          type="button"
          className="button button--small button--ghost-dark"
          aria-expanded={editing === 'correct'}
          aria-controls={`${formId}-correct`}
          aria-label={editing === 'correct' ? `Cancel correction of ${entry.trackingNumber}` : `Correct ${entry.trackingNumber}`}
          onClick={() => setEditing((v) => (v === 'correct' ? null : 'correct'))}
        >
          {editing === 'correct' ? 'Cancel correction' : 'Correct'}
        </button>
        <button
          type="button"
          className="button button--small button--ghost-dark ta-danger"
          aria-expanded={editing === 'delete'}
          aria-controls={`${formId}-delete`}
          aria-label={`Delete ${entry.trackingNumber}`}
          onClick={() => setEditing((v) => (v === 'delete' ? null : 'delete'))}
        >
          Delete
        </button>
        <Link className="button button--ghost-dark button--small" to={`/track?number=${encodeURIComponent(entry.trackingNumber)}`}>
          Customer view
        </Link>
      </div>
      {editing === 'update' && (
        <UpdateForm
          id={`${formId}-update`}
          entry={entry}
          onDone={(updated) => {
            setEditing(null);
            onUpdated(updated);
          }}
        />
      )}
      {editing === 'correct' && (
        <CorrectForm
          id={`${formId}-correct`}
          entry={entry}
          onDone={(updated) => {
            setEditing(null);
            onUpdated(updated);
          }}
        />
      )}
      {editing === 'delete' && (
        <DeleteConfirm id={`${formId}-delete`} entry={entry} onCancel={() => setEditing(null)} onDeleted={() => onDeleted(entry.id)} />
      )}
      <details className="ta-history">
        <summary>History ({entry.trackingHistory.length})</summary>
        <TrackingTimeline history={entry.trackingHistory} label={`History of ${entry.trackingNumber}, latest first`} />
      </details>
    </article>
  );
}

function UpdateForm({ id, entry, onDone }: { id: string; entry: TrackingEntryDto; onDone: (entry: TrackingEntryDto) => void }) {
  const [status, setStatus] = useState<TrackingStatus>(entry.status);
  const [statusMessage, setStatusMessage] = useState('');
  const [currentLocation, setCurrentLocation] = useState(entry.currentLocation ?? '');
  const [estimatedDelivery, setEstimatedDelivery] = useState(entry.estimatedDelivery ?? '');
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!statusMessage.trim()) {
      setMissing(true);
      return;
    }
    setMissing(false);
    setBusy(true);
    try {
      const answer = await updateTrackingEntry(entry.id, {
        status,
        statusMessage: statusMessage.trim(),
        currentLocation: blank(currentLocation),
        estimatedDelivery: blank(estimatedDelivery),
      });
      toast({
        title: 'Tracking updated',
        description: `${answer.message}${answer.customerNotified ? ' The customer has been e-mailed about the new status.' : ''}`,
      });
      onDone(answer.tracking);
    } catch (err) {
      failureToast(err, 'Failed to update tracking');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form id={id} className="ta-form ta-update" onSubmit={onSubmit} noValidate aria-label={`Update ${entry.trackingNumber}`}>
      <div className="staff-fields">
        <Field label="Status" required>
          {(fid) => <StatusSelect id={fid} value={status} onChange={setStatus} />}
        </Field>
        <Field label="Current location">
          {(fid) => <input id={fid} value={currentLocation} onChange={(e) => setCurrentLocation(e.target.value)} maxLength={120} />}
        </Field>
        <Field label="Estimated delivery">
          {(fid) => <input id={fid} value={estimatedDelivery} onChange={(e) => setEstimatedDelivery(e.target.value)} maxLength={100} />}
        </Field>
      </div>
      <Field label="Status message" required>
        {(fid) => (
          <textarea
            id={fid}
            value={statusMessage}
            onChange={(e) => setStatusMessage(e.target.value)}
            required
            aria-required="true"
            maxLength={500}
            rows={2}
            autoFocus
          />
        )}
      </Field>
      {missing && (
        <p className="ta-missing" role="alert">
          Please fill in: Status message.
        </p>
      )}
      <button type="submit" className="button button--accent button--small" disabled={busy}>
        {busy ? 'Saving...' : 'Save update'}
      </button>
    </form>
  );
}

/** Correct a mistyped courier or tracking number (PATCH; the audit log records who and when). */
function CorrectForm({ id, entry, onDone }: { id: string; entry: TrackingEntryDto; onDone: (entry: TrackingEntryDto) => void }) {
  const [courierName, setCourierName] = useState(entry.courierName ?? '');
  const [trackingNumber, setTrackingNumber] = useState(entry.trackingNumber);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const number = trackingNumber.trim();
      const answer = await correctTrackingEntry(entry.id, {
        courierName: blank(courierName),
        ...(number && number.toUpperCase() !== entry.trackingNumber ? { trackingNumber: number } : {}),
      });
      toast({ title: 'Tracking corrected', description: answer.message });
      onDone(answer.tracking);
    } catch (err) {
      failureToast(err, 'Failed to correct tracking');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form id={id} className="ta-form ta-update" onSubmit={onSubmit} noValidate aria-label={`Correct ${entry.trackingNumber}`}>
      <div className="staff-fields">
        <Field label="Courier name">
          {(fid) => <input id={fid} value={courierName} onChange={(e) => setCourierName(e.target.value)} maxLength={80} autoFocus />}
        </Field>
        <Field label="Tracking number" hint="Letters, digits and hyphens, as the courier wrote it">
          {(fid) => (
            <input id={fid} value={trackingNumber} onChange={(e) => setTrackingNumber(e.target.value)} maxLength={40} autoComplete="off" />
          )}
        </Field>
      </div>
      <button type="submit" className="button button--accent button--small" disabled={busy}>
        {busy ? 'Saving...' : 'Save correction'}
      </button>
    </form>
  );
}

/** Delete asks first: the customer can no longer follow the parcel by this number. */
function DeleteConfirm({
  id,
  entry,
  onCancel,
  onDeleted,
}: {
  id: string;
  entry: TrackingEntryDto;
  onCancel: () => void;
  onDeleted: () => void;
}) {
  const [busy, setBusy] = useState(false);

  async function remove() {
    setBusy(true);
    try {
      const answer = await deleteTrackingEntry(entry.id);
      toast({ title: 'Tracking deleted', description: answer?.message ?? `${entry.trackingNumber} was deleted.` });
      onDeleted();
    } catch (err) {
      failureToast(err, 'Failed to delete tracking');
      setBusy(false);
    }
  }

  return (
    <div id={id} className="ta-update ta-confirm" role="group" aria-labelledby={`${id}-question`}>
      <p id={`${id}-question`}>
        Delete tracking {entry.trackingNumber} for {entry.orderId}? The customer can no longer follow the parcel with this number.
      </p>
      <div className="button-row">
        <button type="button" className="button button--small ta-danger-solid" onClick={() => void remove()} disabled={busy} autoFocus>
          {busy ? 'Deleting...' : 'Yes, delete'}
        </button>
        <button type="button" className="button button--small button--ghost-dark" onClick={onCancel}>
          Keep it
        </button>
      </div>
    </div>
  );
}
