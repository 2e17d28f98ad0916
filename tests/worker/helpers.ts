import { SELF } from 'cloudflare:test';

export const BASE = 'https://shop.test';

export function postJson(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return SELF.fetch(`${BASE}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return SELF.fetch(`${BASE}${path}`, { headers });
}

/** A distinct client address per test so rate limits and lockouts do not leak between tests. */
export function clientIp(): string {
  const n = Math.floor(Math.random() * 250) + 1;
  return `203.0.113.${n}`;
}

/** The timeout for a test that calls clearOfWindowEnd: the wait plus the burst. */
export const WINDOW_WAIT_TIMEOUT_MS = 60_000;

/**
 * Rate limits count in fixed windows aligned to the clock (durable-objects/rate-limiter.ts): a burst
 * that crosses a window's end starts counting again and proves nothing. A test that fills a limit
 * calls this first, so its burst has at least `neededMs` before the window ends.
 */
export async function clearOfWindowEnd(windowSeconds: number, neededMs = 10_000, testTimeoutMs = WINDOW_WAIT_TIMEOUT_MS): Promise<void> {
  if (neededMs + 1000 > testTimeoutMs / 2) throw new Error("clearOfWindowEnd: the wait would not fit in the test's timeout");
  const windowMs = windowSeconds * 1000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < neededMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
