// The dates given to the customer (storefront 'Dates a customer can plan on', staff spec 2.6): the
// expected dispatch and the delivery window or 'installed by' date stored on the order, the day they
// were counted from (when placed, then again when staff confirmed the sizes, which the customer was
// e-mailed), the lead time behind them, and whether the customer still sees them.
import type { AdminOrderDetail } from '@shared/admin-orders-api';
import { formatDay } from '@shared/delivery-dates';
import { FULFILMENT_LABELS } from '@shared/fulfilment';
import { PRODUCTION_WORKING_DAYS } from '@shared/shop-policies';

export function OrderDates({ order }: { order: AdminOrderDetail }) {
  const stored = order.deliveryEstimate;
  const shown = order.timeline.dates;
  return (
    <section className="staff-card" aria-labelledby="order-dates-title" data-testid="order-dates">
      <h2 id="order-dates-title">Dates given to the customer</h2>
      {!stored ? (
        <p className="oa-muted">
          This order was placed before orders kept their own dates: the customer sees the shop-wide times (production{' '}
          {PRODUCTION_WORKING_DAYS.min}-{PRODUCTION_WORKING_DAYS.max} business days).
        </p>
      ) : (
        <>
          <dl className="oa-facts">
            <dt>Expected dispatch</dt>
            <dd data-testid="order-dates-dispatch">by {formatDay(stored.dispatchBy)}</dd>
            <dt>{stored.method === 'installation' ? 'Installed by' : `Courier delivery${stored.region ? ` (${stored.region})` : ''}`}</dt>
            <dd>
              {stored.method === 'installation'
                ? formatDay(stored.arrivesBy)
                : `${formatDay(stored.arrivesFrom)} to ${formatDay(stored.arrivesBy)}`}
            </dd>
            <dt>Counted from</dt>
            <dd data-testid="order-dates-basis">
              {stored.basis === 'sizes_confirmed'
                ? `${formatDay(stored.from)}, when the sizes were confirmed (counted again then; the customer was e-mailed)`
                : `${formatDay(stored.from)}, when the order was placed (counted again when the sizes are confirmed)`}
            </dd>
            <dt>Lead time</dt>
            <dd>
              {stored.leadTimeWorkingDays} working days (the slowest product)
              {stored.sampleLeadTime && ', a sample value until the catalogue sets it'}
            </dd>
          </dl>
          {!shown && (
            <p className="oa-muted">
              The customer no longer sees these dates:{' '}
              {order.paymentStatus === 'refunded' || order.paymentStatus === 'cancelled'
                ? `its payment is ${order.paymentStatus}.`
                : `the order is ${FULFILMENT_LABELS[order.fulfilmentStatus]}.`}
            </p>
          )}
          {shown && shown.dispatchBy !== stored.dispatchBy && (
            <p className="oa-muted" data-testid="order-dates-moved">
              Production started later than planned: the customer now sees dispatch by {formatDay(shown.dispatchBy)}.
            </p>
          )}
        </>
      )}
    </section>
  );
}
