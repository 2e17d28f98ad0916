import { Hono, type Context } from 'hono';
import type { AppBindings } from '../env';
import { clientKey } from '../lib/client';
import { validate } from '../lib/validate';
import { jsonBody } from '../middleware/json-body';
import { rateLimit } from '../middleware/rate-limit';
import { bufferEvent, recordEvent, recordEvents, type AnalyticsEvent, type EventClient } from '../services/analytics';
import { analyticsBeaconSchema, MAX_BEACON_EVENTS } from '../shared/analytics-api';

/** A page sends at most one batch every few seconds; this leaves room for many tabs behind one address. */
export const BEACON_LIMIT = { name: 'analytics', limit: 60, windowSeconds: 60 };

function eventClient(c: Context<AppBindings>): EventClient {
  return { key: clientKey(c), userAgent: c.req.header('User-Agent') ?? '' };
}

/**
 * Records a worker-side event after the answer is sent (waitUntil, never awaited), with the
 * caller's daily visitor hash: the request it describes pays nothing for it and never fails by it.
 */
export function trackEvent(c: Context<AppBindings>, event: AnalyticsEvent): void {
  const recording = recordEvent(c.env, event, eventClient(c));
  try {
    c.executionCtx.waitUntil(recording);
  } catch {
    // No execution context (a direct app.request() in a test): the promise still runs and logs its own failure.
  }
}

/** For hot paths (the price check): like trackEvent, but written in the isolate's next batch (bufferEvent). */
export function trackBufferedEvent(c: Context<AppBindings>, event: AnalyticsEvent): void {
  bufferEvent(c.env, event, eventClient(c), (promise) => {
    try {
      c.executionCtx.waitUntil(promise);
    } catch {
      // No execution context: the timer still runs.
    }
  });
}

/**
 * POST /api/analytics/events: the storefront's beacon (page views and one visit per browser session).
 * Public and rate limited; the worker sets the day and the visitor hash itself.
 */
export const analyticsRoutes = new Hono<AppBindings>().post(
  '/events',
  rateLimit(BEACON_LIMIT),
  jsonBody((MAX_BEACON_EVENTS + 1) * 512),
  validate('json', analyticsBeaconSchema),
  async (c) => {
    const { events } = c.req.valid('json');
    const recorded = await recordEvents(
      c.env,
      events.map((event) => ({ kind: event.kind, path: event.path.split(/[?#]/, 1)[0], productId: event.productId })),
      eventClient(c),
    );
    return c.json({ success: true, recorded }, 202);
  },
);
