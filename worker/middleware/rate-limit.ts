import type { MiddlewareHandler } from 'hono';
import type { AppBindings } from '../env';
import { AppError } from '../lib/errors';
import { clientAddress } from '../lib/client';

export interface RateLimitRule {
  /** Bucket name, e.g. 'leads'. */
  name: string;
  limit: number;
  windowSeconds: number;
}

/** For public write endpoints: an exact per-client counter in the RateLimiter Durable Object. */
export function rateLimit(rule: RateLimitRule): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    const key = `${rule.name}:${clientAddress(c)}`;
    const stub = c.env.RATE_LIMITER.get(c.env.RATE_LIMITER.idFromName(key));
    const result = await stub.hit(rule.limit, rule.windowSeconds);
    if (!result.allowed) {
      c.header('Retry-After', String(result.retryAfterSeconds));
      throw new AppError('rate_limited', `Too many requests. Please wait ${humanSeconds(result.retryAfterSeconds)} and try again.`, {
        retryAfterSeconds: result.retryAfterSeconds,
      });
    }
    await next();
  };
}

export function humanSeconds(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
