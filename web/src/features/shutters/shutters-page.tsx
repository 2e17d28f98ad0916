import { useEffect, useId, useMemo, useState, type ChangeEvent, type MouseEvent } from 'react';
import type { ColoursResponse } from '@shared/catalogue-api';
import { SiteFooter } from '../../components/site-footer';
import { SiteHeader } from '../../components/site-header';
import { getJson } from '../../lib/api-client';
import { isConvexQuad, type Point } from '../../scene/homography';
import { LeadForm } from '../../components/lead-form';
import {
  louvreCount,
  panelCount,
  PLANTATION_PITCH_MM,
  quadAspect,
  REFERENCE_PANEL_HEIGHT_MM,
  tapOrderToQuad,
  type TiltState,
} from './shutter-geometry';
import { ShutterCanvas } from './shutter-scene';
import { ShutterQuoteActions } from './shutter-quote-actions';
import '../../components/visualiser.css';
import './shutters-page.css';

/** The spec's tap order for shutters (the AR flow differs). */
export const CORNER_PROMPTS = [
  'Tap the top-left corner of the window',
  'Tap the top-right corner of the window',
  'Tap the bottom-left corner of the window',
  'Tap the bottom-right corner of the window',
] as const;

export const CORNERS_DONE_MESSAGE = 'All four corners marked! Your plantation shutter is shown on the window.';

interface ShutterColour {
  name: string;
  hex: string;
}

const DEFAULT_COLOUR: ShutterColour = { name: 'White', hex: '#F7F7F4' };
const MAX_COLOURS = 8;

interface Photo {
  url: string;
  width: number;
  height: number;
}

export function ShuttersPage() {
  const [photo, setPhoto] = useState<Photo | null>(null);
  const [pendingUrl, setPendingUrl] = useState<string | null>(null);
  const [taps, setTaps] = useState<Point[]>([]);
  const [tilt, setTilt] = useState<TiltState>('closed');
  const [colours, setColours] = useState<ShutterColour[]>([DEFAULT_COLOUR]);
  const [colour, setColour] = useState<ShutterColour>(DEFAULT_COLOUR);
  const [showQuote, setShowQuote] = useState(false);
  const fileId = useId();

  // White first, then the catalogue's shutter colours.
  useEffect(() => {
    const controller = new AbortController();
    getJson<ColoursResponse>('/api/colours/shutter-basswood', { signal: controller.signal })
      .then((response) => {
        const fromCatalogue = (response?.colours ?? [])
          .filter((c) => /^#[0-9a-f]{6}$/i.test(c.hex))
          .map((c) => ({ name: c.name, hex: c.hex }));
        if (fromCatalogue.length === 0) return;
        const white = fromCatalogue.find((c) => /white/i.test(c.name)) ?? DEFAULT_COLOUR;
        const rest = fromCatalogue.filter((c) => c !== white).slice(0, MAX_COLOURS - 1);
        setColours([white, ...rest]);
        setColour((current) => (current === DEFAULT_COLOUR ? white : current));
      })
      .catch(() => {
        // Keep the default white when the catalogue cannot be read.
      });
    return () => controller.abort();
  }, []);

  // Free the photo's object URL when it is replaced or the page closes.
  useEffect(() => {
    const url = photo?.url;
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [photo?.url]);

  const quad = useMemo(() => tapOrderToQuad(taps), [taps]);
  const quadValid = quad !== null && isConvexQuad(quad);

  function choosePhoto(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    if (!file) return;
    if (pendingUrl) URL.revokeObjectURL(pendingUrl);
    setPendingUrl(URL.createObjectURL(file));
    setTaps([]);
    setShowQuote(false);
  }

  function photoLoaded(e: React.SyntheticEvent<HTMLImageElement>) {
    const img = e.currentTarget;
    if (!pendingUrl || img.src !== pendingUrl) return;
    setPhoto({ url: pendingUrl, width: img.naturalWidth, height: img.naturalHeight });
    setPendingUrl(null);
  }

  function tap(e: MouseEvent<HTMLDivElement>) {
    if (!photo || taps.length >= 4) return;
    const rect = e.currentTarget.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return;
    const x = ((e.clientX - rect.left) / rect.width) * photo.width;
    const y = ((e.clientY - rect.top) / rect.height) * photo.height;
    setTaps((t) => (t.length >= 4 ? t : [...t, { x, y }]));
  }

  function clear() {
    setTaps([]);
    setTilt('closed');
    setShowQuote(false);
  }

  const done = taps.length === 4;
  const aspect = quad ? quadAspect(quad) : 1;
  const widthMm = Math.round(REFERENCE_PANEL_HEIGHT_MM * aspect);
  const sessionData = {
    blindType: 'plantation-shutter',
    colour: colour.name,
    openingType: 'hinged',
    mountType: 'inside',
    dimensions: {
      estimatedWidthMm: widthMm,
      estimatedHeightMm: REFERENCE_PANEL_HEIGHT_MM,
      panels: panelCount(widthMm),
      louvresPerPanel: louvreCount(),
      louvrePitchMm: PLANTATION_PITCH_MM,
      louvreTilt: tilt,
      colourHex: colour.hex,
      corners: quad?.map((p) => ({ x: Math.round(p.x), y: Math.round(p.y) })) ?? null,
      photo: photo ? { width: photo.width, height: photo.height } : null,
    },
  };

  return (
    <div className="page">
      <SiteHeader />
      <main className="shutters" id="main">
        <h1>Plantation Shutter Visualiser</h1>
        <p className="shutters__intro">
          See made-to-measure plantation shutters on your own window. Upload a photo, mark the four corners of the window and we will fit a
          shutter to it in perspective.
        </p>

        <div className="shutters__upload">
          <label htmlFor={fileId} className="button shutters__upload-button">
            {photo ? 'Choose a different photo' : 'Upload a photo of your window'}
          </label>
          <input id={fileId} className="shutters__file" type="file" accept="image/*" onChange={choosePhoto} />
          {!photo && (
            <p className="shutters__hint" data-testid="upload-hint">
              Tip: stand square to the window in good daylight and make sure all four corners of the frame are in the photo.
            </p>
          )}
        </div>

        {/* Loads the chosen file off-screen first so its size is known before corners are tapped. */}
        {pendingUrl && (
          <img src={pendingUrl} alt="" className="shutters__preload" onLoad={photoLoaded} onError={() => setPendingUrl(null)} />
        )}

        {photo && (
          <section className="shutters__workspace" aria-label="Your window">
            <p className={`shutters__prompt${done ? ' shutters__prompt--done' : ''}`} role="status" aria-live="polite">
              {done
                ? quadValid
                  ? CORNERS_DONE_MESSAGE
                  : 'Those corners cross over. Press Clear and tap them again in the order shown.'
                : CORNER_PROMPTS[taps.length]}
            </p>
            <div
              className="shutters__stage"
              onClick={tap}
              data-testid="shutter-stage"
              style={{ aspectRatio: `${photo.width} / ${photo.height}` }}
            >
              <img src={photo.url} alt="Your window" className="shutters__photo" draggable={false} />
              {done && quadValid && quad && (
                <ShutterCanvas quad={quad} imageWidth={photo.width} imageHeight={photo.height} tilt={tilt} colour={colour.hex} />
              )}
              {taps.map((p, i) => (
                <span
                  key={i}
                  className="shutters__marker"
                  style={{ left: `${(p.x / photo.width) * 100}%`, top: `${(p.y / photo.height) * 100}%` }}
                  aria-hidden="true"
                >
                  {i + 1}
                </span>
              ))}
            </div>

            <div className="shutters__controls">
              <div className="shutters__tilt" role="group" aria-label="Louvre tilt">
                <button
                  type="button"
                  className="button shutters__toggle"
                  aria-pressed={tilt === 'closed'}
                  disabled={!done || !quadValid}
                  onClick={() => setTilt('closed')}
                >
                  CLOSED
                </button>
                <button
                  type="button"
                  className="button shutters__toggle"
                  aria-pressed={tilt === 'open'}
                  disabled={!done || !quadValid}
                  onClick={() => setTilt('open')}
                >
                  OPEN TILT
                </button>
              </div>
              <button type="button" className="button button--ghost-dark" onClick={clear} disabled={taps.length === 0}>
                Clear
              </button>
            </div>

            <fieldset className="shutters__colours">
              <legend>Shutter colour: {colour.name}</legend>
              <div className="shutters__swatches">
                {colours.map((c) => (
                  <label key={c.name} className="shutters__swatch" title={c.name}>
                    <input
                      type="radio"
                      name="shutter-colour"
                      value={c.name}
                      checked={c.name === colour.name}
                      onChange={() => setColour(c)}
                    />
                    <span className="shutters__swatch-chip" style={{ background: c.hex }} aria-hidden="true" />
                    <span className="shutters__swatch-name">{c.name}</span>
                  </label>
                ))}
              </div>
            </fieldset>

            {done && quadValid && (
              <div className="shutters__quote">
                <ShutterQuoteActions
                  estimatedWidthMm={widthMm}
                  estimatedHeightMm={REFERENCE_PANEL_HEIGHT_MM}
                  drawnPanels={panelCount(widthMm)}
                  colourName={colour.name}
                />
                {!showQuote ? (
                  <button type="button" className="button button--accent" onClick={() => setShowQuote(true)}>
                    Get a quote for shutters
                  </button>
                ) : (
                  <LeadForm source="shutter_visualization" productInterest="Plantation Shutters" sessionData={sessionData} />
                )}
              </div>
            )}
          </section>
        )}
      </main>
      <SiteFooter />
    </div>
  );
}
