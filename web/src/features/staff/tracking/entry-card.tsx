// One tracking entry on the staff screen: its history, and the forms that add an update, correct it or delete it.
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { type TrackingEntryDto, type TrackingStatus } from '@shared/tracking-api';
import { toast } from '../../../components/toast';
import { formatTrackingTime, TrackingStatusBadge, TrackingTimeline } from '../../../components/tracking-parts';
import { correctTrackingEntry, deleteTrackingEntry, updateTrackingEntry } from './tracking-admin-client';
import { blank, failureToast, Field, StatusSelect } from './tracking-form-parts';

function orderCustomerName(entry: TrackingEntryDto): string | null {
  return entry.orderCustomerName;
}

export function EntryCard({
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
