// The live price of one window in the visualisers (AR blind, shutter): what the server answered for
// this product and size (DESIGN.md: the server is the authority on prices), spoken as it changes.
// Its look is components/visualiser.css (ar-quote__amount, ar-quote__estimate).
import type { ReactNode } from 'react';
import { formatRand } from '../lib/format';
import type { PriceResult } from '../lib/window-price';

export interface PriceStatusProps {
  /** The server's answer for the size shown; null while it is being asked. */
  price: PriceResult | null;
  /** Said while the price is being asked; nothing when null. */
  checking: ReactNode;
  /** What the amount is for, after it: 'for 1200 x 1500 mm'. */
  priceFor: ReactNode;
  /** Why the size is an estimate, while it is one. */
  estimate: ReactNode;
  testId: string;
}

export function PriceStatus({ price, checking, priceFor, estimate, testId }: PriceStatusProps) {
  return (
    <div role="status" aria-live="polite" data-testid={testId}>
      {price === null && checking ? <p className="muted">{checking}</p> : null}
      {price?.status === 'ok' && (
        <p>
          <strong className="ar-quote__amount">{formatRand(price.price)}</strong> {priceFor}, incl. 15% VAT
          {price.samplePrices && <span className="badge badge--warning"> Sample prices</span>}
        </p>
      )}
      {price?.status === 'unavailable' && (
        <p>
          <strong>{price.title}.</strong> {price.message}
        </p>
      )}
      {estimate && <p className="ar-quote__estimate">{estimate}</p>}
    </div>
  );
}
