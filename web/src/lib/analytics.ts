// The storefront's beacon: page views, and one 'visit' per browser session, batched and
// sent to POST /api/analytics/events at most once every few seconds and when the page is left.
// No dependencies: it is on the landing page. The server sets the day and the visitor hash.

type BeaconEvent = { kind: 'page_view' | 'visit'; path: string };

const SEND_EVERY_MS = 5000;
/** The endpoint takes at most 20 events a batch, paths of at most 200 characters. */
const MAX_BATCH = 20;
const VISIT_KEY = 'cb-visit-recorded';
/** Staff screens are not storefront traffic. */
const STAFF_PATH = /^\/(admin|leads|marketing-insights|site-visits)(\/|-|$)|-workspace$/;

const queue: BeaconEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let listening = false;

function send(): void {
  clearTimeout(timer);
  timer = undefined;
  if (queue.length === 0) return;
  // keepalive lets the request outlive the page (pagehide), like sendBeacon, with a JSON body.
  fetch('/api/analytics/events', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ events: queue.splice(0, MAX_BATCH) }),
    keepalive: true,
    credentials: 'omit',
  }).catch(() => undefined);
  if (queue.length > 0) timer = setTimeout(send, SEND_EVERY_MS);
}

export function recordPageView(pathname: string): void {
  if (STAFF_PATH.test(pathname)) return;
  if (!listening) {
    listening = true;
    addEventListener('pagehide', send);
    document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && send());
  }
  const path = pathname.slice(0, 200);
  try {
    if (!sessionStorage.getItem(VISIT_KEY)) {
      sessionStorage.setItem(VISIT_KEY, '1');
      queue.push({ kind: 'visit', path });
    }
  } catch {
    // Storage blocked: page views still count.
  }
  queue.push({ kind: 'page_view', path });
  if (queue.length >= MAX_BATCH) send();
  else timer ??= setTimeout(send, SEND_EVERY_MS);
}
