// /room-walkthrough-rebuilt: a guided walk through a room, window by window (photo, corners,
// product, colour, size, preview and price), ending in a quote of all the room's windows in the
// calculator and an optional lead (storefront spec sections 2-5). The pure parts live in
// walkthrough-model.ts; the corner marking, colours and WebGL preview are the AR visualiser's.
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { SAMPLE_PRICES_NOTE } from '../../../../worker/shared/sample-prices';
import { useNavigate } from 'react-router';
import { SiteFooter } from '../../components/site-footer';
import { SelectField } from '../../components/select-field';
import { SiteHeader } from '../../components/site-header';
import { SizeEstimateBadge } from '../../components/size-estimate';
import { toast } from '../../components/toast';
import { ApiError, apiRequest } from '../../lib/api-client';
import { formatRand } from '../../lib/format';
import { usePublicConfig } from '../../lib/public-config';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { isConvexQuad, type Quad } from '../../scene/homography';
import { DEMO_WINDOW_IMAGE } from '../visualiser/ar-measurement-page';
import { AR_PRODUCTS, PREVIEW_PRODUCTS, cornersToPixels, findProduct } from '../visualiser/blind-geometry';
import { ColourPicker, useProductColours } from '../visualiser/colour-picker';
import { snapCorners, toGrey, workingSize, type PercentPoint } from '../visualiser/corner-snap';
import {
  appendQuoteLines,
  buildQuoteLines,
  CONTROL_SIDES,
  CORNER_NAMES,
  leadProductInterest,
  leadSessionData,
  MAX_WINDOWS,
  MIN_WINDOWS,
  MOUNT_TYPES,
  newWindow,
  nextStep,
  parseAutoMeasurements,
  parseMm,
  parseWindowCount,
  previousStep,
  priceKey,
  pricedWindow,
  PRICING_NETWORK_FAILURE,
  pricingRequest,
  readPricingResponse,
  resizeWindows,
  roomTotals,
  stepKey,
  typedSize,
  WINDOW_STAGE_LABELS,
  WINDOW_STAGES,
  type PriceResult,
  type PricingQuoteResponse,
  type Step,
  type WindowDraft,
} from './walkthrough-model';
import '../visualiser/visualiser.css';
import './walkthrough.css';

/** The WebGL preview: its own chunk (three.js), fetched only when a preview opens. */
const PRODUCT_OPTIONS = PREVIEW_PRODUCTS.map((p) => ({ value: p.id, label: p.label }));

const ArBlindCanvas = lazy(() => import('../visualiser/ar-blind-canvas'));
/** The lead form, fetched when the customer asks for a consultation. */
const LeadForm = lazy(async () => ({ default: (await import('../leads/lead-form')).LeadForm }));

/** A neutral white while the colour list is unavailable. */
const FALLBACK_HEX = '#ece8e0';

type Prices = ReadonlyMap<string, PriceResult>;

function readStoredMeasurements() {
  try {
    return parseAutoMeasurements(localStorage.getItem(STORAGE_KEYS.autoMeasurements));
  } catch {
    return null;
  }
}

export function RoomWalkthroughPage() {
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ kind: 'room' });
  const [room, setRoom] = useState('');
  const [countText, setCountText] = useState('1');
  const [roomError, setRoomError] = useState<string | null>(null);
  const [measured] = useState(readStoredMeasurements);
  const makeWindow = () => newWindow(DEMO_WINDOW_IMAGE, AR_PRODUCTS[0]!.id, measured);
  const [windows, setWindows] = useState<WindowDraft[]>(() => [makeWindow()]);
  const [prices, setPrices] = useState<Prices>(() => new Map());
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  const key = stepKey(step);
  // Each step's heading takes the focus, so keyboard and screen-reader users start at its top.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [key]);

  const go = (next: Step) => setStep(next);
  // A change may be computed from the window as it is now: taps quicker than a render must all count.
  const updateWindow = (index: number, change: WindowChange) =>
    setWindows((ws) => ws.map((w, i) => (i === index ? { ...w, ...(typeof change === 'function' ? change(w) : change) } : w)));
  const setPrice = (k: string, result: PriceResult | null) =>
    setPrices((map) => {
      const next = new Map(map);
      if (result) next.set(k, result);
      else next.delete(k);
      return next;
    });

  const startWalk = (e: FormEvent) => {
    e.preventDefault();
    const count = parseWindowCount(countText);
    if (!room.trim()) return setRoomError('Please name the room, for example Main bedroom.');
    if (count === null) return setRoomError(`Choose between ${MIN_WINDOWS} and ${MAX_WINDOWS} windows.`);
    setRoomError(null);
    setWindows((ws) => resizeWindows(ws, count, makeWindow));
    go(nextStep(step, count));
  };

  return (
    <div className="page">
      <SiteHeader />
      <main className="ar-page wt-page" id="main">
        <header className="ar-page__intro">
          <p className="eyebrow">Room walk-through</p>
          <h1>Walk through your room, window by window</h1>
          <p className="lead">Photograph each window, choose its blind and colour, see it in place, and take the whole room to one quote.</p>
        </header>

        {step.kind === 'room' && (
          <form className="ar-panel wt-panel" onSubmit={startWalk} aria-labelledby="wt-room-title" noValidate>
            <h2 id="wt-room-title" ref={headingRef} tabIndex={-1}>
              1. Your room
            </h2>
            <label className="ar-field">
              <span>Room name</span>
              <input className="wt-input" type="text" value={room} placeholder="Main bedroom" autoComplete="off" required onChange={(e) => setRoom(e.target.value)} />
            </label>
            <label className="ar-field">
              <span>How many windows? (1-8)</span>
              <input
                className="wt-input"
                type="number"
                inputMode="numeric"
                min={MIN_WINDOWS}
                max={MAX_WINDOWS}
                step={1}
                value={countText}
                required
                onChange={(e) => setCountText(e.target.value)}
              />
            </label>
            {roomError && (
              <p className="wt-error" role="alert">
                {roomError}
              </p>
            )}
            <div className="button-row">
              <button type="submit" className="button button--accent">
                Start the walk-through
              </button>
            </div>
          </form>
        )}

        {step.kind === 'window' && windows[step.index] && (
          <WindowWalk
            key={step.index}
            room={room}
            index={step.index}
            count={windows.length}
            stage={step.stage}
            window={windows[step.index]!}
            prices={prices}
            headingRef={headingRef}
            onChange={(change) => updateWindow(step.index, change)}
            onPrice={setPrice}
            onBack={() => go(previousStep(step, windows.length))}
            onNext={() => go(nextStep(step, windows.length))}
          />
        )}

        {step.kind === 'summary' && (
          <Summary
            room={room}
            windows={windows}
            prices={prices}
            headingRef={headingRef}
            onBack={() => go(previousStep(step, windows.length))}
            onEdit={(index) => go({ kind: 'window', index, stage: 'blind' })}
            onSent={() => navigate('/quote-calculator')}
          />
        )}
      </main>
      <SiteFooter />
    </div>
  );
}

// --- One window ----------------------------------------------------------------------------------

type WindowChange = Partial<WindowDraft> | ((current: WindowDraft) => Partial<WindowDraft>);

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

function WindowWalk({ room, index, count, stage, window: w, prices, headingRef, onChange, onPrice, onBack, onNext }: WindowWalkProps) {
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

  // POST /api/pricing/quote for this window's size, once per product and size.
  useEffect(() => {
    if (stage !== 'preview' || !k || widthMm === null || dropMm === null || prices.has(k)) return;
    let cancelled = false;
    apiRequest<PricingQuoteResponse>('POST', '/api/pricing/quote', pricingRequest(w.productId, widthMm, dropMm))
      .then((body) => !cancelled && onPrice(k, readPricingResponse(body)))
      .catch((err: unknown) => {
        if (cancelled) return;
        if (err instanceof ApiError) {
          onPrice(k, readPricingResponse({ success: false, message: err.serverMessage ?? undefined }));
        } else {
          onPrice(k, PRICING_NETWORK_FAILURE);
        }
      });
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stage, k]);

  const convex = w.corners.length === 4 && isConvexQuad(w.corners as unknown as Quad);
  const pixelQuad = useMemo(
    () => (w.imageSize && w.corners.length === 4 ? (cornersToPixels(w.corners, w.imageSize.width, w.imageSize.height) as unknown as Quad) : null),
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
      <div className="wt-stepper">
        <p className="wt-stepper__count">
          <span className="wt-stepper__room">{room.trim()}</span> · Window {index + 1} of {count}
        </p>
        <ol className="wt-stepper__stages" aria-label={`Window ${index + 1} steps`}>
          {WINDOW_STAGES.map((s, i) => (
            <li key={s} className={s === stage ? 'wt-stage wt-stage--current' : 'wt-stage'} aria-current={s === stage ? 'step' : undefined}>
              <span className="wt-stage__number" aria-hidden="true">
                {i + 1}
              </span>
              {WINDOW_STAGE_LABELS[s]}
            </li>
          ))}
        </ol>
      </div>

      {stage === 'photo' && (
        <div className="ar-panel wt-panel">
          {heading(`Window ${index + 1}: photo and corners`)}
          <label className="ar-field">
            <span>Window photo</span>
            <input type="file" accept="image/*" onChange={(e) => onUpload(e.target.files?.[0])} />
            <small className="muted">{w.imageSrc === DEMO_WINDOW_IMAGE ? 'Showing our demo window until you upload yours.' : 'Using your photo.'}</small>
          </label>
          {w.imageSrc !== DEMO_WINDOW_IMAGE && (
            <button type="button" className="button button--ghost-dark button--small wt-demo" onClick={() => onChange({ imageSrc: DEMO_WINDOW_IMAGE, imageSize: null, corners: [] })}>
              Use the demo window
            </button>
          )}
          <p className="muted" id={`wt-corner-help-${index}`}>
            Tap the window's corners in this order: top-left, top-right, bottom-right, bottom-left. With a keyboard, focus the photo, move the cross with the
            arrow keys and press Enter to place a corner.
            {w.corners.length < 4 && <strong> Next: {CORNER_NAMES[w.corners.length]}.</strong>}
          </p>
          {photo}
          <div className="ar-toolbar">
            <span className="ar-progress" aria-live="polite">
              {w.corners.length}/4 corners
            </span>
            <button type="button" className="button button--ghost-dark button--small" onClick={() => onChange({ corners: [] })} disabled={w.corners.length === 0}>
              Reset
            </button>
          </div>
          {w.corners.length === 4 && !convex && (
            <p className="ar-warning" role="alert">
              These corners cross over each other. Reset and tap them in order: top-left, top-right, bottom-right, bottom-left.
            </p>
          )}
          <div className="button-row wt-nav">
            <button type="button" className="button button--ghost-dark" onClick={onBack}>
              Back
            </button>
            <button type="button" className="button button--accent" onClick={confirmCorners} disabled={!convex}>
              Next
            </button>
          </div>
        </div>
      )}

      {stage === 'blind' && (
        <form className="ar-panel wt-panel" onSubmit={confirmBlind} noValidate>
          {heading(`Window ${index + 1}: blind, colour and size`)}
          <SelectField label="Product" value={w.productId} options={PRODUCT_OPTIONS} onChange={(productId) => onChange({ productId })} />
          <div className="ar-field">
            <span id={`wt-colour-label-${index}`}>Colour</span>
            <ColourPicker state={coloursState} value={w.colour} onChange={(value) => onChange({ colour: value })} onRetry={() => setColourReload((n) => n + 1)} name={`wt-colour-${index}`} />
            {showErrors && !w.colour && (
              <p className="wt-error" role="alert">
                Choose a colour.
              </p>
            )}
          </div>
          <fieldset className="ar-field ar-size">
            <legend>The window's size in mm</legend>
            <label>
              <span>Width (mm)</span>
              <input
                type="number"
                inputMode="numeric"
                min="1"
                required
                aria-invalid={showErrors && widthMm === null}
                value={w.widthText}
                onChange={(e) => onChange(typedSize({ widthText: e.target.value }))}
              />
            </label>
            <label>
              <span>Drop (mm)</span>
              <input
                type="number"
                inputMode="numeric"
                min="1"
                required
                aria-invalid={showErrors && dropMm === null}
                value={w.dropText}
                onChange={(e) => onChange(typedSize({ dropText: e.target.value }))}
              />
            </label>
          </fieldset>
          {showErrors && (widthMm === null || dropMm === null) && (
            <p className="wt-error" role="alert">
              Enter the window's width and drop in millimetres.
            </p>
          )}
          <div className="wt-pair">
            <SelectField label="Mount type" value={w.mountType} options={MOUNT_TYPES} onChange={(mountType) => onChange({ mountType })} />
            <SelectField label="Control side" value={w.controlSide} options={CONTROL_SIDES} onChange={(controlSide) => onChange({ controlSide })} />
          </div>
          <div className="button-row wt-nav">
            <button type="button" className="button button--ghost-dark" onClick={onBack}>
              Back
            </button>
            <button type="submit" className="button button--accent">
              Next
            </button>
          </div>
        </form>
      )}

      {stage === 'preview' && (
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
            {price?.status === 'unavailable' && <p className="muted">Go back to change the size; the room quote needs a price for every window.</p>}
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
      )}
    </section>
  );
}

// --- The photo with its corners ------------------------------------------------------------------

function CornerPhoto({
  imageRef,
  window: w,
  tapping,
  onCorner,
  onSize,
  children,
}: {
  imageRef: RefObject<HTMLImageElement | null>;
  window: WindowDraft;
  tapping: boolean;
  onCorner: (point: PercentPoint) => void;
  onSize: (size: { width: number; height: number }) => void;
  children?: ReactNode;
}) {
  const [cursor, setCursor] = useState<PercentPoint>({ x: 50, y: 50 });
  const [focused, setFocused] = useState(false);
  const canTap = tapping && w.corners.length < 4;

  const add = (point: PercentPoint) => {
    if (!canTap) return;
    onCorner(point);
  };

  const tap = (event: MouseEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    add({ x: clampPercent(((event.clientX - rect.left) / rect.width) * 100), y: clampPercent(((event.clientY - rect.top) / rect.height) * 100) });
  };

  const keys = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!tapping) return;
    const stepSize = event.shiftKey ? 5 : 1;
    const moves: Record<string, [number, number]> = { ArrowLeft: [-stepSize, 0], ArrowRight: [stepSize, 0], ArrowUp: [0, -stepSize], ArrowDown: [0, stepSize] };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      setCursor((c) => ({ x: clampPercent(c.x + move[0]), y: clampPercent(c.y + move[1]) }));
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      add(cursor);
    }
  };

  return (
    <div
      className={`ar-photo wt-photo${canTap ? ' ar-photo--tapping' : ''}`}
      onClick={tapping ? tap : undefined}
      onKeyDown={tapping ? keys : undefined}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      tabIndex={tapping ? 0 : undefined}
      role={tapping ? 'application' : undefined}
      aria-label={
        tapping
          ? `Window photo. ${w.corners.length} of 4 corners placed.${w.corners.length < 4 ? ` Arrow keys move the cross, Enter places the ${CORNER_NAMES[w.corners.length]} corner.` : ''}`
          : undefined
      }
      data-testid="wt-photo"
    >
      <img
        ref={imageRef}
        src={w.imageSrc}
        alt={w.imageSrc === DEMO_WINDOW_IMAGE ? 'Demo photo of a window' : 'Your window photo'}
        draggable={false}
        onLoad={(e) => {
          const size = { width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight };
          if (size.width !== w.imageSize?.width || size.height !== w.imageSize?.height) onSize(size);
        }}
      />
      {children}
      {tapping &&
        w.corners.map((c, i) => (
          <span key={i} className="ar-marker" style={{ left: `${c.x}%`, top: `${c.y}%` }} data-x={c.x} data-y={c.y} aria-hidden="true">
            {i + 1}
          </span>
        ))}
      {tapping && w.corners.length === 4 && (
        <svg className="ar-outline" viewBox="0 0 100 100" preserveAspectRatio="none" aria-hidden="true">
          <polygon points={w.corners.map((c) => `${c.x},${c.y}`).join(' ')} />
        </svg>
      )}
      {canTap && focused && <span className="wt-cursor" style={{ left: `${cursor.x}%`, top: `${cursor.y}%` }} aria-hidden="true" />}
    </div>
  );
}

/** Each tapped corner snaps to the photo's nearest strong corner (the AR visualiser's detection), never folding the outline. */
function snapToPhoto(img: HTMLImageElement | null, corners: PercentPoint[]): PercentPoint[] {
  try {
    if (!img || img.naturalWidth === 0) return corners;
    const size = workingSize(img.naturalWidth, img.naturalHeight);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) return corners;
    ctx.drawImage(img, 0, 0, size.width, size.height);
    const candidate = snapCorners(toGrey(ctx.getImageData(0, 0, size.width, size.height).data, size.width, size.height), corners);
    return isConvexQuad(candidate as unknown as Quad) ? candidate : corners;
  } catch {
    return corners;
  }
}

function clampPercent(n: number): number {
  return Math.round(Math.min(100, Math.max(0, n)) * 100) / 100;
}

// --- Summary -------------------------------------------------------------------------------------

function Summary({
  room,
  windows,
  prices,
  headingRef,
  onBack,
  onEdit,
  onSent,
}: {
  room: string;
  windows: readonly WindowDraft[];
  prices: Prices;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onBack: () => void;
  onEdit: (index: number) => void;
  onSent: () => void;
}) {
  const [showLead, setShowLead] = useState(false);
  const priced = windows.map((w) => pricedWindow(w, prices));
  const complete = priced.filter((p): p is NonNullable<typeof p> => p !== null);
  const allPriced = complete.length === windows.length;
  const totals = roomTotals(complete.map((p) => ({ total_price: p.price })));
  const sample = complete.some((p) => p.samplePrices);

  const send = () => {
    if (!allPriced) return;
    const lines = buildQuoteLines(complete, () => crypto.randomUUID());
    try {
      localStorage.setItem(STORAGE_KEYS.quoteBlinds, JSON.stringify(appendQuoteLines(localStorage.getItem(STORAGE_KEYS.quoteBlinds), lines)));
    } catch {
      toast({ title: 'Quote not saved', description: 'Your browser storage is full or blocked; please try again.', variant: 'destructive' });
      return;
    }
    toast({ title: 'Added to your quote', description: `${lines.length} blind${lines.length === 1 ? '' : 's'} from ${room.trim()}.` });
    onSent();
  };

  return (
    <section className="wt-summary" aria-labelledby="wt-summary-title">
      <div className="ar-panel wt-panel">
        <h2 id="wt-summary-title" ref={headingRef} tabIndex={-1}>
          {room.trim()}: your room quote
        </h2>
        <ol className="wt-lines">
          {windows.map((w, i) => {
            const p = priced[i];
            const product = findProduct(w.productId);
            return (
              <li key={i} className="wt-line" data-testid="wt-line">
                <div className="wt-line__head">
                  <h3>Window {i + 1}</h3>
                  <button type="button" className="button button--ghost-dark button--small" onClick={() => onEdit(i)} aria-label={`Change window ${i + 1}`}>
                    Change
                  </button>
                </div>
                <dl>
                  <div>
                    <dt>Product</dt>
                    <dd>{product.label}</dd>
                  </div>
                  <div>
                    <dt>Colour</dt>
                    <dd>{w.colour ?? '—'}</dd>
                  </div>
                  <div>
                    <dt>Size</dt>
                    <dd>
                      {w.widthText} × {w.dropText} mm <SizeEstimateBadge source={w.sizeSource} />
                    </dd>
                  </div>
                  <div>
                    <dt>Price</dt>
                    <dd className="wt-line__price">{p ? formatRand(p.price) : 'Not priced yet'}</dd>
                  </div>
                </dl>
              </li>
            );
          })}
        </ol>
        <div className="wt-total" aria-live="polite" data-testid="wt-total">
          <p>
            <span>Room total (incl. 15% VAT)</span> <strong className="wt-total__amount">{formatRand(totals.total)}</strong>
          </p>
          <p className="muted">
            Of which VAT {formatRand(totals.vat)}
            {sample ? ` · ${SAMPLE_PRICES_NOTE}` : ''}
          </p>
        </div>
        {!allPriced && (
          <p className="wt-error" role="alert">
            Every window needs a price before the room can go to the calculator.
          </p>
        )}
        <div className="button-row wt-nav">
          <button type="button" className="button button--ghost-dark" onClick={onBack}>
            Back
          </button>
          <button type="button" className="button button--accent" onClick={send} disabled={!allPriced}>
            Send to the quote calculator
          </button>
          {!showLead && (
            <button type="button" className="button button--ghost-dark" onClick={() => setShowLead(true)} aria-expanded={false}>
              Start Room Consultation
            </button>
          )}
        </div>
      </div>
      {showLead && (
        <div className="wt-lead">
          <Suspense fallback={<p>Loading the form…</p>}>
            <LeadForm source="room_walkthrough" productInterest={leadProductInterest(room)} sessionData={leadSessionData(complete)} />
          </Suspense>
        </div>
      )}
    </section>
  );
}
