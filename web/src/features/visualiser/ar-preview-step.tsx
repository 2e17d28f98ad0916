// The AR visualiser's preview: the blind on the photo, its size, position, tilt or vanes and colour,
// and the quote request.
import type { ReactNode, RefObject } from 'react';
import type { SizeSource } from '@shared/leads-api';
import type { LineSizeSource } from '@shared/size-sources';
import type { ArProduct, OpeningType } from '../../scene/blind-geometry';
import type { ColourOption } from '../../components/colour-picker';
import { FreeSampleButton } from '../../components/free-sample-button';
import { ArPreviewControls, ArQuoteRequest } from './ar-preview-parts';
import { ArQuoteActions } from './ar-quote-actions';

interface ArPreviewStepProps {
  product: ArProduct;
  colour: ColourOption | null;
  opening: OpeningType;
  photo: ReactNode;
  sizeFields: ReactNode;
  colourPicker: ReactNode;
  sizeSource: SizeSource;
  lineSizeSource: LineSizeSource;
  photoKey: string | null;
  imageRef: RefObject<HTMLImageElement | null>;
  businessName: string;
  sizeSummary: string;
  widthMm: number;
  dropMm: number;
  percentDown: number;
  setPercentDown: (change: (p: number) => number) => void;
  tilt: number;
  setTilt: (degrees: number) => void;
  vane: number;
  setVane: (degrees: number) => void;
  showLead: boolean;
  setShowLead: (show: boolean) => void;
  backToSetup: () => void;
  previewWidthRef: RefObject<HTMLInputElement | null>;
}

export function ArPreviewStep(props: ArPreviewStepProps) {
  const { product, colour, opening, photo, sizeFields, colourPicker, sizeSource, sizeSummary, widthMm, dropMm } = props;
  const { percentDown, setPercentDown, tilt, setTilt, vane, setVane, showLead, setShowLead, backToSetup, previewWidthRef } = props;
  return (
    <div className="ar-layout ar-layout--preview">
      <section className="ar-panel ar-panel--photo" aria-labelledby="ar-preview-title">
        <h2 id="ar-preview-title">
          {product.label}
          {colour ? ` in ${colour.label}` : ''}
        </h2>
        {photo}
        <p
          className={`ar-dimensions${sizeSource === 'typical' || sizeSource === 'estimated' ? ' ar-dimensions--typical' : ''}`}
          data-testid="ar-size"
          data-size-source={sizeSource}
        >
          {sizeSummary}
        </p>
      </section>
      <section className="ar-panel" aria-label="Adjust the preview">
        {sizeFields}
        <ArPreviewControls
          product={product}
          percentDown={percentDown}
          onPercentDown={setPercentDown}
          tilt={tilt}
          onTilt={setTilt}
          vane={vane}
          onVane={setVane}
        />
        <div className="ar-field">
          <span>Colour</span>
          {colourPicker}
          <FreeSampleButton swatch={colour ? { productId: product.id, productName: product.label, colour: colour.label } : null} />
        </div>
        <ArQuoteActions
          product={product}
          colour={colour}
          opening={opening}
          sizeSource={sizeSource}
          lineSizeSource={props.lineSizeSource}
          photoKey={props.photoKey}
          widthMm={widthMm}
          dropMm={dropMm}
          imageRef={props.imageRef}
          businessName={props.businessName}
        />
        <div className="button-row">
          <button type="button" className="button button--accent" onClick={() => setShowLead(true)}>
            Get Your Custom Quote
          </button>
          <button type="button" className="button button--ghost-dark" onClick={backToSetup}>
            Start again
          </button>
        </div>
      </section>
      {showLead && (
        <ArQuoteRequest
          product={product}
          colour={colour}
          opening={opening}
          sizeSource={sizeSource}
          widthMm={widthMm}
          dropMm={dropMm}
          previewWidthRef={previewWidthRef}
        />
      )}
    </div>
  );
}
