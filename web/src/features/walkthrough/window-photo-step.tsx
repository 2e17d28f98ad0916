// Window step 1: the photo (the customer's or the demo window) and its four corners.
import type { ReactNode } from 'react';
import { DEMO_WINDOW_IMAGE } from '../../scene/photo-corners';
import { CORNER_NAMES, type WindowDraft } from './walkthrough-model';
import type { WindowChange } from './walkthrough-types';

interface WindowPhotoStepProps {
  index: number;
  window: WindowDraft;
  heading: (text: string) => ReactNode;
  photo: ReactNode;
  convex: boolean;
  onUpload: (file: File | undefined) => void;
  onChange: (change: WindowChange) => void;
  confirmCorners: () => void;
  onBack: () => void;
}

export function WindowPhotoStep({
  index,
  window: w,
  heading,
  photo,
  convex,
  onUpload,
  onChange,
  confirmCorners,
  onBack,
}: WindowPhotoStepProps) {
  return (
    <div className="ar-panel wt-panel">
      {heading(`Window ${index + 1}: photo and corners`)}
      <label className="ar-field">
        <span>Window photo</span>
        <input type="file" accept="image/*" onChange={(e) => onUpload(e.target.files?.[0])} />
        <small className="muted">
          {w.imageSrc === DEMO_WINDOW_IMAGE ? 'Showing our demo window until you upload yours.' : 'Using your photo.'}
        </small>
      </label>
      {w.imageSrc !== DEMO_WINDOW_IMAGE && (
        <button
          type="button"
          className="button button--ghost-dark button--small wt-demo"
          onClick={() => onChange({ imageSrc: DEMO_WINDOW_IMAGE, imageSize: null, corners: [] })}
        >
          Use the demo window
        </button>
      )}
      <p className="muted" id={`wt-corner-help-${index}`}>
        Tap the window's corners in this order: top-left, top-right, bottom-right, bottom-left. With a keyboard, focus the photo, move the
        cross with the arrow keys and press Enter to place a corner.
        {w.corners.length < 4 && <strong> Next: {CORNER_NAMES[w.corners.length]}.</strong>}
      </p>
      {photo}
      <div className="ar-toolbar">
        <span className="ar-progress" aria-live="polite">
          {w.corners.length}/4 corners
        </span>
        <button
          type="button"
          className="button button--ghost-dark button--small"
          onClick={() => onChange({ corners: [] })}
          disabled={w.corners.length === 0}
        >
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
  );
}
