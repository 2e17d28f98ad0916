// /order-confirmation (storefront spec section 2): the receipt of an order, as the server knows it.
// ?ref= names the order (TEST123 is sample data); without it the locally kept completed order is
// shown and re-read from the server for its current payment status. ?pay=1 starts card payment once.
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { completedOrderFromDto, readCompletedOrder, writeCompletedOrder, type CompletedOrder } from '../../lib/quote-storage';
import { SizesConfirmNote } from '../../components/size-estimate';
import {
  HelpContacts,
  LinesTable,
  LoadingCard,
  NextSteps,
  OrdersPageShell,
  OrderTrackingCard,
  OutcomeCard,
  PaymentBadge,
  TestPaymentNote,
  TotalsList,
} from './order-parts';
import { fetchOrder } from './orders-client';
import { formatLongDate } from './orders-model';
import { formatRand, formatRandFromCents } from '@shared/money';
import { creditNotePath, taxInvoicePath } from '@shared/orders-api';
import { paymentRequestForReceipt } from './payment-model';
import {
  confirmationSource,
  hasMaskedContact,
  receiptFromCompletedOrder,
  receiptFromOrder,
  sampleReceipt,
  withDeviceContact,
  type Receipt,
} from './receipt-model';
import { OrderPaymentOptions, ProofOfPaymentUpload } from './bank-transfer';
import { CardPaymentRefused } from './sample-prices-parts';
import { SamplePricesNote } from '../../components/sample-prices-note';
import { OrderTimeline } from '../../components/order-timeline';
import { OrderDeliveryDates } from '../../components/delivery-dates';
import './orders-pages.css';
import './orders.css';

type Origin = 'server' | 'local' | 'sample';
type ViewState =
  | { status: 'loading' }
  | { status: 'ready'; receipt: Receipt; origin: Origin }
  | { status: 'not-found'; reference: string | null }
  | { status: 'error'; reference: string };

function safeReadCompletedOrder(): CompletedOrder | null {
  try {
    return readCompletedOrder();
  } catch {
    return null;
  }
}

export function OrderConfirmationPage() {
  const [params, setParams] = useSearchParams();
  const ref = params.get('ref');
  // ?pay=1 is read once, then dropped from the address so a return from the gateway does not pay again.
  const [autoPay] = useState(() => params.get('pay') === '1');
  const [state, setState] = useState<ViewState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    if (!params.has('pay')) return;
    const next = new URLSearchParams(params);
    next.delete('pay');
    setParams(next, { replace: true });
  }, [params, setParams]);

  useEffect(() => {
    const source = confirmationSource(ref, safeReadCompletedOrder());
    if (source.kind === 'sample') return setState({ status: 'ready', receipt: sampleReceipt(), origin: 'sample' });
    if (source.kind === 'none') return setState({ status: 'not-found', reference: null });
    if (source.kind === 'local') return setState({ status: 'ready', receipt: receiptFromCompletedOrder(source.order), origin: 'local' });

    let cancelled = false;
    const local = source.local ? receiptFromCompletedOrder(source.local) : null;
    setState(local ? { status: 'ready', receipt: local, origin: 'local' } : { status: 'loading' });
    fetchOrder(source.reference)
      .then((served) => {
        if (cancelled) return;
        const order = served && withDeviceContact(served, source.local);
        if (!order) {
          setState(local ? { status: 'ready', receipt: local, origin: 'local' } : { status: 'not-found', reference: source.reference });
          return;
        }
        // Free samples have nothing to pay and no receipt: their page is the tracking lookup.
        if (order.kind === 'samples') {
          void navigate(`/track?order=${encodeURIComponent(order.reference)}`, { replace: true });
          return;
        }
        try {
          writeCompletedOrder(completedOrderFromDto(order));
        } catch {
          // Storage full or blocked: the receipt still shows the server's order.
        }
        setState({ status: 'ready', receipt: receiptFromOrder(order), origin: 'server' });
      })
      .catch(() => {
        if (cancelled) return;
        setState(local ? { status: 'ready', receipt: local, origin: 'local' } : { status: 'error', reference: source.reference });
      });
    return () => {
      cancelled = true;
    };
  }, [ref, attempt, navigate]);

  useEffect(() => {
    if (state.status === 'not-found' || state.status === 'error') headingRef.current?.focus();
  }, [state.status]);

  return (
    <OrdersPageShell>
      {state.status === 'loading' && <LoadingCard>Loading your order...</LoadingCard>}
      {state.status === 'not-found' && (
        <OutcomeCard titleId="no-order-title" title="No Order Found" headingRef={headingRef}>
          <p>
            {state.reference
              ? `We could not find an order with reference ${state.reference}. Please check the link in your confirmation e-mail.`
              : 'There is no recent order on this device. Your confirmation e-mail has a link to your receipt.'}
          </p>
          <Link className="button" to="/">
            Return Home
          </Link>
        </OutcomeCard>
      )}
      {state.status === 'error' && (
        <OutcomeCard titleId="order-error-title" title="We could not load your order" headingRef={headingRef}>
          <p>
            Your order {state.reference} is safe, but we could not reach our server just now. Please check your connection and try again.
          </p>
          <div className="button-row">
            <button type="button" className="button button--accent" onClick={() => setAttempt((n) => n + 1)}>
              Try again
            </button>
            <Link className="button button--ghost-dark" to="/">
              Return Home
            </Link>
          </div>
        </OutcomeCard>
      )}
      {state.status === 'ready' && <ReceiptView receipt={state.receipt} origin={state.origin} autoPay={autoPay} />}
    </OrdersPageShell>
  );
}

function ReceiptView({ receipt, origin, autoPay }: { receipt: Receipt; origin: Origin; autoPay: boolean }) {
  const paid = receipt.paymentStatus === 'paid';
  const c = receipt.customer;
  return (
    <>
      {origin === 'sample' && (
        <p className="orders-sample" role="note">
          Sample receipt: this shows example data so you can see what a receipt looks like. It is not a real order.
        </p>
      )}
      <section className="orders-card" aria-labelledby="receipt-title">
        <div className="orders-head">
          <div>
            <p className="eyebrow">{origin === 'sample' ? 'Sample receipt' : 'Thank you for your order'}</p>
            <h1 id="receipt-title">Order Confirmation</h1>
          </div>
          <dl className="orders-meta">
            <dt>Reference</dt>
            <dd data-testid="order-reference">{receipt.reference}</dd>
            <dt>Order date</dt>
            <dd>{formatLongDate(receipt.orderDate)}</dd>
            <dt>Payment</dt>
            <dd>
              <PaymentBadge status={receipt.paymentStatus} />
            </dd>
          </dl>
        </div>
        <div className="button-row no-print">
          <button type="button" className="button button--ghost-dark" onClick={() => window.print()}>
            Print
          </button>
          {origin === 'server' && (
            <a
              className="button button--ghost-dark"
              href={`/api/receipts/${encodeURIComponent(receipt.reference)}.pdf`}
              download={`receipt-${receipt.reference}.pdf`}
            >
              Download PDF
            </a>
          )}
          {origin === 'server' && receipt.hasTaxInvoice && (
            <a
              className="button button--ghost-dark"
              href={taxInvoicePath(receipt.reference)}
              download={`tax-invoice-${receipt.reference}.pdf`}
            >
              Download tax invoice
            </a>
          )}
          {origin === 'server' &&
            (receipt.creditNotes ?? []).map((note) => (
              <a
                key={note.number}
                className="button button--ghost-dark"
                href={creditNotePath(receipt.reference, note.number)}
                download={`credit-note-${note.number}-${receipt.reference}.pdf`}
              >
                Download credit note {note.number} ({formatRandFromCents(note.total_cents)})
              </a>
            ))}
          <Link className="button" to="/">
            Return Home
          </Link>
        </div>
        {origin === 'local' && (
          <p className="orders-note">This is the copy kept on this device; we could not confirm it with our server just now.</p>
        )}
      </section>

      {origin === 'server' && receipt.timeline && (
        <section className="orders-card" aria-labelledby="order-progress-title" data-testid="order-progress">
          <h2 id="order-progress-title">Your order's progress</h2>
          <OrderTimeline timeline={receipt.timeline} label={`Progress of order ${receipt.reference}`} />
        </section>
      )}

      {origin === 'server' && receipt.deliveryEstimate && receipt.timeline?.status !== 'cancelled' && (
        <section className="orders-card">
          <OrderDeliveryDates estimate={receipt.deliveryEstimate} />
        </section>
      )}

      {origin === 'server' && receipt.hasTracking && <OrderTrackingCard reference={receipt.reference} email={c.email} />}

      <div className="orders-grid">
        <section className="orders-card" aria-labelledby="customer-title">
          <h2 id="customer-title">Customer information</h2>
          <dl className="orders-meta">
            <dt>Name</dt>
            <dd>{c.name}</dd>
            <dt>Email</dt>
            <dd>{c.email}</dd>
            <dt>Phone</dt>
            <dd>{c.phone || 'Not provided'}</dd>
            <dt>Address</dt>
            <dd>{c.address || 'Not provided'}</dd>
            {receipt.specialInstructions && (
              <>
                <dt>Instructions</dt>
                <dd>{receipt.specialInstructions}</dd>
              </>
            )}
          </dl>
          {hasMaskedContact(receipt) && (
            <p className="orders-note">
              For your privacy the phone number and address are shown only in part here; your confirmation e-mail has them in full.
            </p>
          )}
        </section>

        <section className="orders-card" aria-labelledby="payment-title">
          <h2 id="payment-title">Payment status</h2>
          {paid ? (
            <>
              <p>
                {receipt.paidAt ? `Paid on ${formatLongDate(receipt.paidAt)}. Thank you!` : 'Your payment has been received. Thank you!'}
              </p>
              {receipt.testPayment && <TestPaymentNote />}
            </>
          ) : receipt.paymentStatus === 'refunded' ? (
            <p>The payment for this order was refunded. Please contact us with any questions.</p>
          ) : origin === 'server' && receipt.timeline?.status === 'cancelled' ? (
            // Cancelled (by staff, or unpaid past the bank-transfer deadline): nothing is due, so no way to pay is offered.
            <p data-testid="order-cancelled-payment">
              This order is cancelled, so no payment is due. If you have paid for it or would still like it, please contact us.
            </p>
          ) : (
            <>
              {receipt.paymentStatus === 'part_paid' && receipt.amountDue !== undefined ? (
                <p data-testid="part-paid">
                  We have received {formatRand(receipt.total - receipt.amountDue)} of the total of {formatRand(receipt.total)};{' '}
                  {formatRand(receipt.amountDue)} is still to pay.
                </p>
              ) : (
                <p>Your order is placed; payment is still outstanding. Production starts once it is paid.</p>
              )}
              {origin === 'server' &&
                (receipt.cardPaymentRefused ? (
                  <CardPaymentRefused />
                ) : (
                  <OrderPaymentOptions
                    reference={receipt.reference}
                    total={receipt.amountDue ?? receipt.total}
                    card={{ request: paymentRequestForReceipt(receipt), total: receipt.amountDue ?? receipt.total, autoStart: autoPay }}
                  />
                ))}
              {origin === 'server' && <ProofOfPaymentUpload reference={receipt.reference} uploadedAt={receipt.proofUploadedAt ?? null} />}
            </>
          )}
        </section>
      </div>

      <section className="orders-card" aria-labelledby="order-table-title">
        <h2 id="order-table-title">Your order</h2>
        <LinesTable lines={receipt.lines} caption={`Blinds in order ${receipt.reference}`} />
        <TotalsList subtotal={receipt.subtotal} vat={receipt.vat} total={receipt.total} />
        {receipt.samplePrices && <SamplePricesNote />}
        <SizesConfirmNote lines={receipt.lines} />
      </section>

      <NextSteps leadTimeWorkingDays={origin === 'server' ? receipt.deliveryEstimate?.leadTimeWorkingDays : undefined} />
      <HelpContacts>
        <p>Questions about order {receipt.reference}? Quote your reference and our team will help.</p>
      </HelpContacts>
    </>
  );
}
