// The AR visualiser's photo: tapped corner markers, the checked outline, and in the preview the
// blind drawn over it in WebGL with the business's watermark.
import { lazy, Suspense, type MouseEvent, type RefObject } from 'react';
import type { Quad } from '../../scene/homography';
import type { ArProduct } from '../../scene/blind-geometry';
import type { ColourOption } from '../../components/colour-picker';
import type { PercentPoint } from '../../scene/corner-snap';
import { CORNER_NAMES, DEMO_WINDOW_IMAGE } from '../../scene/photo-corners';

/** The WebGL preview: its own chunk, fetched only when the preview opens. */
const ArBlindCanvas = lazy(() => import('../../scene/ar-blind-canvas'));

/** A neutral white while the colour list is unavailable. */
const FALLBACK_HEX = '#ece8e0';

/** The blind the preview draws, once the corners are known in the photo's pixels. */
export interface PreviewBlind {
  quad: Quad;
  product: ArProduct;
  colour: ColourOption | null;
  widthMm: number;
  dropMm: number;
  percentDown: number;
  tilt: number;
  vane: number;
}

interface ArPhotoProps {
  step: 'setup' | 'verify' | 'ar_preview';
  corners: readonly PercentPoint[];
  imageRef: RefObject<HTMLImageElement | null>;
  imageSrc: string;
  imageSize: { width: number; height: number } | null;
  blind: PreviewBlind | null;
  businessName: string;
  onTap: (event: MouseEvent<HTMLDivElement>) => void;
  onImageSize: (size: { width: number; height: number }) => void;
}

export function ArPhoto({ step, corners, imageRef, imageSrc, imageSize, blind, businessName, onTap, onImageSize }: ArPhotoProps) {
  return (
    <div className={`ar-photo${step === 'setup' && corners.length < 4 ? ' ar-photo--tapping' : ''}`} onClick={onTap} data-testid="ar-photo">
      <img
        ref={imageRef}
        src={imageSrc}
        alt={imageSrc === DEMO_WINDOW_IMAGE ? 'Demo photo of a window' : 'Your window photo'}
        draggable={false}
        onLoad={(e) => onImageSize({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })}
      />
      {step === 'ar_preview' && blind && imageSize && (
        <Suspense fallback={<p className="ar-photo__loading">Loading the 3D preview…</p>}>
          <ArBlindCanvas
            imageWidth={imageSize.width}
            imageHeight={imageSize.height}
            quad={blind.quad}
            product={blind.product}
            colourHex={blind.colour?.hex ?? FALLBACK_HEX}
            swatchUrl={blind.colour?.texture ?? null}
            widthMm={blind.widthMm}
            dropMm={blind.dropMm}
            percentDown={blind.percentDown}
            tiltDegrees={blind.tilt}
            vaneDegrees={blind.vane}
          />
        </Suspense>
      )}
      {step === 'ar_preview' && (
        <div className="ar-watermark" aria-hidden="true">
          Preview · {businessName}
        </div>
      )}
      {step === 'verify' && corners.length === 4 && (
        <svg className="ar-outline" viewBox="0 0 100 100" preserveAspectRatio="none" aria-hidden="true">
          <polygon points={corners.map((c) => `${c.x},${c.y}`).join(' ')} />
        </svg>
      )}
      {step !== 'ar_preview' &&
        corners.map((c, i) => (
          <span
            key={i}
            className="ar-marker"
            style={{ left: `${c.x}%`, top: `${c.y}%` }}
            data-x={c.x}
            data-y={c.y}
            aria-label={`Corner ${i + 1}, ${CORNER_NAMES[i]}`}
          >
            {i + 1}
          </span>
        ))}
    </div>
  );
}
