import { DurableObject } from 'cloudflare:workers';

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  /** Seconds until the current window ends. */
  retryAfterSeconds: number;
}

/**
 * An exact fixed-window counter. One object per (bucket, client), so counts are strongly
 * consistent (KV's eventual consistency would let bursts through) and objects stay small.
 */
export class RateLimiter extends DurableObject {
  async hit(limit: number, windowSeconds: number): Promise<RateLimitResult> {
    const now = Date.now();
    const windowMs = windowSeconds * 1000;
    const windowStart = now - (now % windowMs);
    const stored = await this.ctx.storage.get<{ windowStart: number; count: number }>('window');
    const count = stored && stored.windowStart === windowStart ? stored.count + 1 : 1;
    await this.ctx.storage.put('window', { windowStart, count });
    const retryAfterSeconds = Math.ceil((windowStart + windowMs - now) / 1000);
    return { allowed: count <= limit, remaining: Math.max(0, limit - count), retryAfterSeconds };
  }
}
