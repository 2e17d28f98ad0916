import type { MiddlewareHandler } from 'hono';
import type { AppBindings, Env } from '../env';
import { AppError } from '../lib/errors';
import { clientKey } from '../lib/client';

export interface RateLimitRule {
  /** Bucket name, e.g. 'leads'. */
  name: string;
  limit: number;
  windowSeconds: number;
}

/** For public write endpoints: an exact per-client counter in the RateLimiter Durable Object. */
export function rateLimit(rule: RateLimitRule): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    await hitLimit(c.env, rule, clientKey(c), 'Too many requests.');
    await next();
  };
}

/** Counts one use of `subject` (a client, a recipient address) under the rule; a 429 when over it. */
export async function hitLimit(env: Env, rule: RateLimitRule, subject: string, tooMany: string): Promise<void> {
  const key = `${rule.name}:${subject}`;
  const stub = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(key));
  const result = await stub.hit(rule.limit, rule.windowSeconds);
  if (!result.allowed) {
    throw new AppError('rate_limited', `${tooMany} Please wait ${humanSeconds(result.retryAfterSeconds)} and try again.`, {
      retryAfterSeconds: result.retryAfterSeconds,
    });
  }
}

export function humanSeconds(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes <= 90) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hours`;
}
