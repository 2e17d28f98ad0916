// What callers of the RateLimiter object may ask of it and what it answers (a leaf: no imports).

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  /** Seconds until the current window ends. */
  retryAfterSeconds: number;
}

export interface RateLimiterApi extends Rpc.DurableObjectBranded {
  hit(limit: number, windowSeconds: number): Promise<RateLimitResult>;
}
