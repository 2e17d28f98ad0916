import { Link } from 'react-router';
import { MEASURING_GUIDE_PATH } from '@shared/measuring-rules';
import { handOffText, type MeasuredFrame } from './measured-size';
import type { MountType } from '../../lib/quote-storage';

/** What the scan measured and how the calculator converted it for the chosen mount type. */
export function MeasuredSizeNote({ frame, mountType }: { frame: MeasuredFrame; mountType: MountType }) {
  const text = handOffText(frame, mountType);
  return (
    <div className="qc-measured" data-testid="qc-measured" role="status">
      <p>
        <strong>{text.measured}</strong>
      </p>
      {frame.following ? (
        <>
          <p>{text.rule}</p>
          <p data-testid="qc-measured-change">{text.changed}</p>
        </>
      ) : (
        <p data-testid="qc-measured-change">You typed your own size, so it is used as it stands.</p>
      )}
      <p>
        <Link to={MEASURING_GUIDE_PATH}>How we convert a frame size (tape-measure guide)</Link>
      </p>
    </div>
  );
}
