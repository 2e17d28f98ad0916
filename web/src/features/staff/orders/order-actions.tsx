// The order's moves (the buttons nextMoves allows, with a note) and the dispatch form of a courier
// order (fulfilment.ts refusedMove: one step at a time, a reason for unpaid production, a courier
// order dispatched only with its tracking). The server checks every move again; its 409 is shown here.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { AdminOrderDetail } from '@shared/admin-orders-api';
import { FULFILMENT_LABELS, type FulfilmentStatus } from '@shared/fulfilment';
import { changeOrderStatus, dispatchOrder } from './orders-client';
import { Field } from './order-fields';
import { moveNeedsNote, plainMoves, problemOf, type Problem, type OnOrderAnswer } from './orders-model';

interface ActionProps {
  order: AdminOrderDetail;
  onAnswer: OnOrderAnswer;
}

/** A problem box that takes focus when it appears, so a screen reader hears why the action failed. */
export function ProblemAlert({ problem }: { problem: Problem | null }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (problem) ref.current?.focus();
  }, [problem]);
  if (!problem) return null;
  return (
    <div ref={ref} tabIndex={-1} role="alert" className="orders-admin__error oa-problem">
      <p>{problem.message}</p>
    </div>
  );
}

const UNPAID_NOTE_HINT = 'This order is not paid: say in the note why it may go into production anyway (for example, paid on delivery).';

export function MovesPanel({ order, onAnswer }: ActionProps) {
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState<FulfilmentStatus | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [noteError, setNoteError] = useState<string | undefined>();
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const refocusCancel = useRef(false);
  useEffect(() => {
    // 'Keep the order' closes the question: focus goes back to the button that asked it.
    if (!confirmCancel && refocusCancel.current) {
      refocusCancel.current = false;
      cancelRef.current?.focus();
    }
  }, [confirmCancel]);
  const moves = plainMoves(order);
  const forward = moves.filter((to) => to !== 'cancelled');
  const canCancel = moves.includes('cancelled');
  const noteRequired = forward.some((to) => moveNeedsNote(order, to));

  async function move(to: FulfilmentStatus) {
    if (moveNeedsNote(order, to) && !note.trim()) {
      setNoteError('Say why this unpaid order may go into production.');
      noteRef.current?.focus();
      return;
    }
    setNoteError(undefined);
    setProblem(null);
    setBusy(to);
    try {
      const answer = await changeOrderStatus(order.reference, { status: to, note: note.trim() || null });
      setNote('');
      setConfirmCancel(false);
      onAnswer(answer, `The order is now '${FULFILMENT_LABELS[answer.order.fulfilmentStatus]}'.`);
    } catch (err) {
      setProblem(problemOf(err, 'Could not change the status. Check the connection and try again.'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="staff-card" aria-labelledby="order-moves-title">
      <h2 id="order-moves-title">Status</h2>
      <p>
        Now: <strong data-testid="order-status">{FULFILMENT_LABELS[order.fulfilmentStatus] ?? order.fulfilmentStatus}</strong>
      </p>
      {order.sizesToConfirm && order.fulfilmentStatus === 'received' && (
        <p className="staff-hint">Confirm or correct every estimated size (under Lines) before confirming the sizes.</p>
      )}
      {moves.length === 0 ? (
        <p className="oa-muted">
          {order.nextMoves.includes('dispatched') ? 'Dispatch the order with the form below.' : 'No further steps.'}
        </p>
      ) : (
        <>
          <Field
            label={noteRequired ? 'Note (required to start production unpaid)' : 'Note (optional)'}
            hint={noteRequired ? UNPAID_NOTE_HINT : 'Kept in the order history; the customer does not see it.'}
            error={noteError}
          >
            {(control) => (
              <textarea {...control} ref={noteRef} value={note} onChange={(e) => setNote(e.target.value)} maxLength={1000} rows={2} />
            )}
          </Field>
          {forward.length > 0 && (
            <div className="button-row" role="group" aria-label="Move the order to">
              {forward.map((to) => (
                <button key={to} type="button" className="button button--accent" disabled={busy !== null} onClick={() => void move(to)}>
                  {busy === to ? 'Saving…' : FULFILMENT_LABELS[to]}
                </button>
              ))}
            </div>
          )}
          {canCancel && !confirmCancel && (
            <p className="button-row">
              <button
                ref={cancelRef}
                type="button"
                className="button button--ghost-dark oa-danger"
                disabled={busy !== null}
                onClick={() => setConfirmCancel(true)}
              >
                Cancel order
              </button>
            </p>
          )}
          {canCancel && confirmCancel && (
            <div className="oa-confirm" role="group" aria-labelledby="order-cancel-question">
              <p id="order-cancel-question">
                Cancel order {order.reference}? A cancelled order cannot change again. The note above is kept with it.
              </p>
              <div className="button-row">
                <button
                  type="button"
                  className="button oa-danger-solid"
                  disabled={busy !== null}
                  onClick={() => void move('cancelled')}
                  autoFocus
                >
                  {busy === 'cancelled' ? 'Cancelling…' : 'Yes, cancel the order'}
                </button>
                <button
                  type="button"
                  className="button button--ghost-dark"
                  onClick={() => {
                    refocusCancel.current = true;
                    setConfirmCancel(false);
                  }}
                >
                  Keep the order
                </button>
              </div>
            </div>
          )}
        </>
      )}
      <ProblemAlert problem={problem} />
    </section>
  );
}

const EMPTY_DISPATCH = { courierName: '', trackingNumber: '', statusMessage: '', estimatedDelivery: '' };

/** POST /dispatch: 'dispatched' and the courier tracking entry the customer follows on /track. */
export function DispatchForm({ order, onAnswer }: ActionProps) {
  const [form, setForm] = useState(EMPTY_DISPATCH);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const set = (key: keyof typeof EMPTY_DISPATCH, value: string) => setForm((f) => ({ ...f, [key]: value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    setBusy(true);
    try {
      const text = (v: string) => (v.trim() ? v.trim() : null);
      const answer = await dispatchOrder(order.reference, {
        courierName: form.courierName.trim(),
        trackingNumber: form.trackingNumber.trim(),
        statusMessage: text(form.statusMessage),
        estimatedDelivery: text(form.estimatedDelivery),
      });
      setForm(EMPTY_DISPATCH);
      onAnswer(answer, 'The order is dispatched and its tracking is published.');
    } catch (err) {
      setProblem(problemOf(err, 'Could not dispatch the order. Check the connection and try again.'));
    } finally {
      setBusy(false);
    }
  }

  const issue = (key: string) => problem?.issues[key];
  return (
    <section className="staff-card" aria-labelledby="order-dispatch-title">
      <h2 id="order-dispatch-title">Dispatch</h2>
      <p className="staff-hint">The customer is e-mailed the courier, the tracking number and the link to follow the parcel.</p>
      <form className="oa-form" onSubmit={onSubmit} noValidate aria-labelledby="order-dispatch-title">
        <div className="staff-fields">
          <Field label="Courier" required error={issue('courierName')}>
            {(control) => (
              <input
                {...control}
                value={form.courierName}
                onChange={(e) => set('courierName', e.target.value)}
                required
                maxLength={80}
                placeholder="e.g. The Courier Guy"
              />
            )}
          </Field>
          <Field label="Tracking number" required error={issue('trackingNumber')}>
            {(control) => (
              <input
                {...control}
                value={form.trackingNumber}
                onChange={(e) => set('trackingNumber', e.target.value)}
                required
                maxLength={40}
                autoComplete="off"
              />
            )}
          </Field>
          <Field label="Estimated delivery" error={issue('estimatedDelivery')}>
            {(control) => (
              <input
                {...control}
                value={form.estimatedDelivery}
                onChange={(e) => set('estimatedDelivery', e.target.value)}
                maxLength={80}
                placeholder="e.g. 2-3 business days"
              />
            )}
          </Field>
        </div>
        <Field label="Message to the customer" error={issue('statusMessage')}>
          {(control) => (
            <textarea
              {...control}
              value={form.statusMessage}
              onChange={(e) => set('statusMessage', e.target.value)}
              maxLength={500}
              rows={2}
            />
          )}
        </Field>
        <button type="submit" className="button button--accent" disabled={busy}>
          {busy ? 'Dispatching…' : 'Dispatch'}
        </button>
      </form>
      <ProblemAlert problem={problem} />
    </section>
  );
}
