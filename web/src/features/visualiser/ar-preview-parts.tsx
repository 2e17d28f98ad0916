// Parts of the AR visualiser's preview: the blind's position, tilt and vanes, and the quote request
// (the lead form, with the typical-size note while the customer has not given a size).
import { lazy, Suspense, type RefObject } from 'react';
import type { SizeSource } from '@shared/leads-api';
import { stepPosition, VENETIAN_TILTS, VERTICAL_POSITIONS, type ArProduct, type OpeningType } from '../../scene/blind-geometry';
import type { ColourOption } from '../../components/colour-picker';

/** The lead form (another feature's module), fetched when the customer asks for a quote. */
const LeadForm = lazy(async () => ({ default: (await import('../../components/lead-form')).LeadForm }));

interface ArPreviewControlsProps {
  product: ArProduct;
  percentDown: number;
  onPercentDown: (change: (p: number) => number) => void;
  tilt: number;
  onTilt: (degrees: number) => void;
  vane: number;
  onVane: (degrees: number) => void;
}

export function ArPreviewControls({ product, percentDown, onPercentDown, tilt, onTilt, vane, onVane }: ArPreviewControlsProps) {
  return (
    <>
      <div className="ar-field">
        <span>Position</span>
        <div className="ar-segmented">
          <button
            type="button"
            className="button button--small button--ghost-dark"
            onClick={() => onPercentDown((p) => stepPosition(p, -1))}
            disabled={percentDown <= 0}
          >
            Raise
          </button>
          <output className="ar-position" aria-live="polite">
            {percentDown}% {product.kind === 'vertical' ? 'drawn' : 'down'}
          </output>
          <button
            type="button"
            className="button button--small button--ghost-dark"
            onClick={() => onPercentDown((p) => stepPosition(p, 1))}
            disabled={percentDown >= 100}
          >
            Lower
          </button>
        </div>
      </div>
      {product.kind === 'venetian' && (
        <div className="ar-field">
          <span>Slat tilt</span>
          <div className="ar-segmented" role="group" aria-label="Slat tilt">
            {VENETIAN_TILTS.map((t) => (
              <button
                key={t.label}
                type="button"
                className="button button--small button--ghost-dark"
                aria-pressed={tilt === t.degrees}
                onClick={() => onTilt(t.degrees)}
              >
                {t.label}
              </button>
            ))}
          </div>
        </div>
      )}
      {product.kind === 'vertical' && (
        <div className="ar-field">
          <span>Vanes</span>
          <div className="ar-segmented" role="group" aria-label="Vanes">
            {VERTICAL_POSITIONS.map((t) => (
              <button
                key={t.label}
                type="button"
                className="button button--small button--ghost-dark"
                aria-pressed={vane === t.degrees}
                onClick={() => onVane(t.degrees)}
              >
                {t.label}
              </button>
            ))}
          </div>
        </div>
      )}
    </>
  );
}

interface ArQuoteRequestProps {
  product: ArProduct;
  colour: ColourOption | null;
  opening: OpeningType;
  sizeSource: SizeSource;
  widthMm: number;
  dropMm: number;
  previewWidthRef: RefObject<HTMLInputElement | null>;
}

export function ArQuoteRequest({ product, colour, opening, sizeSource, widthMm, dropMm, previewWidthRef }: ArQuoteRequestProps) {
  return (
    <section className="ar-panel ar-lead" aria-label="Your custom quote">
      {sizeSource === 'typical' && (
        <div className="ar-typical-note" data-testid="ar-lead-typical">
          <p>
            You have not given your window's size yet, so this request carries the typical size for {opening.name} ({opening.widthMm} x{' '}
            {opening.dropMm} mm), marked as typical, not measured. For an accurate quote, enter your own width and drop first.
          </p>
          <button type="button" className="button button--small button--ghost-dark" onClick={() => previewWidthRef.current?.focus()}>
            Enter my size
          </button>
        </div>
      )}
      <Suspense fallback={<p>Loading the form…</p>}>
        <LeadForm
          source="ar_visualizer"
          productInterest={`${product.label}${colour ? ` - ${colour.label}` : ''}`}
          sessionData={{
            blindType: product.id,
            colour: colour?.label,
            openingType: opening.id,
            mountType: 'inside',
            dimensions: { width_mm: widthMm, drop_mm: dropMm, sizeSource },
          }}
        />
      </Suspense>
    </section>
  );
}
