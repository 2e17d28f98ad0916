import { useEffect, useState, type CSSProperties } from 'react';

// Developer-tools guard (storefront spec sections 4 and 9): in production only (PublicConfig
// devtoolsGuard, true only when the server runs with APP_ENV=production), every 1 s it probes
// whether developer tools are really open and, while they are, blurs the page with a full-screen
// overlay. The probe is a `debugger` statement in a tiny dedicated worker
// (devtools-probe.worker.ts): it costs nothing without a debugger and pauses the worker only when
// the developer tools are attached to this tab. The window's size says nothing reliable (browser
// zoom, toolbars, a bookmarks bar and side panels all make the window larger than the page), and a
// false alarm blocks a customer, so a browser that does not pause the probe is never blurred
// (docs/decisions/010-devtools-guard-debugger-probe.md).

export const DEVTOOLS_CHECK_INTERVAL_MS = 1000;
/** A probe that took longer than this (ms) across its `debugger` statement was paused by a debugger. */
export const DEVTOOLS_THRESHOLD = 100;
export const DEVTOOLS_MESSAGE = 'Please close the developer tools to continue.';

/** What the probe worker posts, and the page's own clock ticks every check interval. */
export type ProbeEvent =
  { type: 'sent' } | { type: 'before' } | { type: 'after'; elapsed: number } | { type: 'tick'; at: number; visible: boolean };

export interface ProbeState {
  /** The overlay is shown. */
  open: boolean;
  /** A probe was asked for and has not answered 'after' yet (no second one is sent meanwhile). */
  inFlight: boolean;
  /** The probe in flight has posted 'before': it is at its `debugger` statement or just past it. */
  atDebugger: boolean;
  /** Checks, on schedule and with the page visible, that found the probe still at its `debugger` statement. */
  pausedChecks: number;
  /** The last probe that answered took longer than the threshold: it had been paused. */
  lastSlow: boolean;
  lastTickAt: number | null;
}

export const INITIAL_PROBE_STATE: ProbeState = {
  open: false,
  inFlight: false,
  atDebugger: false,
  pausedChecks: 0,
  lastSlow: false,
  lastTickAt: null,
};

/**
 * The guard's decision, a pure function of the probe's events and the page's clock. The page is
 * blurred when a probe has stayed paused at its `debugger` statement across two checks (more than
 * one check interval), or across one check right after a probe that had already been paused
 * (elapsed > threshold: the developer let the probe go and the tools are still open). It is un-blurred
 * when a probe answers within the threshold. A check that comes late (the page was frozen, the
 * machine asleep or the main thread busy) or while the page is hidden does not count, so only
 * time the page really ran with the probe stuck can blur it.
 */
export function nextProbeState(
  state: ProbeState,
  event: ProbeEvent,
  threshold = DEVTOOLS_THRESHOLD,
  intervalMs = DEVTOOLS_CHECK_INTERVAL_MS,
): ProbeState {
  switch (event.type) {
    case 'sent':
      return { ...state, inFlight: true };
    case 'before':
      return { ...state, atDebugger: true, pausedChecks: 0 };
    case 'after': {
      const slow = event.elapsed > threshold;
      return { ...state, inFlight: false, atDebugger: false, pausedChecks: 0, lastSlow: slow, open: state.open && slow };
    }
    case 'tick': {
      const onSchedule = state.lastTickAt !== null && event.at - state.lastTickAt <= 2 * intervalMs;
      const pausedChecks = state.atDebugger && onSchedule && event.visible ? state.pausedChecks + 1 : state.pausedChecks;
      const paused = pausedChecks >= 2 || (state.lastSlow && pausedChecks >= 1);
      return { ...state, lastTickAt: event.at, pausedChecks, open: state.open || paused };
    }
  }
}

const overlayStyle: CSSProperties = {
  position: 'fixed',
  inset: 0,
  zIndex: 2147483647,
  display: 'grid',
  placeItems: 'center',
  padding: '1.5rem',
  background: 'rgba(21, 41, 43, 0.35)',
  backdropFilter: 'blur(16px)',
  WebkitBackdropFilter: 'blur(16px)',
};

const messageStyle: CSSProperties = {
  margin: 0,
  maxWidth: '28rem',
  padding: '1.25rem 1.5rem',
  borderRadius: 12,
  background: '#fff',
  color: '#1d2b2d',
  fontSize: '1.1rem',
  textAlign: 'center',
  boxShadow: '0 8px 24px rgba(21, 41, 43, 0.2)',
};

/** The guard itself, loaded by devtools-guard-mount.tsx only where config.devtoolsGuard is on. */
export function DevtoolsWatcher() {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    let state = INITIAL_PROBE_STATE;
    let worker: Worker | null = null;
    let timer: number | undefined;
    const apply = (event: ProbeEvent) => {
      state = nextProbeState(state, event);
      setOpen(state.open);
    };
    const probe = () => {
      if (!worker || state.inFlight) return;
      worker.postMessage('probe');
      apply({ type: 'sent' });
    };
    const stop = () => {
      window.clearInterval(timer);
      worker?.terminate();
      worker = null;
    };
    const start = () => {
      try {
        worker = new Worker(new URL('./devtools-probe.worker.ts', import.meta.url), { type: 'module' });
      } catch {
        return; // no worker (old browser, policy): no signal, so the guard stays quiet
      }
      worker.addEventListener('message', (e: MessageEvent<{ type?: unknown; elapsed?: unknown } | null>) => {
        if (e.data?.type === 'before') apply({ type: 'before' });
        else if (e.data?.type === 'after' && typeof e.data.elapsed === 'number') apply({ type: 'after', elapsed: e.data.elapsed });
      });
      // A probe that cannot load is no signal either: quiet, and no more probes.
      worker.addEventListener('error', () => {
        stop();
        state = INITIAL_PROBE_STATE;
        setOpen(false);
      });
      probe();
      timer = window.setInterval(() => {
        apply({ type: 'tick', at: performance.now(), visible: document.visibilityState === 'visible' });
        probe();
      }, DEVTOOLS_CHECK_INTERVAL_MS);
    };
    // Started once the page is idle, so the probe's small script never competes with the page's
    // first load (the landing page's weight is measured by `npm run bench`).
    const idle = window.requestIdleCallback ? window.requestIdleCallback(start, { timeout: 3000 }) : window.setTimeout(start, 1000);
    return () => {
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
      stop();
    };
  }, []);

  if (!open) return null;
  return (
    <div className="devtools-guard" role="alertdialog" aria-modal="true" aria-label="Developer tools are open" style={overlayStyle}>
      <p style={messageStyle}>{DEVTOOLS_MESSAGE}</p>
    </div>
  );
}
