// One window of the walk-through: its stepper, the price request for its size, and the three steps
// (photo and corners, blind and size, preview and price) in window-*-step.tsx.
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type FormEvent, type RefObject } from 'react';
import { toast } from '../../components/toast';
import { usePublicConfig } from '../../lib/public-config';
import { isConvexQuad, type Quad } from '../../scene/homography';
import { cornersToPixels, findProduct } from '../../scene/blind-geometry';
import { useProductColours } from '../../components/colour-picker';
import { snapToPhoto } from '../../scene/photo-corners';
import { CornerPhoto } from './corner-photo';
import { parseMm, priceKey, WINDOW_STAGES, type PriceResult, type WindowDraft } from './walkthrough-model';
import { useWindowPrice } from './use-window-price';
import type { Prices, WindowChange } from './walkthrough-types';
import { WindowBlindStep } from './window-blind-step';
import { WindowPhotoStep } from './window-photo-step';
import { WindowPreviewStep } from './window-preview-step';
import { WindowStepper } from './window-stepper';

/** The WebGL preview: its own chunk (three.js), fetched only when a preview opens. */
const ArBlindCanvas = lazy(() => import('../../scene/ar-blind-canvas'));

/** A neutral white while the colour list is unavailable. */
const FALLBACK_HEX = '#ece8e0';

interface WindowWalkProps {
  room: string;
  index: number;
  count: number;
  stage: (typeof WINDOW_STAGES)[number];
  window: WindowDraft;
  prices: Prices;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onChange: (change: WindowChange) => void;
  onPrice: (key: string, result: PriceResult | null) => void;
  onBack: () => void;
  onNext: () => void;
}

export function WindowWalk({
  room,
  index,
  count,
  stage,
  window: w,
  prices,
  headingRef,
  onChange,
  onPrice,
  onBack,
  onNext,
}: WindowWalkProps) {
  const config = usePublicConfig();
  const [colourReload, setColourReload] = useState(0);
  const [showErrors, setShowErrors] = useState(false);
  const coloursState = useProductColours(w.productId, colourReload);
  const colours = coloursState.status === 'ready' ? coloursState.colours : [];
  const colour = colours.find((c) => c.value === w.colour) ?? null;
  const product = findProduct(w.productId);
  const widthMm = parseMm(w.widthText);
  const dropMm = parseMm(w.dropText);
  const imageRef = useRef<HTMLImageElement>(null);

  // The colour resets to the first one offered when the current one is not in the product's list.
  useEffect(() => {
    if (coloursState.status !== 'ready') return;
    if (!coloursState.colours.some((c) => c.value === w.colour)) onChange({ colour: coloursState.colours[0]?.value ?? null });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [coloursState, w.colour]);

  const k = widthMm !== null && dropMm !== null ? priceKey(w.productId, widthMm, dropMm) : null;
  const price = k ? prices.get(k) : undefined;

  useWindowPrice(stage === 'preview', w.productId, widthMm, dropMm, k, prices, onPrice);

  const convex = w.corners.length === 4 && isConvexQuad(w.corners as unknown as Quad);
  const pixelQuad = useMemo(
    () =>
      w.imageSize && w.corners.length === 4 ? (cornersToPixels(w.corners, w.imageSize.width, w.imageSize.height) as unknown as Quad) : null,
    [w.corners, w.imageSize],
  );

  const onUpload = (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast({ title: 'Not a photo', description: 'Please choose an image file.', variant: 'destructive' });
      return;
    }
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') onChange({ imageSrc: reader.result, imageSize: null, corners: [] });
    };
    reader.readAsDataURL(file);
  };

  const confirmCorners = () => {
    if (!convex) return;
    onChange({ corners: snapToPhoto(imageRef.current, w.corners) });
    onNext();
  };

  const confirmBlind = (e: FormEvent) => {
    e.preventDefault();
    if (widthMm === null || dropMm === null || !w.colour) {
      setShowErrors(true);
      return;
    }
    setShowErrors(false);
    onNext();
  };

  const isLast = index === count - 1;
  const titleId = `wt-window-${index}-${stage}`;
  const heading = (text: string) => (
    <h2 id={titleId} ref={headingRef} tabIndex={-1}>
      {text}
    </h2>
  );

  const photo = (
    <CornerPhoto
      imageRef={imageRef}
      window={w}
      tapping={stage === 'photo'}
      onCorner={(point) => onChange((current) => ({ corners: [...current.corners, point].slice(0, 4) }))}
      onSize={(imageSize) => onChange({ imageSize })}
    >
      {stage === 'preview' && pixelQuad && w.imageSize && widthMm !== null && dropMm !== null && (
        <>
          <Suspense fallback={<p className="ar-photo__loading">Loading the 3D preview…</p>}>
            <ArBlindCanvas
              imageWidth={w.imageSize.width}
              imageHeight={w.imageSize.height}
              quad={pixelQuad}
              product={product}
              colourHex={colour?.hex ?? FALLBACK_HEX}
              swatchUrl={colour?.texture ?? null}
              widthMm={widthMm}
              dropMm={dropMm}
              percentDown={100}
              tiltDegrees={45}
              vaneDegrees={45}
            />
          </Suspense>
          <div className="ar-watermark" aria-hidden="true">
            Preview · {config.businessName}
          </div>
        </>
      )}
    </CornerPhoto>
  );

  return (
    <section className="wt-window" aria-labelledby={titleId}>
      <WindowStepper room={room} index={index} count={count} stage={stage} />

      {stage === 'photo' && (
        <WindowPhotoStep
          index={index}
          window={w}
          heading={heading}
          photo={photo}
          convex={convex}
          onUpload={onUpload}
          onChange={onChange}
          confirmCorners={confirmCorners}
          onBack={onBack}
        />
      )}

      {stage === 'blind' && (
        <WindowBlindStep
          index={index}
          window={w}
          heading={heading}
          coloursState={coloursState}
          showErrors={showErrors}
          widthMm={widthMm}
          dropMm={dropMm}
          onChange={onChange}
          onColourRetry={() => setColourReload((n) => n + 1)}
          confirmBlind={confirmBlind}
          onBack={onBack}
        />
      )}

      {stage === 'preview' && (
        <WindowPreviewStep
          index={index}
          window={w}
          heading={heading}
          photo={photo}
          product={product}
          colour={colour}
          widthMm={widthMm}
          dropMm={dropMm}
          price={price}
          k={k}
          isLast={isLast}
          onPrice={onPrice}
          onBack={onBack}
          onNext={onNext}
        />
      )}
    </section>
  );
}
