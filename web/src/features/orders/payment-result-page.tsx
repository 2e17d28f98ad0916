// The payment result page at /payment-success, /payment-cancelled and /payment-failed (storefront
// spec section 2). The path only says what happened at the gateway; what the page claims comes from
// the server's order: 'Payment Successful' only once the server has the payment confirmed.
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { OrderDto } from '../../../../worker/shared/orders-api';
import { SiteFooter } from '../../components/site-footer';
import { SiteHeader } from '../../components/site-header';
import { formatRand } from '../../lib/format';
import { completedOrderFromDto, readCompletedOrder, writeCompletedOrder } from '../quote/quote-storage';
import { HelpContacts, NextSteps } from './order-parts';
import { fetchOrder } from './orders-client';
import {
  CONFIRM_POLL_MS,
  CONFIRM_TIMEOUT_MS,
  paymentRequestForReceipt,
  paymentResultPath,
  paymentResultView,
  receiptFromOrder,
  shouldPollAgain,
  type PaymentResultView,
} from './orders-model';
import { PayByCard } from './pay-by-card';
import './orders.css';

type LoadState = { status: 'loading' } | { status: 'missing' } | { status: 'error' } | { status: 'ready'; order: OrderDto; timedOut: boolean };

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

  const view: PaymentResultView | null = state.status === 'ready' ? paymentResultView(path, state.order.paymentStatus, state.timedOut) : null;
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
    <div className="page">
      <SiteHeader />
      <main className="orders-page" id="main">
        {state.status === 'loading' && (
          <p className="orders-card" role="status">
            <span className="spinner" aria-hidden="true" />
            Checking your payment...
          </p>
        )}
        {state.status === 'missing' && (
          <section className="orders-card result--bad" aria-labelledby="result-title">
            <h1 id="result-title" ref={headingRef} tabIndex={-1}>
              We could not find your order
            </h1>
            <p>
              {reference
                ? `We have no order with reference ${reference}. Please check the link, or contact us with the reference from your e-mail.`
                : 'This page was opened without an order reference, so we cannot tell which payment it is about.'}
            </p>
            <ContinueShopping />
          </section>
        )}
        {state.status === 'error' && (
          <section className="orders-card result--warning" aria-labelledby="result-title">
            <h1 id="result-title" ref={headingRef} tabIndex={-1}>
              We could not check your payment
            </h1>
            <p>Our server could not be reached just now. Your order {reference} is safe; please try again in a moment.</p>
            <div className="button-row">
              <button type="button" className="button button--accent" onClick={() => setAttempt((n) => n + 1)}>
                Try again
              </button>
              <ContinueShopping inline />
            </div>
          </section>
        )}
        {state.status === 'ready' && view && (
          <ResultCard view={view} order={state.order} headingRef={headingRef} onCheckAgain={() => setAttempt((n) => n + 1)} />
        )}
        {state.status === 'ready' && <NextSteps />}
        {state.status !== 'loading' && (
          <HelpContacts title="Need help?">
            <p>{reference ? `Quote your order reference ${reference} and our team will help.` : 'Our team is happy to help with your order or payment.'}</p>
          </HelpContacts>
        )}
      </main>
      <SiteFooter />
    </div>
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

function ResultCard({ view, order, headingRef, onCheckAgain }: ResultCardProps) {
  const receiptLink = `/order-confirmation?ref=${encodeURIComponent(order.reference)}`;
  const retry = <PayByCard request={paymentRequestForReceipt(receiptFromOrder(order))} total={order.total_amount} label="Try again" heading="Try the payment again" />;
  const links = (
    <div className="button-row">
      <Link className="button button--ghost-dark" to={receiptLink}>
        View your receipt
      </Link>
      <ContinueShopping inline />
    </div>
  );
  const heading = (text: string) => (
    <h1 id="result-title" ref={headingRef} tabIndex={-1}>
      {text}
    </h1>
  );

  switch (view) {
    case 'paid':
      return (
        <section className="orders-card result--paid" aria-labelledby="result-title">
          <p className="result-icon" aria-hidden="true">
            ✓
          </p>
          {heading('Payment Successful')}
          <p>
            Thank you, {order.customer_name}. We have received your payment of <strong>{formatRand(order.total_amount)}</strong>.
          </p>
          <dl className="orders-meta">
            <dt>Order reference</dt>
            <dd data-testid="order-reference">{order.reference}</dd>
            <dt>Status</dt>
            <dd>Confirmed</dd>
            <dt>Production estimate</dt>
            <dd>7-10 business days</dd>
          </dl>
          <p>A confirmation e-mail is on its way to {order.customer_email}.</p>
          {links}
        </section>
      );
    case 'confirming':
      return (
        <section className="orders-card" aria-labelledby="result-title">
          {heading('Confirming your payment...')}
          <p role="status">
            <span className="spinner" aria-hidden="true" />
            We are waiting for the payment provider to confirm the payment for order <strong>{order.reference}</strong>. This usually takes a few
            seconds; please keep this page open.
          </p>
          {links}
        </section>
      );
    case 'not-confirmed':
      return (
        <section className="orders-card result--warning" aria-labelledby="result-title">
          <p className="result-icon" aria-hidden="true">
            ⏳
          </p>
          {heading('We have not received the payment confirmation yet')}
          <p>
            Your order reference is <strong data-testid="order-reference">{order.reference}</strong>. If you completed the payment, the confirmation
            may still be on its way: we e-mail you as soon as it arrives, and your receipt will show it as paid.
          </p>
          <p>If money has left your account and your receipt still says Pending after an hour, please contact us with your order reference.</p>
          <div className="button-row">
            <button type="button" className="button button--accent" onClick={onCheckAgain}>
              Check again
            </button>
          </div>
          {links}
        </section>
      );
    case 'cancelled':
      return (
        <section className="orders-card result--warning" aria-labelledby="result-title">
          {heading('Payment Cancelled')}
          <p>
            The payment was cancelled, so nothing was charged. Your order <strong data-testid="order-reference">{order.reference}</strong> is kept:
            you can pay now, or later from your receipt.
          </p>
          {retry}
          {links}
        </section>
      );
    case 'failed':
      return (
        <section className="orders-card result--bad" aria-labelledby="result-title">
          <p className="result-icon" aria-hidden="true">
            !
          </p>
          {heading('Payment Failed')}
          <p>
            The payment for order <strong data-testid="order-reference">{order.reference}</strong> did not go through, and nothing was charged.
            Common reasons:
          </p>
          <ul>
            <li>the bank declined the card, or the card has insufficient funds;</li>
            <li>the card's security check (3-D Secure) was not completed in time;</li>
            <li>the card number, expiry date or CVV was mistyped;</li>
            <li>the card is not enabled for online payments.</li>
          </ul>
          {retry}
          {links}
        </section>
      );
  }
}
