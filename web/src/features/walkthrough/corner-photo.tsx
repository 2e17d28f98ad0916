// The window photo the customer taps the corners on (mouse, touch or keyboard).
import { useState, type KeyboardEvent, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { clampPercent, DEMO_WINDOW_IMAGE } from '../../scene/photo-corners';
import type { PercentPoint } from '../../scene/corner-snap';
import { CORNER_NAMES, type WindowDraft } from './walkthrough-model';

export function CornerPhoto({
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
    add({
      x: clampPercent(((event.clientX - rect.left) / rect.width) * 100),
      y: clampPercent(((event.clientY - rect.top) / rect.height) * 100),
    });
  };

  const keys = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!tapping) return;
    const stepSize = event.shiftKey ? 5 : 1;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-stepSize, 0],
      ArrowRight: [stepSize, 0],
      ArrowUp: [0, -stepSize],
      ArrowDown: [0, stepSize],
    };
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
