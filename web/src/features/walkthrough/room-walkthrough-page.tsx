// /room-walkthrough-rebuilt: a guided walk through a room, window by window (photo, corners,
// product, colour, size, preview and price), ending in a quote of all the room's windows in the
// calculator and an optional lead (storefront spec sections 2-5). The pure parts live in
// walkthrough-model.ts, one window's steps in window-walk.tsx, the last step in room-summary.tsx; the
// corner marking and WebGL preview (web/src/scene/), colours (components/colour-picker) and styles
// (components/visualiser.css) are shared with the AR visualiser.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { SiteFooter } from '../../components/site-footer';
import { SiteHeader } from '../../components/site-header';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { AR_PRODUCTS } from '../../scene/blind-geometry';
import { DEMO_WINDOW_IMAGE } from '../../scene/photo-corners';
import { RoomStep } from './room-step';
import { Summary } from './room-summary';
import {
  MAX_WINDOWS,
  MIN_WINDOWS,
  newWindow,
  nextStep,
  parseAutoMeasurements,
  parseWindowCount,
  previousStep,
  resizeWindows,
  stepKey,
  type PriceResult,
  type Step,
  type WindowDraft,
} from './walkthrough-model';
import type { Prices, WindowChange } from './walkthrough-types';
import { WindowWalk } from './window-walk';
import '../../components/visualiser.css';
import './walkthrough.css';

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
          <p className="lead">
            Photograph each window, choose its blind and colour, see it in place, and take the whole room to one quote.
          </p>
        </header>

        {step.kind === 'room' && (
          <RoomStep
            room={room}
            countText={countText}
            roomError={roomError}
            headingRef={headingRef}
            onRoom={setRoom}
            onCountText={setCountText}
            onStart={startWalk}
          />
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
