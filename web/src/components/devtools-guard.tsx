import { useEffect, useState, type CSSProperties } from 'react';
import { usePublicConfig } from '../lib/public-config';

// Developer-tools guard (storefront spec sections 4 and 9): in production only (PublicConfig
// devtoolsGuard, true only when the server runs with APP_ENV=production), every 1 s it checks whether
// docked developer tools seem open and, while they do, blurs the page with a full-screen overlay.
// The check is the window-size heuristic (no `debugger` statement): docked tools make the outer window
// more than the threshold larger than the page's viewport.

export const DEVTOOLS_CHECK_INTERVAL_MS = 1000;
export const DEVTOOLS_THRESHOLD = 100;
export const DEVTOOLS_MESSAGE = 'Please close the developer tools to continue.';

export interface WindowSize {
  outerWidth: number;
  innerWidth: number;
  outerHeight: number;
  innerHeight: number;
}

/** True when the outer window exceeds the viewport by more than the threshold in either direction. */
export function devtoolsSeemOpen(size: WindowSize, threshold = DEVTOOLS_THRESHOLD): boolean {
  // Some browsers (and headless ones) report 0 for the outer size: nothing can be told then.
  if (!size.outerWidth || !size.outerHeight) return false;
  return size.outerWidth - size.innerWidth > threshold || size.outerHeight - size.innerHeight > threshold;
}

/** Phones and pinch-zoomed pages change the viewport for other reasons; the check is skipped there. */
function checkApplies(): boolean {
  if (window.matchMedia?.('(pointer: coarse)').matches) return false;
  const scale = window.visualViewport?.scale ?? 1;
  return Math.abs(scale - 1) < 0.01;
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

/** Mounted once in the root layout; renders nothing and starts no timer unless config.devtoolsGuard. */
export function DevtoolsGuard() {
  const { devtoolsGuard } = usePublicConfig();
  return devtoolsGuard ? <DevtoolsWatcher /> : null;
}

function DevtoolsWatcher() {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const check = () => setOpen(checkApplies() && devtoolsSeemOpen(window));
    check();
    const timer = window.setInterval(check, DEVTOOLS_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, []);

  if (!open) return null;
  return (
    <div className="devtools-guard" role="alertdialog" aria-modal="true" aria-label="Developer tools are open" style={overlayStyle}>
      <p style={messageStyle}>{DEVTOOLS_MESSAGE}</p>
    </div>
  );
}
