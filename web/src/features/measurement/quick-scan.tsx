import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { MEASURING_GUIDE_PATH } from '@shared/measuring-rules';
import { toast } from '../../components/toast';
import { createSessionId } from '../../lib/session-id';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { analyzeWindowPhoto, failureMessage, scanQualityText, type FractionBox, type WindowScan } from './analyze-api';
import {
  CAMERA_ERRORS,
  CAPTURE_DELAY_MS,
  cameraSupportProblem,
  captureVideoFrame,
  classifyCameraError,
  delay,
  openCameraStream,
  preparePhoto,
  stopStream,
  waitForMetadata,
  type CameraErrorKind,
} from './camera';

type ScanState = 'camera' | 'analyzing' | 'results';
type CameraStatus = 'starting' | 'ready' | 'scanning';

interface ScanResult extends WindowScan {
  capturedImage: string;
}

/** Quick AI Scan: camera, then analysing, then results (storefront spec section 4). */
export function QuickScan({ onCancel }: { onCancel: () => void }) {
  const navigate = useNavigate();
  const [sessionId] = useState(createSessionId);
  const [state, setState] = useState<ScanState>('camera');
  const [result, setResult] = useState<ScanResult | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  // Object URLs of captured photos are released when replaced and when leaving.
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  async function analyse(photo: Blob) {
    const url = URL.createObjectURL(photo);
    setPreview(url);
    setState('analyzing');
    try {
      const scan = await analyzeWindowPhoto(photo, sessionId);
      if (!scan.success) throw new Error(scan.note || 'The photo could not be analysed.');
      setResult({ ...scan, capturedImage: url });
      setState('results');
    } catch (err) {
      console.warn('Window analysis failed:', err);
      toast({ title: 'Analysis Failed', description: failureMessage(err), variant: 'destructive' });
      setResult(null);
      setState('camera');
    }
  }

  function applyMeasurements() {
    if (!result) return;
    // Without an A4 sheet the size is an estimate: it stays marked as one through the quote and the order (DESIGN.md 7b).
    const estimated = result.scaleSource === 'estimate' ? { estimated: true, size_source: 'scan-estimate' } : { size_source: 'scan-a4' };
    // The scan measures the outer frame: the calculator converts it for the mount type (measuring guide).
    // The photo's key goes with the size, onto the line and the order, so staff can check it against the photo.
    localStorage.setItem(
      STORAGE_KEYS.autoMeasurements,
      JSON.stringify({
        width_mm: result.width_mm,
        drop_mm: result.drop_mm,
        measured: 'outer-frame',
        ...estimated,
        ...(result.photo_key ? { photo_key: result.photo_key } : {}),
      }),
    );
    navigate('/quote-calculator');
  }

  return (
    <section className="measure-card quick-scan" aria-labelledby="quick-scan-title" data-state={state}>
      <div className="quick-scan__head">
        <h2 id="quick-scan-title">Quick AI Scan</h2>
        <button type="button" className="link-button" onClick={onCancel}>
          Back to options
        </button>
      </div>
      {state === 'camera' && <CameraView onPhoto={analyse} />}
      {state === 'analyzing' && (
        <div className="quick-scan__analysing" role="status">
          {preview && <img src={preview} alt="Your captured window" className="quick-scan__photo" />}
          <p className="quick-scan__spinner">Analysing your window…</p>
        </div>
      )}
      {state === 'results' && result && <ScanResults result={result} onRetake={() => setState('camera')} onUse={applyMeasurements} />}
    </section>
  );
}

function CameraView({ onPhoto }: { onPhoto: (photo: Blob) => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [status, setStatus] = useState<CameraStatus>('starting');
  const [error, setError] = useState<CameraErrorKind | null>(null);

  useEffect(() => {
    let cancelled = false;
    let stream: MediaStream | null = null;
    const video = videoRef.current;
    (async () => {
      const problem = cameraSupportProblem();
      if (problem) {
        console.warn(`Camera not available: ${problem}`);
        setError(problem);
        return;
      }
      try {
        stream = await openCameraStream();
        if (cancelled || !video) return stopStream(stream);
        video.srcObject = stream;
        await waitForMetadata(video);
        await video.play().catch(() => undefined); // muted inline video; a refused autoplay still shows frames
        if (!cancelled) setStatus('ready');
      } catch (err) {
        stopStream(stream);
        if (cancelled) return;
        console.warn('Camera could not start:', err);
        setError(classifyCameraError(err));
      }
    })();
    // Leaving the camera (results, another page) stops every track.
    return () => {
      cancelled = true;
      stopStream(stream);
      if (video) video.srcObject = null;
    };
  }, []);

  async function capture() {
    const video = videoRef.current;
    if (!video || status !== 'ready') return;
    setStatus('scanning');
    await delay(CAPTURE_DELAY_MS);
    try {
      const photo = await captureVideoFrame(video);
      onPhoto(photo);
    } catch (err) {
      console.warn('Capture failed:', err);
      toast({ title: 'Analysis Failed', description: 'The camera image could not be captured. Please try again.', variant: 'destructive' });
      setStatus('ready');
    }
  }

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onPhoto(await preparePhoto(file));
  }

  return (
    <div className="camera">
      {error ? (
        <div className="camera__error" role="alert">
          <h3>{CAMERA_ERRORS[error].title}</h3>
          <p>{CAMERA_ERRORS[error].advice}</p>
        </div>
      ) : (
        <div className="camera__frame" data-status={status}>
          <video ref={videoRef} className="camera__video" playsInline muted autoPlay aria-label="Camera view" />
          <div className="camera__guide" aria-hidden="true" />
          <p className="camera__status" role="status">
            {status === 'starting' && 'Starting camera…'}
            {status === 'ready' && 'Camera ready: fit the whole window in the frame'}
            {status === 'scanning' && 'Scanning… hold still'}
          </p>
        </div>
      )}
      <div className="button-row camera__actions">
        {!error && (
          <button type="button" className="button button--accent" onClick={capture} disabled={status !== 'ready'}>
            {status === 'scanning' ? 'Scanning…' : 'Capture'}
          </button>
        )}
        <label className={`button ${error ? 'button--accent' : 'button--ghost-dark'} file-button`}>
          Upload a photo instead
          <input type="file" accept="image/*" onChange={upload} className="visually-hidden-input" aria-label="Upload a photo instead" />
        </label>
      </div>
    </div>
  );
}

function boxStyle(box: FractionBox) {
  return { left: `${box.x * 100}%`, top: `${box.y * 100}%`, width: `${box.width * 100}%`, height: `${box.height * 100}%` };
}

function ScanResults({ result, onRetake, onUse }: { result: ScanResult; onRetake: () => void; onUse: () => void }) {
  const estimate = result.scaleSource === 'estimate';
  const quality = scanQualityText(result.quality);
  return (
    <div className="scan-results">
      <div className="scan-results__image">
        <img src={result.capturedImage} alt="Your window with the detected area outlined" />
        <div className="scan-results__box scan-results__box--window" style={boxStyle(result.detectedArea)}>
          <span>Window</span>
        </div>
        {result.reference && (
          <div className="scan-results__box scan-results__box--a4" style={boxStyle(result.reference)}>
            <span>A4</span>
          </div>
        )}
      </div>
      <div className="scan-results__numbers">
        <dl className="measure-figures">
          <div>
            <dt>Width</dt>
            <dd data-testid="scan-width">{result.width_mm} mm</dd>
          </div>
          <div>
            <dt>Drop</dt>
            <dd data-testid="scan-drop">{result.drop_mm} mm</dd>
          </div>
          <div>
            <dt>Scan quality</dt>
            <dd data-testid="scan-quality" data-rating={result.quality.rating}>
              {quality.label}
            </dd>
          </div>
        </dl>
        <p className="muted" data-testid="scan-quality-reasons">
          {quality.reasons}
        </p>
        <p className="measure-note" data-testid="scan-outer-frame">
          These are the sizes of the <strong>outer window frame</strong>. The calculator converts them for inside-recess or face-fix
          mounting and shows what it changed: see our <Link to={MEASURING_GUIDE_PATH}>tape-measure guide</Link>.
        </p>
        {estimate ? (
          <p className="measure-note measure-note--warn">
            <strong>This is an estimate.</strong> No A4 sheet was found in the photo, so the size is a guess. Hold an A4 sheet flat against
            the glass and retake the photo for a real measurement.
          </p>
        ) : (
          <p className="measure-note">{result.note || 'Measured against the A4 sheet in your photo.'}</p>
        )}
        {estimate && result.note && <p className="muted">{result.note}</p>}
        <p className="muted">We confirm every size before production.</p>
        <div className="button-row">
          <button type="button" className="button button--ghost-dark" onClick={onRetake}>
            Retake
          </button>
          <button type="button" className="button button--accent" onClick={onUse}>
            Use These Measurements
          </button>
        </div>
      </div>
    </div>
  );
}
