// The AR visualiser's first step: product, opening, size, photo and colour, then the four corners.
import type { ReactNode } from 'react';
import { SelectField } from '../../components/select-field';
import { AR_PRODUCTS, OPENING_TYPES } from '../../scene/blind-geometry';
import type { PercentPoint } from '../../scene/corner-snap';
import { CORNER_NAMES, DEMO_WINDOW_IMAGE } from '../../scene/photo-corners';

const PRODUCT_OPTIONS = AR_PRODUCTS.map((p) => ({ value: p.id, label: p.label }));
const OPENING_OPTIONS = OPENING_TYPES.map((o) => ({ value: o.id, label: o.label }));

interface ArSetupStepProps {
  productId: string;
  setProductId: (id: string) => void;
  openingId: string;
  setOpeningChoice: (id: string) => void;
  sizeFields: ReactNode;
  imageSrc: string;
  onUpload: (file: File | undefined) => void;
  colourPicker: ReactNode;
  photo: ReactNode;
  corners: readonly PercentPoint[];
  setCorners: (corners: PercentPoint[]) => void;
  snapToCorners: () => void;
}

export function ArSetupStep({
  productId,
  setProductId,
  openingId,
  setOpeningChoice,
  sizeFields,
  imageSrc,
  onUpload,
  colourPicker,
  photo,
  corners,
  setCorners,
  snapToCorners,
}: ArSetupStepProps) {
  return (
    <div className="ar-layout">
      <section className="ar-panel" aria-labelledby="ar-setup-title">
        <h2 id="ar-setup-title">1. Set up</h2>
        <SelectField label="Product" value={productId} options={PRODUCT_OPTIONS} onChange={setProductId} />
        <SelectField
          label="Opening type"
          value={openingId}
          options={OPENING_OPTIONS}
          onChange={setOpeningChoice}
          disabled={productId === 'outdoor-blinds'}
        >
          {productId === 'outdoor-blinds' && <small className="muted">Outdoor blinds are for outdoor areas.</small>}
        </SelectField>
        {sizeFields}
        <label className="ar-field">
          <span>Your window photo</span>
          <input type="file" accept="image/*" onChange={(e) => onUpload(e.target.files?.[0])} />
          <small className="muted">
            {imageSrc === DEMO_WINDOW_IMAGE ? 'Showing our demo window until you upload yours.' : 'Using your photo.'}
          </small>
        </label>
        <div className="ar-field">
          <span>Colour</span>
          {colourPicker}
        </div>
      </section>

      <section className="ar-panel ar-panel--photo" aria-labelledby="ar-corners-title">
        <h2 id="ar-corners-title">2. Mark the corners</h2>
        <p className="muted">
          Tap the window's corners in this order: top-left, top-right, bottom-right, bottom-left.
          {corners.length < 4 && <strong> Next: {CORNER_NAMES[corners.length]}.</strong>}
        </p>
        {photo}
        <div className="ar-toolbar">
          <span className="ar-progress" aria-live="polite">
            {corners.length}/4 corners
          </span>
          <button
            type="button"
            className="button button--ghost-dark button--small"
            onClick={() => setCorners([])}
            disabled={corners.length === 0}
          >
            Reset
          </button>
          <button
            type="button"
            className="button button--accent"
            onClick={snapToCorners}
            disabled={corners.length !== 4}
            aria-describedby="ar-snap-help"
          >
            Snap to corners
          </button>
        </div>
        <p className="muted ar-snap-help" id="ar-snap-help">
          Moves each of your taps onto the sharpest corner close to it in the photo, on your device, then asks you to check them.
        </p>
      </section>
    </div>
  );
}
