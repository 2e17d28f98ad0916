// From the preview to the quote: the price of the size the preview shows (an estimate while it is
// the opening's typical size), the blind added to the quote in one step, and the preview saved or
// shared as an image. The server prices the line again when the quote is ordered (DESIGN.md: the
// server is the authority on prices); the price here is what it answered for this size.
import { useState, type RefObject } from 'react';
import { Link } from 'react-router';
import type { SizeSource } from '@shared/leads-api';
import type { LineSizeSource } from '@shared/size-sources';
import type { ColourOption } from '../../components/colour-picker';
import { PriceStatus } from '../../components/price-status';
import {
  CONTROL_SIDES,
  MOUNT_TYPES,
  readQuoteBlinds,
  writeQuoteBlinds,
  type ControlSide,
  type MountType,
  type QuoteLine,
} from '../../lib/quote-storage';
import { useDebouncedPrice } from '../../lib/debounced-price';
import { priceKey } from '../../lib/window-price';
import type { ArProduct, OpeningType } from '../../scene/blind-geometry';
import { previewFileName, savePreviewImage, sharePreviewImage, canSharePreview } from './ar-preview-image';

export interface ArQuoteActionsProps {
  product: ArProduct;
  colour: ColourOption | null;
  opening: OpeningType;
  sizeSource: SizeSource;
  lineSizeSource: LineSizeSource;
  photoKey: string | null;
  widthMm: number;
  dropMm: number;
  /** The preview's photo: the image under the WebGL canvas, both drawn into the saved picture. */
  imageRef: RefObject<HTMLImageElement | null>;
  businessName: string;
}

export function ArQuoteActions(props: ArQuoteActionsProps) {
  const { product, colour, opening, sizeSource, lineSizeSource, photoKey, widthMm, dropMm } = props;
  const price = useDebouncedPrice(product.id, widthMm, dropMm);
  const [added, setAdded] = useState<{ key: string; count: number } | null>(null);
  const [imageMessage, setImageMessage] = useState('');
  const [mountType, setMountType] = useState<MountType>('inside-recess');
  const [controlSide, setControlSide] = useState<ControlSide>('left');
  const lineKey = `${priceKey(product.id, widthMm, dropMm)}|${colour?.value ?? ''}|${mountType}|${controlSide}`;
  const typical = sizeSource === 'typical';

  const addToQuote = () => {
    if (price?.status !== 'ok' || !colour) return;
    const line: QuoteLine = {
      id: crypto.randomUUID(),
      product_type: product.id,
      product_name: price.productName ?? product.label,
      width_mm: widthMm,
      drop_mm: dropMm,
      control_side: controlSide,
      mount_type: mountType,
      colour: colour.value,
      quantity: 1,
      price: price.price,
      total_price: price.price,
      size_source: lineSizeSource,
      ...(photoKey ? { photo_key: photoKey } : {}),
    };
    const lines = [...readQuoteBlinds(), line];
    writeQuoteBlinds(lines);
    setAdded({ key: lineKey, count: lines.length });
  };

  const saveImage = async (share: boolean) => {
    setImageMessage('');
    const name = previewFileName(product.label, colour?.label ?? null);
    try {
      if (share) {
        const shared = await sharePreviewImage(props.imageRef.current, props.businessName, name);
        if (shared === 'downloaded') setImageMessage('Sharing is not available here: the image was saved instead.');
      } else {
        await savePreviewImage(props.imageRef.current, props.businessName, name);
        setImageMessage(`Saved as ${name}.`);
      }
    } catch (err) {
      // A cancelled share sheet is the customer's choice, not an error.
      if (err instanceof DOMException && err.name === 'AbortError') return;
      setImageMessage('The image could not be made. Please try again, or take a screenshot.');
    }
  };

  return (
    <section className="ar-quote" aria-labelledby="ar-quote-title">
      <h3 id="ar-quote-title">Price for this blind</h3>
      <PriceStatus
        testId="ar-price"
        price={price}
        checking={`Checking the price for ${widthMm} x ${dropMm} mm...`}
        priceFor={`for ${widthMm} x ${dropMm} mm`}
        estimate={
          typical && `Estimate: this is the typical size of ${opening.name}. Enter your window's width and drop above for its price.`
        }
      />
      <div className="ar-quote__options">
        <label className="ar-field">
          <span>Mount</span>
          <select value={mountType} onChange={(e) => setMountType(e.target.value as MountType)}>
            {MOUNT_TYPES.map((m) => (
              <option key={m.value} value={m.value}>
                {m.label}
              </option>
            ))}
          </select>
        </label>
        <label className="ar-field">
          <span>Control side</span>
          <select value={controlSide} onChange={(e) => setControlSide(e.target.value as ControlSide)}>
            {CONTROL_SIDES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="button-row">
        <button type="button" className="button button--primary" onClick={addToQuote} disabled={price?.status !== 'ok' || !colour}>
          Add to my quote
        </button>
        <button type="button" className="button button--ghost-dark" onClick={() => void saveImage(false)}>
          Save image
        </button>
        {canSharePreview() && (
          <button type="button" className="button button--ghost-dark" onClick={() => void saveImage(true)}>
            Share
          </button>
        )}
      </div>
      <div role="status" aria-live="polite">
        {added?.key === lineKey && (
          <p>
            Added to your quote ({added.count} {added.count === 1 ? 'blind' : 'blinds'} in it).{' '}
            <Link to="/quote-calculator">Open my quote</Link> to add more blinds or order.
          </p>
        )}
        {imageMessage && <p>{imageMessage}</p>}
      </div>
    </section>
  );
}
