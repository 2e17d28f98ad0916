import { useEffect, useMemo, useRef, useState, type ChangeEvent, type KeyboardEvent, type PointerEvent } from 'react';
import { useNavigate } from 'react-router';
import { SiteFooter } from '../../components/site-footer';
import { SiteHeader } from '../../components/site-header';
import { toast } from '../../components/toast';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { createSessionId } from '../../lib/session-id';
import { analyzeWindowPhoto } from './analyze-api';
import { photoFromDataUrl, photoToDataUrl } from './camera';
import {
  ASSUMED_WIDTH_MM,
  CORNER_NAMES,
  clampPoint,
  defaultCorners,
  measurePolygon,
  type Corners,
  type KnownSize,
  type PolygonMeasurements,
} from './polygon-measure';
import './measurement.css';

interface Photo {
  src: string;
  width: number;
  height: number;
}

interface StoredPolygon {
  image: string;
  corners: Corners;
  measurements: PolygonMeasurements;
  timestamp: number;
}

function imageSize(src: string): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve({ width: img.naturalWidth, height: img.naturalHeight });
    img.onerror = () => reject(new Error('The stored photo could not be read'));
    img.src = src;
  });
}

function readJson<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function isCorners(value: unknown): value is Corners {
  return Array.isArray(value) && value.length === 4 && value.every((p) => p && Number.isFinite(p.x) && Number.isFinite(p.y));
}

function savePolygon(data: StoredPolygon) {
  try {
    localStorage.setItem(STORAGE_KEYS.polygonData, JSON.stringify(data));
  } catch (err) {
    // A very large photo may not fit in local storage: keep the corners and sizes at least.
    console.warn('Saving the photo locally failed, saving the measurements only:', err);
    try {
      localStorage.setItem(STORAGE_KEYS.polygonData, JSON.stringify({ ...data, image: '' }));
    } catch {
      // storage unavailable
    }
  }
}

/** /working-polygon: four corners on a photo, measured as staff spec section 9 says. */
export function WorkingPolygonPage() {
  const navigate = useNavigate();
  const [photo, setPhoto] = useState<Photo | null>(null);
  const [corners, setCorners] = useState<Corners | null>(null);
  const [knownDimension, setKnownDimension] = useState<KnownSize['dimension']>('width');
  const [knownMm, setKnownMm] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const dragging = useRef<number | null>(null);
  const [saving, setSaving] = useState(false);
  const [sessionId] = useState(createSessionId);

  const known: KnownSize | null = knownMm.trim() === '' ? null : { dimension: knownDimension, mm: Number(knownMm) };
  const measurements = useMemo(() => (corners ? measurePolygon(corners, known) : null), [corners, known?.dimension, known?.mm]); // eslint-disable-line react-hooks/exhaustive-deps

  // The AR flow's photo ('No, let me measure manually') wins; otherwise the last saved polygon.
  useEffect(() => {
    let cancelled = false;
    (async () => {
      const handed = localStorage.getItem(STORAGE_KEYS.polygonImage);
      const saved = readJson<StoredPolygon>(STORAGE_KEYS.polygonData);
      const src = handed || saved?.image;
      if (!src) return;
      try {
        const size = await imageSize(src);
        if (cancelled) return;
        setPhoto({ src, ...size });
        setCorners(
          !handed && isCorners(saved?.corners)
            ? (saved!.corners.map((p) => clampPoint(p, size.width, size.height)) as Corners)
            : defaultCorners(size.width, size.height),
        );
        if (handed) localStorage.removeItem(STORAGE_KEYS.polygonImage);
      } catch (err) {
        console.warn(err);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, []);

  function persist(next: Corners, knownSize: KnownSize | null = known) {
    if (!photo) return;
    savePolygon({ image: photo.src, corners: next, measurements: measurePolygon(next, knownSize), timestamp: Date.now() });
  }

  // Saved whenever a new photo arrives or the known size changes.
  useEffect(() => {
    if (photo && corners) persist(corners);
  }, [photo, known?.dimension, known?.mm]); // eslint-disable-line react-hooks/exhaustive-deps

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      const { dataUrl, width, height } = await photoToDataUrl(file);
      setPhoto({ src: dataUrl, width, height });
      setCorners(defaultCorners(width, height));
    } catch (err) {
      console.warn('Photo upload failed:', err);
      toast({ title: 'Photo not readable', description: 'Please choose a JPEG or PNG photo of your window.', variant: 'destructive' });
    }
  }

  function pointFromEvent(event: PointerEvent<HTMLElement>) {
    const rect = stageRef.current!.getBoundingClientRect();
    return clampPoint(
      { x: ((event.clientX - rect.left) / rect.width) * photo!.width, y: ((event.clientY - rect.top) / rect.height) * photo!.height },
      photo!.width,
      photo!.height,
    );
  }

  function moveCorner(index: number, point: { x: number; y: number }): Corners {
    const next = corners!.map((p, i) => (i === index ? clampPoint(point, photo!.width, photo!.height) : p)) as Corners;
    setCorners(next);
    return next;
  }

  function onPointerDown(event: PointerEvent<HTMLButtonElement>, index: number) {
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    event.currentTarget.focus();
    dragging.current = index;
  }

  function onPointerMove(event: PointerEvent<HTMLButtonElement>, index: number) {
    if (dragging.current !== index) return;
    moveCorner(index, pointFromEvent(event));
  }

  function onPointerUp(event: PointerEvent<HTMLButtonElement>, index: number) {
    if (dragging.current !== index) return;
    dragging.current = null;
    if (event.currentTarget.hasPointerCapture(event.pointerId)) event.currentTarget.releasePointerCapture(event.pointerId);
    persist(moveCorner(index, pointFromEvent(event)));
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const step = event.shiftKey ? 10 : 1;
    const delta = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[event.key];
    if (!delta) return;
    event.preventDefault();
    const p = corners![index]!;
    persist(moveCorner(index, { x: p.x + delta[0]!, y: p.y + delta[1]! }));
  }

  async function continueToProducts() {
    if (!measurements || saving) return;
    persist(corners!);
    const fromRealSize = measurements.basis !== 'assumed-width';
    // From one real size, the photo is kept with the order (as the quick scan's is) so our team can
    // confirm the size from it: that is what brings the blind under the fit guarantee. Without the
    // photo on the server the line is not eligible, and nothing says otherwise.
    let photoKey: string | undefined;
    if (fromRealSize && photo) {
      setSaving(true);
      try {
        photoKey = (await analyzeWindowPhoto(await photoFromDataUrl(photo.src), sessionId)).photo_key;
      } catch (err) {
        console.warn('The photo was not saved with the measurement:', err);
        toast({
          title: 'Photo not saved',
          description:
            'Your size goes to the calculator, but without the photo our team cannot confirm it from the photo for the fit guarantee.',
        });
      } finally {
        setSaving(false);
      }
    }
    // Drawn on a photo (an assumed width, or one real size and the photo's proportions): an estimate the team confirms (DESIGN.md 7b).
    localStorage.setItem(
      STORAGE_KEYS.autoMeasurements,
      JSON.stringify({
        width_mm: measurements.width_mm,
        drop_mm: measurements.drop_mm,
        estimated: true,
        size_source: fromRealSize ? 'polygon-known' : 'polygon-estimate',
        ...(photoKey ? { photo_key: photoKey } : {}),
      }),
    );
    navigate('/quote-calculator');
  }

  const basisText =
    measurements?.basis === 'known-width'
      ? `Scaled from your real width of ${known?.mm} mm.`
      : measurements?.basis === 'known-drop'
        ? `Scaled from your real drop of ${known?.mm} mm.`
        : `Assumes the window is ${ASSUMED_WIDTH_MM} mm wide (the ${ASSUMED_WIDTH_MM} mm assumption). Enter one real size below for a true measurement.`;

  return (
    <div className="page">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="measure-page">
        <header className="measure-intro">
          <p className="eyebrow">Precision Polygon</p>
          <h1>Window Photo Positioning</h1>
          <p className="lead">Drag the four numbered corners onto the corners of your window frame to measure it.</p>
        </header>

        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          className="visually-hidden-input"
          onChange={upload}
          aria-label="Upload a photo of your window"
        />

        {!photo || !corners || !measurements ? (
          <section className="measure-card polygon-empty">
            <h2>Upload a photo of your window</h2>
            <p>Stand square-on, with the whole frame in view. You can then drag the corners into place.</p>
            <div className="button-row">
              <button type="button" className="button button--accent" onClick={() => fileInput.current?.click()}>
                Upload a photo
              </button>
              <button type="button" className="button button--ghost-dark" onClick={() => navigate('/measurement')}>
                Back
              </button>
            </div>
          </section>
        ) : (
          <div className="polygon-layout">
            <section className="measure-card polygon-editor" aria-label="Corner positions">
              <p className="muted polygon-help" id="corner-help">
                Drag a corner, or focus it and use the arrow keys (Shift for 10 px steps).
              </p>
              <div className="polygon-stage" ref={stageRef}>
                <img src={photo.src} alt="Your window" draggable={false} />
                <svg
                  className="polygon-stage__overlay"
                  viewBox={`0 0 ${photo.width} ${photo.height}`}
                  preserveAspectRatio="none"
                  aria-hidden="true"
                >
                  <polygon points={corners.map((p) => `${p.x},${p.y}`).join(' ')} />
                </svg>
                {corners.map((p, i) => (
                  <button
                    key={CORNER_NAMES[i]}
                    type="button"
                    className="polygon-handle"
                    style={{ left: `${(p.x / photo.width) * 100}%`, top: `${(p.y / photo.height) * 100}%` }}
                    aria-label={`Corner ${i + 1}, ${CORNER_NAMES[i]}`}
                    aria-describedby="corner-help"
                    data-corner={i + 1}
                    onPointerDown={(e) => onPointerDown(e, i)}
                    onPointerMove={(e) => onPointerMove(e, i)}
                    onPointerUp={(e) => onPointerUp(e, i)}
                    onPointerCancel={(e) => onPointerUp(e, i)}
                    onKeyDown={(e) => onKeyDown(e, i)}
                  >
                    {i + 1}
                  </button>
                ))}
              </div>
            </section>

            <section className="measure-card polygon-results" aria-labelledby="polygon-results-title">
              <h2 id="polygon-results-title">Measurements</h2>
              <dl className="measure-figures" aria-live="polite">
                <div>
                  <dt>Width</dt>
                  <dd data-testid="polygon-width">{measurements.width_mm} mm</dd>
                </div>
                <div>
                  <dt>Drop</dt>
                  <dd data-testid="polygon-drop">{measurements.drop_mm} mm</dd>
                </div>
                <div>
                  <dt>Area</dt>
                  <dd data-testid="polygon-area">{measurements.area_m2.toFixed(2)} m²</dd>
                </div>
              </dl>
              <p
                className={`measure-note ${measurements.basis === 'assumed-width' ? 'measure-note--warn' : ''}`}
                data-testid="polygon-basis"
              >
                {basisText}
              </p>
              <fieldset className="known-size">
                <legend>I know one real size</legend>
                <div className="known-size__row">
                  <label>
                    <span className="visually-hidden">Which size</span>
                    <select value={knownDimension} onChange={(e) => setKnownDimension(e.target.value as KnownSize['dimension'])}>
                      <option value="width">Width</option>
                      <option value="drop">Drop</option>
                    </select>
                  </label>
                  <label>
                    <span className="visually-hidden">Real size in millimetres</span>
                    <input
                      type="number"
                      inputMode="numeric"
                      min={1}
                      step={1}
                      placeholder="e.g. 1500"
                      value={knownMm}
                      onChange={(e) => setKnownMm(e.target.value)}
                      aria-label="Real size in mm"
                    />
                  </label>
                  <span aria-hidden="true">mm</span>
                </div>
              </fieldset>
              <div className="button-row">
                <button type="button" className="button button--accent" onClick={continueToProducts} disabled={saving} aria-busy={saving}>
                  {saving ? 'Saving your photo…' : 'Continue to Products'}
                </button>
                <button type="button" className="button button--ghost-dark" onClick={() => fileInput.current?.click()}>
                  Change Photo
                </button>
                <button type="button" className="button button--ghost-dark" onClick={() => navigate('/measurement')}>
                  Back
                </button>
              </div>
              <p className="muted">Photo measurements are estimates: we confirm every size before production.</p>
            </section>
          </div>
        )}
      </main>
      <SiteFooter />
    </div>
  );
}
