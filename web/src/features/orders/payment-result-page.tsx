// The payment result page at /payment-success, /payment-cancelled and /payment-failed (storefront
// spec section 2). The path only says what happened at the gateway; what the page claims comes from
// the server's order: 'Payment Successful' only once the server has the payment confirmed.
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { OrderDto } from '@shared/orders-api';
import { formatDay } from '@shared/delivery-dates';
import { formatRand } from '../../lib/format';
import { completedOrderFromDto, readCompletedOrder, writeCompletedOrder } from '../../lib/quote-storage';
import { HelpContacts, LoadingCard, NextSteps, OrdersPageShell, OutcomeCard, TestPaymentNote } from './order-parts';
import { fetchOrder } from './orders-client';
import {
  CONFIRM_POLL_MS,
  CONFIRM_TIMEOUT_MS,
  paymentRequestForReceipt,
  paymentResultPath,
  paymentResultView,
  shouldPollAgain,
  type PaymentResultView,
} from './payment-model';
import { receiptFromOrder } from './receipt-model';
import { OrderPaymentOptions } from './bank-transfer';
import './orders-pages.css';
import './orders.css';

type LoadState =
  { status: 'loading' } | { status: 'missing' } | { status: 'error' } | { status: 'ready'; order: OrderDto; timedOut: boolean };

/** Keeps the locally kept completed order in step with the server, when it is this order. */
function refreshCompletedOrder(order: OrderDto) {
  try {
    if (readCompletedOrder()?.orderReference === order.reference) writeCompletedOrder(completedOrderFromDto(order));
  } catch {
    // Storage blocked: nothing to refresh.
  }
}

export function PaymentResultPage() {
  const { pathname } = useLocation();
  const path = paymentResultPath(pathname);
  const [params] = useSearchParams();
  const reference = params.get('reference')?.trim() || null;
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // Reads the order; on /payment-success polls every 2 s for about 30 s while it is still pending.
  useEffect(() => {
    if (!reference) {
      setState({ status: 'missing' });
      return;
    }
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let seen = false;
    const started = Date.now();
    setState({ status: 'loading' });

    const check = async () => {
      try {
        const order = await fetchOrder(reference);
        if (cancelled) return;
        if (!order) return setState({ status: 'missing' });
        seen = true;
        refreshCompletedOrder(order);
        const again = shouldPollAgain(path, order.paymentStatus, Date.now() - started);
        setState({ status: 'ready', order, timedOut: !again });
        if (again) timer = setTimeout(() => void check(), CONFIRM_POLL_MS);
      } catch {
        if (cancelled) return;
        // A failed poll is retried within the same window; a failed first read is shown.
        if (seen && Date.now() - started + CONFIRM_POLL_MS <= CONFIRM_TIMEOUT_MS) {
          timer = setTimeout(() => void check(), CONFIRM_POLL_MS);
        } else if (seen) {
          setState((s) => (s.status === 'ready' ? { ...s, timedOut: true } : s));
        } else {
          setState({ status: 'error' });
        }
      }
    };
    void check();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [reference, path, attempt]);

  const view: PaymentResultView | null =
    state.status === 'ready' ? paymentResultView(path, state.order.paymentStatus, state.timedOut) : null;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstView = useRef(true);
  // A new outcome (e.g. 'Confirming' -> 'Successful') takes the focus so it is announced.
  useEffect(() => {
    if (firstView.current) {
      firstView.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [view, state.status]);

  return (
    <OrdersPageShell>
      {state.status === 'loading' && <LoadingCard>Checking your payment...</LoadingCard>}
      {state.status === 'missing' && (
        <OutcomeCard titleId="result-title" title="We could not find your order" headingRef={headingRef} tone="result--bad">
          <p>
            {reference
              ? `We have no order with reference ${reference}. Please check the link, or contact us with the reference from your e-mail.`
              : 'This page was opened without an order reference, so we cannot tell which payment it is about.'}
          </p>
          <ContinueShopping />
        </OutcomeCard>
      )}
      {state.status === 'error' && (
        <OutcomeCard titleId="result-title" title="We could not check your payment" headingRef={headingRef} tone="result--warning">
          <p>Our server could not be reached just now. Your order {reference} is safe; please try again in a moment.</p>
          <div className="button-row">
            <button type="button" className="button button--accent" onClick={() => setAttempt((n) => n + 1)}>
              Try again
            </button>
            <ContinueShopping inline />
          </div>
        </OutcomeCard>
      )}
      {state.status === 'ready' && view && (
        <ResultCard view={view} order={state.order} headingRef={headingRef} onCheckAgain={() => setAttempt((n) => n + 1)} />
      )}
      {state.status === 'ready' && <NextSteps leadTimeWorkingDays={state.order.timeline?.dates?.leadTimeWorkingDays} />}
      {state.status !== 'loading' && (
        <HelpContacts title="Need help?">
          <p>
            {reference
              ? `Quote your order reference ${reference} and our team will help.`
              : 'Our team is happy to help with your order or payment.'}
          </p>
        </HelpContacts>
      )}
    </OrdersPageShell>
  );
}

function ContinueShopping({ inline = false }: { inline?: boolean }) {
  const link = (
    <Link className="button" to="/">
      Continue Shopping
    </Link>
  );
  return inline ? link : <div className="button-row">{link}</div>;
}

interface ResultCardProps {
  view: PaymentResultView;
  order: OrderDto;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onCheckAgain: () => void;
}

interface OutcomeProps {
  order: OrderDto;
  headingRef: RefObject<HTMLHeadingElement | null>;
  title: string;
  tone?: string;
  icon?: string;
  children: ReactNode;
}

/** One outcome of the payment; each ends with the way to the receipt and back to the shop. */
function Outcome({ order, headingRef, title, tone, icon, children }: OutcomeProps) {
  return (
    <OutcomeCard titleId="result-title" title={title} headingRef={headingRef} tone={tone} icon={icon}>
      {children}
      <div className="button-row">
        <Link className="button button--ghost-dark" to={`/order-confirmation?ref=${encodeURIComponent(order.reference)}`}>
          View your receipt
        </Link>
        <ContinueShopping inline />
      </div>
    </OutcomeCard>
  );
}

function ResultCard({ view, order, headingRef, onCheckAgain }: ResultCardProps) {
  // The order's own dates while they are still ahead (worker/shared/delivery-dates.ts); older orders say the shop-wide time.
  const dates = order.timeline?.dates ?? null;
  const retry = (
    <OrderPaymentOptions
      reference={order.reference}
      total={order.total_amount}
      card={{
        request: paymentRequestForReceipt(receiptFromOrder(order)),
        total: order.total_amount,
        label: 'Try again',
        heading: 'Try the payment again',
      }}
    />
  );

  switch (view) {
    case 'paid':
      return (
        <Outcome order={order} headingRef={headingRef} title="Payment Successful" tone="result--paid" icon="✓">
          <p>
            Thank you, {order.customer_name}. We have received your payment of <strong>{formatRand(order.total_amount)}</strong>.
          </p>
          <dl className="orders-meta">
            <dt>Order reference</dt>
            <dd data-testid="order-reference">{order.reference}</dd>
            <dt>Status</dt>
            <dd>Confirmed</dd>
            <dt>Production estimate</dt>
            <dd>{dates ? `${dates.leadTimeWorkingDays} working days for your order` : '7-10 business days'}</dd>
            {dates && (
              <>
                <dt>Expected dispatch</dt>
                <dd data-testid="result-dispatch">by {formatDay(dates.dispatchBy)}</dd>
              </>
            )}
          </dl>
          {order.test_payment && <TestPaymentNote />}
          <p>A confirmation e-mail is on its way to {order.customer_email}.</p>
        </Outcome>
      );
    case 'refunded':
      return (
        <Outcome order={order} headingRef={headingRef} title="Payment Refunded" tone="result--warning">
          <p>
            The payment for order <strong data-testid="order-reference">{order.reference}</strong> was refunded. Please contact us with any
            questions about it.
          </p>
        </Outcome>
      );
    case 'confirming':
      return (
        <Outcome order={order} headingRef={headingRef} title="Confirming your payment...">
          <p role="status">
            <span className="spinner" aria-hidden="true" />
            We are waiting for the payment provider to confirm the payment for order <strong>{order.reference}</strong>. This usually takes
            a few seconds; please keep this page open.
          </p>
        </Outcome>
      );
    case 'not-confirmed':
      return (
        <Outcome
          order={order}
          headingRef={headingRef}
          title="We have not received the payment confirmation yet"
          tone="result--warning"
          icon="⏳"
        >
          <p>
            Your order reference is <strong data-testid="order-reference">{order.reference}</strong>. If you completed the payment, the
            confirmation may still be on its way: we e-mail you as soon as it arrives, and your receipt will show it as paid.
          </p>
          <p>
            If money has left your account and your receipt still says Pending after an hour, please contact us with your order reference.
          </p>
          <div className="button-row">
            <button type="button" className="button button--accent" onClick={onCheckAgain}>
              Check again
            </button>
          </div>
        </Outcome>
      );
    case 'cancelled':
      return (
        <Outcome order={order} headingRef={headingRef} title="Payment Cancelled" tone="result--warning">
          <p>
            The payment was cancelled, so nothing was charged. Your order <strong data-testid="order-reference">{order.reference}</strong>{' '}
            is kept: you can pay now, or later from your receipt.
          </p>
          {retry}
        </Outcome>
      );
    case 'failed':
      return (
        <Outcome order={order} headingRef={headingRef} title="Payment Failed" tone="result--bad" icon="!">
          <p>
            The payment for order <strong data-testid="order-reference">{order.reference}</strong> did not go through, and nothing was
            charged. Common reasons:
          </p>
          <ul>
            <li>the bank declined the card, or the card has insufficient funds;</li>
            <li>the card's security check (3-D Secure) was not completed in time;</li>
            <li>the card number, expiry date or CVV was mistyped;</li>
            <li>the card is not enabled for online payments.</li>
          </ul>
          {retry}
        </Outcome>
      );
  }
}
