import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { handleError } from '../../worker/app';
import type { RateLimiter } from '../../worker/durable-objects/rate-limiter';
import type { AppBindings } from '../../worker/env';
import { rateLimit } from '../../worker/middleware/rate-limit';

function limitedApp(name: string, limit: number) {
  const app = new Hono<AppBindings>().post('/limited', rateLimit({ name, limit, windowSeconds: 60 }), (c) => c.json({ ok: true }));
  app.onError(handleError);
  return (ip: string) => app.request('/limited', { method: 'POST', headers: { 'CF-Connecting-IP': ip } }, env);
}

describe('rateLimit', () => {
  it('counts the addresses of one IPv6 /64 together, and other /64s apart', async () => {
    const hit = limitedApp('test-ipv6', 2);
    expect((await hit('2001:db8:aa:1::1')).status).toBe(200);
    expect((await hit('2001:db8:aa:1:ffff:1:2:3')).status).toBe(200);
    const limited = await hit('2001:0DB8:00AA:0001::9');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect((await limited.json<any>()).error).toBe('rate_limited');
    expect((await hit('2001:db8:aa:2::1')).status).toBe(200);
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', async () => {
    const hit = limitedApp('test-mapped', 1);
    expect((await hit('198.51.100.77')).status).toBe(200);
    expect((await hit('::ffff:198.51.100.77')).status).toBe(429);
  });
});

describe('RateLimiter storage', () => {
  const limiter = (key: string) => env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(key));

  it('sets an alarm at the end of the window and deletes everything when it has passed', async () => {
    const stub = limiter('test-expiry:203.0.113.1');
    const first = await stub.hit(5, 60);
    expect(first).toMatchObject({ allowed: true, remaining: 4 });
    const now = Date.now();
    const windowEnd = now - (now % 60_000) + 60_000;
    const alarm = await runInDurableObject(stub, async (_i: RateLimiter, state) => state.storage.getAlarm());
    // The test may cross a minute boundary between the hit and Date.now() above.
    expect([windowEnd, windowEnd - 60_000]).toContain(alarm);

    // The window ends: the alarm deletes the counter.
    await runInDurableObject(stub, async (_i: RateLimiter, state) => {
      const stored = await state.storage.get<{ windowStart: number }>('window');
      await state.storage.put('window', { ...stored, windowStart: stored!.windowStart - 60_000 });
    });
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const left = await runInDurableObject(stub, async (_i: RateLimiter, state) => (await state.storage.list()).size);
    expect(left).toBe(0);
    expect(await stub.hit(5, 60)).toMatchObject({ allowed: true, remaining: 4 });
  });

  it('keeps a window that is still running when an alarm comes early', async () => {
    const stub = limiter('test-early:203.0.113.2');
    await stub.hit(5, 60);
    await stub.hit(5, 60);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await stub.hit(5, 60)).toMatchObject({ remaining: 2 });
    const alarm = await runInDurableObject(stub, async (_i: RateLimiter, state) => state.storage.getAlarm());
    expect(alarm).not.toBeNull();
  });
});
