// What the order and quote pages show for prices from a sample grid (DESIGN.md 6, 7b).
import { Suspense } from 'react';
import { SAMPLE_PRICES_PAYMENT_REFUSED } from '@shared/sample-prices';
import { ContactLinks } from './order-parts';

/** In place of 'Pay by card' when the server refuses a card payment at sample prices: why, and the shop's contacts. */
export function CardPaymentRefused() {
  return (
    <div className="orders-sample" role="note" data-testid="card-payment-refused">
      <p>{SAMPLE_PRICES_PAYMENT_REFUSED}</p>
      <Suspense fallback={<p className="muted">Loading contact details…</p>}>
        <ContactLinks />
      </Suspense>
    </div>
  );
}
