import { DurableObject } from 'cloudflare:workers';
import type { RateLimiterApi, RateLimitResult } from './rate-limiter-contract';

interface StoredWindow {
  windowStart: number;
  windowMs: number;
  count: number;
}

/**
 * An exact fixed-window counter. One object per (bucket, client), so counts are strongly
 * consistent (KV's eventual consistency would let bursts through) and objects stay small.
 * An alarm at the end of each window deletes the object's storage: no client is remembered longer.
 */
export class RateLimiter extends DurableObject implements RateLimiterApi {
  async hit(limit: number, windowSeconds: number): Promise<RateLimitResult> {
    const now = Date.now();
    const windowMs = windowSeconds * 1000;
    const windowStart = now - (now % windowMs);
    const stored = await this.ctx.storage.get<StoredWindow>('window');
    const sameWindow = stored !== undefined && stored.windowStart === windowStart;
    const count = sameWindow ? stored.count + 1 : 1;
    await this.ctx.storage.put('window', { windowStart, windowMs, count } satisfies StoredWindow);
    if (!sameWindow) await this.ctx.storage.setAlarm(windowStart + windowMs);
    const retryAfterSeconds = Math.ceil((windowStart + windowMs - now) / 1000);
    return { allowed: count <= limit, remaining: Math.max(0, limit - count), retryAfterSeconds };
  }

  override async alarm(): Promise<void> {
    const stored = await this.ctx.storage.get<StoredWindow>('window');
    // A late alarm must not wipe a window that started after it was set.
    if (stored?.windowMs && stored.windowStart + stored.windowMs > Date.now()) {
      await this.ctx.storage.setAlarm(stored.windowStart + stored.windowMs);
      return;
    }
    await this.ctx.storage.deleteAll();
  }
}
