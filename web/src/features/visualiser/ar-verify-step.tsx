// The AR visualiser's check of the snapped corners: on to the preview, measure by hand, or back.
import type { ReactNode } from 'react';

interface ArVerifyStepProps {
  photo: ReactNode;
  convex: boolean;
  onConfirm: () => void;
  measureManually: () => void;
  backToSetup: () => void;
}

export function ArVerifyStep({ photo, convex, onConfirm, measureManually, backToSetup }: ArVerifyStepProps) {
  return (
    <section className="ar-panel ar-verify" aria-labelledby="ar-verify-title">
      <h2 id="ar-verify-title">Do these corners match your window?</h2>
      {photo}
      {!convex && (
        <p className="ar-warning" role="alert">
          These corners cross over each other. Go back and tap them in order: top-left, top-right, bottom-right, bottom-left.
        </p>
      )}
      <div className="button-row">
        <button type="button" className="button button--accent" onClick={onConfirm} disabled={!convex}>
          Yes, this looks perfect!
        </button>
        <button type="button" className="button button--ghost-dark" onClick={measureManually}>
          No, let me measure manually
        </button>
        <button type="button" className="button button--ghost-dark" onClick={backToSetup}>
          Back
        </button>
      </div>
    </section>
  );
}
