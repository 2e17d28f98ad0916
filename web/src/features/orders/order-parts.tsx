// Pieces the receipt, the quote document, the payment result and the stored-quote pages share.
import { Suspense, useEffect, useState, type ReactNode, type RefObject } from 'react';
import type { PublicTrackingDto } from '@shared/tracking-api';
import { TEST_PAYMENT_NOTE, type PaymentStatus } from '@shared/orders-api';
import { SiteFooter } from '../../components/site-footer';
import { SiteHeader } from '../../components/site-header';
import { FitGuaranteeNote } from '../../components/fit-guarantee-note';
import { SizeEstimateBadge } from '../../components/size-estimate';
import { formatRand } from '../../lib/format';
import { telLink, usePublicConfig, whatsappLink } from '../../lib/public-config';
import { fetchTrackingForOrder } from '../../lib/tracking-client';
import { TrackingFacts, TrackingTimeline } from '../../components/tracking-parts';
import { controlLabel, mountLabel } from './orders-model';
import { paymentStatusLabel, type ReceiptLine } from './receipt-model';
import { describeOptions } from '@shared/product-options';

/** The site's header and footer around an orders page's main content. */
export function OrdersPageShell({ children }: { children: ReactNode }) {
  return (
    <div className="page">
      <SiteHeader />
      <main className="orders-page" id="main">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

/** The card with a spinner shown while a page reads its quote or order. */
export function LoadingCard({ children }: { children: ReactNode }) {
  return (
    <p className="orders-card" role="status">
      <span className="spinner" aria-hidden="true" />
      {children}
    </p>
  );
}

interface OutcomeCardProps {
  /** The heading's id, which labels the card. */
  titleId: string;
  title: ReactNode;
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** A tone class such as 'result--bad' next to 'orders-card'. */
  tone?: string;
  /** A symbol shown above the heading (hidden from screen readers). */
  icon?: string;
  children: ReactNode;
}

/** A card whose page heading takes the focus when it appears, so the outcome is announced. */
export function OutcomeCard({ titleId, title, headingRef, tone, icon, children }: OutcomeCardProps) {
  return (
    <section className={tone ? `orders-card ${tone}` : 'orders-card'} aria-labelledby={titleId}>
      {icon && (
        <p className="result-icon" aria-hidden="true">
          {icon}
        </p>
      )}
      <h1 id={titleId} ref={headingRef} tabIndex={-1}>
        {title}
      </h1>
      {children}
    </section>
  );
}

/** The order table: product, size, colour, control, mount, qty, unit, total (cards on narrow screens). */
export function LinesTable({ lines, caption }: { lines: readonly ReceiptLine[]; caption: string }) {
  return (
    <table className="orders-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col">Size (W × D)</th>
          <th scope="col">Colour</th>
          <th scope="col">Control</th>
          <th scope="col">Mount</th>
          <th scope="col" className="num">
            Qty
          </th>
          <th scope="col" className="num">
            Unit
          </th>
          <th scope="col" className="num">
            Total
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((l) => (
          <tr key={l.key}>
            <th scope="row" data-label="Product">
              {l.product_name}
              {l.options?.length ? <span className="line-options">{describeOptions(l.options)}</span> : null}
            </th>
            <td data-label="Size">
              {l.width_mm} × {l.drop_mm} mm <SizeEstimateBadge source={l.size_source} />
              <FitGuaranteeNote line={l} />
            </td>
            <td data-label="Colour">{l.colour}</td>
            {/* A shutter or awning has its options under its name instead of a blind's control and mount. */}
            <td data-label="Control">{l.options?.length ? '—' : controlLabel(l.control_side)}</td>
            <td data-label="Mount">{l.options?.length ? '—' : mountLabel(l.mount_type)}</td>
            <td data-label="Qty" className="num">
              {l.quantity}
            </td>
            <td data-label="Unit" className="num">
              {formatRand(l.price)}
            </td>
            <td data-label="Total" className="num">
              {formatRand(l.total_price)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Subtotal without VAT, the 15% VAT inside the total, and the total. */
export function TotalsList({ subtotal, vat, total }: { subtotal: number; vat: number; total: number }) {
  return (
    <dl className="orders-totals">
      <div>
        <dt>Subtotal (excl. VAT)</dt>
        <dd>{formatRand(subtotal)}</dd>
      </div>
      <div>
        <dt>VAT (15%)</dt>
        <dd>{formatRand(vat)}</dd>
      </div>
      <div className="orders-totals__total">
        <dt>Total (incl. VAT)</dt>
        <dd>{formatRand(total)}</dd>
      </div>
    </dl>
  );
}

/** Spec section 2: green 'Paid', otherwise orange 'Pending' (or 'Refunded' once the payment was given back). */
export function PaymentBadge({ status }: { status: PaymentStatus }) {
  const paid = status === 'paid';
  return (
    <span className={`status-badge ${paid ? 'status-badge--paid' : 'status-badge--pending'}`} data-testid="payment-status">
      {paymentStatusLabel(status)}
    </span>
  );
}

/** An order paid through the sandbox gateway says so wherever it shows. */
export function TestPaymentNote() {
  return (
    <p className="orders-sample" role="note" data-testid="test-payment">
      {TEST_PAYMENT_NOTE}
    </p>
  );
}

/**
 * Spec section 9: processing 1-2 business days, production 7-10, courier delivery. An order with its
 * own dates says its products' lead time instead of the shop-wide 7-10 (worker/shared/delivery-dates.ts).
 */
export function NextSteps({ headingLevel = 2, leadTimeWorkingDays }: { headingLevel?: 2 | 3; leadTimeWorkingDays?: number }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <section className="orders-card" aria-labelledby="next-steps-title">
      <Heading id="next-steps-title">What happens next</Heading>
      <ol className="orders-steps">
        <li>
          <strong>Processing (1-2 business days):</strong> we check your measurements and order details.
        </li>
        <li>
          <strong>Production ({leadTimeWorkingDays ? `${leadTimeWorkingDays} working days for your order` : '7-10 business days'}):</strong>{' '}
          your blinds are made to measure.
        </li>
        <li>
          <strong>Delivery:</strong> by courier within our service area, with a tracking number.
        </li>
        <li>
          <strong>We will contact you</strong> by e-mail or phone if anything needs your attention.
        </li>
      </ol>
    </section>
  );
}

export function ContactLinks() {
  const config = usePublicConfig();
  const phones = [
    { label: 'Garden Route', number: config.phone.gardenRoute },
    { label: 'National', number: config.phone.national },
  ].filter((p) => p.number);
  const whatsapp = config.whatsapp.national || config.whatsapp.gardenRoute;
  if (phones.length === 0 && !whatsapp && !config.email) {
    return <p className="muted">Reply to your confirmation e-mail and our team will help.</p>;
  }
  return (
    <ul className="plain-list orders-contacts">
      {phones.map((p) => (
        <li key={p.label}>
          {p.label}: <a href={telLink(p.number)}>{p.number}</a>
        </li>
      ))}
      {whatsapp && (
        <li>
          <a href={whatsappLink(whatsapp, config.whatsappGreeting.national)} target="_blank" rel="noopener noreferrer">
            WhatsApp {whatsapp}
          </a>
        </li>
      )}
      {config.email && (
        <li>
          E-mail: <a href={`mailto:${config.email}`}>{config.email}</a>
        </li>
      )}
    </ul>
  );
}

/** Phone, WhatsApp and e-mail of the business (they appear once /api/config answers). */
export function HelpContacts({ title = 'Need help?', children }: { title?: string; children?: ReactNode }) {
  return (
    <section className="orders-card orders-help" aria-labelledby="help-title">
      <h2 id="help-title">{title}</h2>
      {children ?? <p>Questions about your order? Our team is happy to help.</p>}
      <Suspense fallback={<p className="muted">Loading contact details…</p>}>
        <ContactLinks />
      </Suspense>
    </section>
  );
}

/**
 * The courier tracking of an order (GET /api/tracking/order/{ref}?email=, the order's own e-mail
 * address from the receipt) once staff have published it;
 * nothing at all before that (a 404) or when it cannot be read: the receipt stands on its own.
 */
export function OrderTrackingCard({ reference, email }: { reference: string; email: string }) {
  const [tracking, setTracking] = useState<PublicTrackingDto | null>(null);
  useEffect(() => {
    let cancelled = false;
    setTracking(null);
    fetchTrackingForOrder(reference, email)
      .then((found) => {
        if (!cancelled) setTracking(found?.tracking ?? null);
      })
      .catch(() => {
        // A failed read hides the card; the /track page and the e-mail still have it.
      });
    return () => {
      cancelled = true;
    };
  }, [reference, email]);
  if (!tracking) return null;
  return (
    <section className="orders-card" aria-labelledby="order-tracking-title" data-testid="order-tracking">
      <h2 id="order-tracking-title">Delivery tracking</h2>
      <TrackingFacts tracking={tracking} />
      <h3>Tracking history</h3>
      <TrackingTimeline history={tracking.trackingHistory} label={`Tracking history of order ${reference}, latest first`} />
    </section>
  );
}
