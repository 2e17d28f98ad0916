// The Preview tab's drawing (staff spec 2.3, 9 'preview renderer'): the visualiser's own
// WebGL renderer draws the selected product in the selected colour over a plain window. Loaded with
// React.lazy from the page, so three.js stays out of /admin/catalog's first chunk.
import type { Quad } from '../../../scene/homography';
import ArBlindCanvas from '../../../scene/ar-blind-canvas';
import type { ArProduct } from '../../../scene/blind-geometry';

/** The scene in 'image pixels': a 4:3 wall with the window opening inset. */
const SCENE = { width: 480, height: 360 };
const OPENING: Quad = [
  { x: 80, y: 50 },
  { x: 400, y: 50 },
  { x: 400, y: 320 },
  { x: 80, y: 320 },
];
/** A standard window (staff spec 9 uses 1200 mm as its reference width). */
const OPENING_MM = { width: 1200, drop: 1000 };

export interface CatalogPreviewProps {
  product: ArProduct;
  productName: string;
  colourName: string;
  colourHex: string;
  swatchUrl: string | null;
}

export default function CatalogPreview({ product, productName, colourName, colourHex, swatchUrl }: CatalogPreviewProps) {
  return (
    <figure className="ca-preview" data-testid="catalog-preview">
      <div className="ca-preview__scene" role="img" aria-label={`Preview: ${productName} in ${colourName}`}>
        <div className="ca-preview__window" aria-hidden="true" />
        <ArBlindCanvas
          imageWidth={SCENE.width}
          imageHeight={SCENE.height}
          quad={OPENING}
          product={product}
          colourHex={colourHex}
          swatchUrl={swatchUrl}
          widthMm={OPENING_MM.width}
          dropMm={OPENING_MM.drop}
          percentDown={80}
          tiltDegrees={45}
          vaneDegrees={45}
        />
      </div>
      <figcaption className="muted">
        {productName} in {colourName} ({colourHex}), drawn on a 1200 × 1000 mm window by the visualiser's renderer.
      </figcaption>
    </figure>
  );
}
