// Window step 3: the blind drawn over the photo, and its price for this size.
import type { ReactNode } from 'react';
import { formatRand } from '../../lib/format';
import type { ArProduct } from '../../scene/blind-geometry';
import type { ColourOption } from '../../components/colour-picker';
import { MOUNT_TYPES, PRICING_NETWORK_FAILURE, type PriceResult, type WindowDraft } from './walkthrough-model';

interface WindowPreviewStepProps {
  index: number;
  window: WindowDraft;
  heading: (text: string) => ReactNode;
  photo: ReactNode;
  product: ArProduct;
  colour: ColourOption | null;
  widthMm: number | null;
  dropMm: number | null;
  price: PriceResult | undefined;
  k: string | null;
  isLast: boolean;
  onPrice: (key: string, result: PriceResult | null) => void;
  onBack: () => void;
  onNext: () => void;
}

export function WindowPreviewStep({
  index,
  window: w,
  heading,
  photo,
  product,
  colour,
  widthMm,
  dropMm,
  price,
  k,
  isLast,
  onPrice,
  onBack,
  onNext,
}: WindowPreviewStepProps) {
  return (
    <div className="ar-layout ar-layout--preview">
      <div className="ar-panel ar-panel--photo wt-panel">
        {heading(`Window ${index + 1}: ${product.label}${colour ? ` in ${colour.label}` : ''}`)}
        {photo}
        <p className="ar-dimensions">
          {widthMm} mm wide × {dropMm} mm drop · {MOUNT_TYPES.find((m) => m.value === w.mountType)?.label} · control {w.controlSide}
        </p>
      </div>
      <div className="ar-panel wt-panel">
        <h3 className="wt-subtitle">Price for this size</h3>
        <div className="wt-price" aria-live="polite" aria-atomic="true" data-testid="wt-price">
          {!price && <p className="muted">Checking the price…</p>}
          {price?.status === 'ok' && (
            <>
              <p className="wt-price__amount">{formatRand(price.price)}</p>
              <p className="muted">incl. 15% VAT{price.samplePrices ? ' · sample prices' : ''}</p>
            </>
          )}
          {price?.status === 'unavailable' && (
            <div className="wt-price__problem" role="alert">
              <p className="wt-price__title">{price.title}</p>
              <p>{price.message}</p>
            </div>
          )}
        </div>
        {price?.status === 'unavailable' && price === PRICING_NETWORK_FAILURE && k && (
          <button type="button" className="button button--ghost-dark button--small" onClick={() => onPrice(k, null)}>
            Try again
          </button>
        )}
        {price?.status === 'unavailable' && (
          <p className="muted">Go back to change the size; the room quote needs a price for every window.</p>
        )}
        <div className="button-row wt-nav">
          <button type="button" className="button button--ghost-dark" onClick={onBack}>
            Back
          </button>
          <button type="button" className="button button--accent" onClick={onNext} disabled={price?.status !== 'ok'}>
            {isLast ? 'See the room summary' : 'Next window'}
          </button>
        </div>
      </div>
    </div>
  );
}
