// /admin/orders/:reference (staff spec 2.6, DESIGN.md 7b): the whole order as staff need it:
// customer details in full, each line's size and where it came from, the moves allowed now, the
// dispatch form, photos, payments, e-mails, tracking, the history and the audit trail. Every action
// re-renders from the order the server answers (never from what this screen guessed) and says what
// happened in a polite live region; a refused action (the server's 409) is shown next to it.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { AdminOrderDetail } from '@shared/admin-orders-api';
import {
  FULFILMENT_LABELS,
  ORDER_SOURCE_LABELS,
  paymentProviderLabel,
  STAFF_PAYMENT_METHOD_LABELS,
  type StaffPaymentMethod,
} from '@shared/fulfilment';
import { SIZES_TO_BE_CONFIRMED } from '@shared/size-sources';
import { TrackingStatusBadge } from '../../../components/tracking-parts';
import { formatRandFromCents } from '../../../lib/format';
import { fetchOrder } from './orders-client';
import {
  auditActionLabel,
  dispatchByForm,
  FULFILMENT_METHOD_LABELS,
  formatOrderTime,
  paymentStatusLabel,
  problemOf,
  resultText,
  type OnOrderAnswer,
} from './orders-model';
import { DispatchForm, MovesPanel } from './order-actions';
import { OrderDates } from './order-dates';
import { OrderRemakes } from './fit-guarantee-parts';
import { OrderLines } from './order-lines';
import { ProofOfPayment, RecordMoneyForm } from './record-payment';
import './orders.css';

type LoadState =
  { status: 'loading' } | { status: 'error'; message: string; notFound: boolean } | { status: 'ready'; order: AdminOrderDetail };

export function OrderDetailPage() {
  const { reference = '' } = useParams();
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [announcement, setAnnouncement] = useState('');
  const [attempt, setAttempt] = useState(0);
  const resultRef = useRef<HTMLParagraphElement>(null);
  const focusResult = useRef(false);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetchOrder(reference, controller.signal)
      .then((answer) => setState({ status: 'ready', order: answer.order }))
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        const problem = problemOf(err, 'Could not load the order. Check the connection and try again.');
        setState({ status: 'error', message: problem.message, notFound: problem.message !== '' && isNotFound(err) });
      });
    return () => controller.abort();
  }, [reference, attempt]);

  useEffect(() => {
    if (focusResult.current && announcement) {
      focusResult.current = false;
      resultRef.current?.focus();
    }
  }, [announcement]);

  /** An action succeeded: show the order the server answered, and say so. */
  const onAnswer = useCallback<OnOrderAnswer>((answer, fallback, change) => {
    setState({ status: 'ready', order: answer.order });
    focusResult.current = true;
    setAnnouncement(resultText(answer, fallback, change));
  }, []);

  return (
    <main className="staff-page orders-admin order-detail" id="main">
      <p className="order-detail__back">
        <Link to="/admin/orders">Back to orders</Link>
      </p>
      <h1>
        {state.status === 'ready' && state.order.kind === 'samples' ? 'Free samples' : 'Order'} {reference.toUpperCase()}
      </h1>
      <p ref={resultRef} tabIndex={-1} role="status" aria-live="polite" className={announcement ? 'oa-result' : 'visually-hidden'}>
        {announcement}
      </p>
      {state.status === 'loading' && <p className="orders-admin__state">Loading the order…</p>}
      {state.status === 'error' && (
        <div role="alert" className="orders-admin__error">
          <p>{state.message}</p>
          {!state.notFound && (
            <button type="button" className="button button--small" onClick={() => setAttempt((n) => n + 1)}>
              Try again
            </button>
          )}
        </div>
      )}
      {state.status === 'ready' && <OrderView order={state.order} onAnswer={onAnswer} />}
    </main>
  );
}

function isNotFound(err: unknown): boolean {
  return typeof err === 'object' && err !== null && 'status' in err && (err as { status: unknown }).status === 404;
}

function OrderView({ order, onAnswer }: { order: AdminOrderDetail; onAnswer: OnOrderAnswer }) {
  return (
    <>
      <section className="staff-card" aria-labelledby="order-summary-title">
        <h2 id="order-summary-title">Summary</h2>
        <dl className="oa-facts">
          <dt>Status</dt>
          <dd>
            <strong>{FULFILMENT_LABELS[order.fulfilmentStatus] ?? order.fulfilmentStatus}</strong>
            {order.sizesToConfirm && <span className="badge badge--warning orders-table__badge">{SIZES_TO_BE_CONFIRMED}</span>}
          </dd>
          <dt>Payment</dt>
          <dd>
            <span className={`orders-pay orders-pay--${order.paymentStatus}`}>{paymentStatusLabel(order.paymentStatus)}</span>
            {order.paymentMethod && ` (${STAFF_PAYMENT_METHOD_LABELS[order.paymentMethod] ?? order.paymentMethod})`}
            {order.paymentProvider && !order.paymentMethod && ` (${paymentProviderLabel(order.paymentProvider)})`}
            {order.paidAt && `, paid ${formatOrderTime(order.paidAt)}`}
          </dd>
          {order.unpaidProductionReason && (
            <>
              <dt>Made before payment because</dt>
              <dd>{order.unpaidProductionReason}</dd>
            </>
          )}
          <dt>Ordered</dt>
          <dd>
            <time dateTime={order.createdAt}>{formatOrderTime(order.createdAt)}</time>
          </dd>
          <dt>Source</dt>
          <dd>{ORDER_SOURCE_LABELS[order.source] ?? order.source}</dd>
          <dt>Fulfilment</dt>
          <dd>{FULFILMENT_METHOD_LABELS[order.fulfilmentMethod] ?? order.fulfilmentMethod}</dd>
          <dt>Subtotal (excl. VAT)</dt>
          <dd>{formatRandFromCents(order.subtotalCents)}</dd>
          <dt>VAT</dt>
          <dd>{formatRandFromCents(order.vatCents)}</dd>
          <dt>Total</dt>
          <dd data-testid="order-total">
            <strong>{formatRandFromCents(order.totalCents)}</strong>
          </dd>
          {order.balanceDueCents > 0 && (
            <>
              <dt>Balance due</dt>
              <dd data-testid="order-balance">
                <strong className="oa-due">{formatRandFromCents(order.balanceDueCents)}</strong>
              </dd>
            </>
          )}
          {order.quoteId && (
            <>
              <dt>From quote</dt>
              <dd>{order.quoteId}</dd>
            </>
          )}
        </dl>
      </section>

      {/* Free samples have no production dates: their timeline promises the posting day. */}
      {order.kind !== 'samples' && <OrderDates order={order} />}

      <section className="staff-card" aria-labelledby="order-customer-title">
        <h2 id="order-customer-title">Customer</h2>
        <dl className="oa-facts">
          <dt>Name</dt>
          <dd>{order.customerName}</dd>
          <dt>Phone</dt>
          <dd>
            {order.customerPhone ? <a href={`tel:${order.customerPhone.replace(/[^\d+]/g, '')}`}>{order.customerPhone}</a> : 'Not provided'}
          </dd>
          <dt>E-mail</dt>
          <dd>{order.customerEmail ? <a href={`mailto:${order.customerEmail}`}>{order.customerEmail}</a> : 'Not provided'}</dd>
          <dt>Address</dt>
          <dd className="oa-pre">{order.customerAddress || 'Not provided'}</dd>
          {order.specialInstructions && (
            <>
              <dt>Notes</dt>
              <dd className="oa-pre">{order.specialInstructions}</dd>
            </>
          )}
        </dl>
      </section>

      <MovesPanel order={order} onAnswer={onAnswer} />
      {dispatchByForm(order) && <DispatchForm order={order} onAnswer={onAnswer} />}

      <OrderLines order={order} onAnswer={onAnswer} />
      <OrderRemakes order={order} />

      <section className="staff-card" aria-labelledby="order-photos-title">
        <h2 id="order-photos-title">Photos</h2>
        {order.photos.length === 0 ? (
          <p className="oa-muted">The customer sent no photos with this order.</p>
        ) : (
          <ul className="oa-links">
            {order.photos.map((photo) => (
              <li key={photo.url}>
                <a href={photo.url} target="_blank" rel="noopener noreferrer">
                  {photo.label}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>

      {order.balanceDueCents > 0 && order.paymentStatus !== 'refunded' && (
        <RecordMoneyForm kind="payment" order={order} onAnswer={onAnswer} />
      )}
      {(order.paymentStatus === 'paid' || order.paymentStatus === 'part_paid') && (
        <RecordMoneyForm kind="refund" order={order} onAnswer={onAnswer} />
      )}

      <section className="staff-card" aria-labelledby="order-payments-title">
        <h2 id="order-payments-title">Payments</h2>
        <ProofOfPayment order={order} />
        {order.payments.length === 0 ? (
          <p className="oa-muted">No payments recorded.</p>
        ) : (
          <div className="oa-scroll" role="region" aria-label="Payments table" tabIndex={0}>
            <table className="prose-table oa-table">
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Provider</th>
                  <th scope="col">Amount</th>
                  <th scope="col">State</th>
                </tr>
              </thead>
              <tbody>
                {order.payments.map((payment, i) => (
                  <tr key={`${payment.createdAt}-${i}`}>
                    <td>{formatOrderTime(payment.createdAt)}</td>
                    <td>
                      {paymentProviderLabel(payment.provider)}
                      {payment.method && ` (${STAFF_PAYMENT_METHOD_LABELS[payment.method as StaffPaymentMethod] ?? payment.method})`}
                    </td>
                    <td>{formatRandFromCents(payment.amountCents)}</td>
                    <td>{paymentStatusLabel(payment.status)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="staff-card" aria-labelledby="order-emails-title">
        <h2 id="order-emails-title">E-mails sent</h2>
        {order.emails.length === 0 ? (
          <p className="oa-muted">No e-mails about this order.</p>
        ) : (
          <ul className="staff-list oa-compact-list">
            {order.emails.map((email) => (
              <li key={email.id} className="staff-list-item" data-testid="order-email">
                <p className="oa-strong">{email.subject}</p>
                <p className="oa-muted">
                  To {email.toAddress}:{' '}
                  {email.sentAt ? `sent ${formatOrderTime(email.sentAt)}` : `${email.status}, queued ${formatOrderTime(email.createdAt)}`}
                </p>
                {email.lastError && <p className="oa-error-text">Failed: {email.lastError}</p>}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="staff-card" aria-labelledby="order-tracking-title">
        <h2 id="order-tracking-title">Tracking</h2>
        {order.tracking.length === 0 ? (
          <p className="oa-muted">No tracking entry yet.</p>
        ) : (
          <ul className="staff-list oa-compact-list">
            {order.tracking.map((entry) => (
              <li key={entry.id} className="staff-list-item" data-testid="order-tracking">
                <p className="oa-strong">
                  {entry.courierName ? `${entry.courierName}: ` : ''}
                  {entry.trackingNumber} <TrackingStatusBadge status={entry.status} />
                </p>
                <p>{entry.statusMessage}</p>
                <p className="oa-muted">Updated {formatOrderTime(entry.updatedAt)}</p>
                <p className="button-row">
                  <Link className="button button--small button--ghost-dark" to="/admin/tracking">
                    Manage tracking
                  </Link>
                  <Link
                    className="button button--small button--ghost-dark"
                    to={`/track?number=${encodeURIComponent(entry.trackingNumber)}`}
                  >
                    Customer view<span className="visually-hidden"> of {entry.trackingNumber}</span>
                  </Link>
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="staff-card" aria-labelledby="order-history-title">
        <h2 id="order-history-title">History</h2>
        {order.events.length === 0 ? (
          <p className="oa-muted">Nothing has happened to this order yet.</p>
        ) : (
          <ol className="oa-timeline">
            {order.events.map((event) => (
              <li key={event.id} data-testid="order-event">
                <time dateTime={event.createdAt}>{formatOrderTime(event.createdAt)}</time>
                <span className="oa-strong">{eventTitle(event)}</span>
                {event.note && <span className="oa-pre">{event.note}</span>}
                <span className="oa-muted">by {event.actor}</span>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section className="staff-card" aria-labelledby="order-audit-title">
        <h2 id="order-audit-title">Audit trail</h2>
        {order.audit.length === 0 ? (
          <p className="oa-muted">No audit entries.</p>
        ) : (
          <ol className="oa-timeline">
            {order.audit.map((entry, i) => (
              <li key={`${entry.createdAt}-${i}`}>
                <time dateTime={entry.createdAt}>{formatOrderTime(entry.createdAt)}</time>
                <span className="oa-strong">{auditActionLabel(entry.action)}</span>
                <span className="oa-muted">by {entry.actor}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}

const EVENT_KIND_LABELS: Record<AdminOrderDetail['events'][number]['kind'], string> = {
  status: 'Status',
  line: 'Size changed',
  note: 'Note',
  payment: 'Payment',
};

function eventTitle(event: AdminOrderDetail['events'][number]): string {
  if (event.kind === 'status' && event.status) return FULFILMENT_LABELS[event.status] ?? event.status;
  return EVENT_KIND_LABELS[event.kind] ?? event.kind;
}
