// Recording what happens: the storefront's beacon, the daily visitor hash, and the
// worker's own events for chats, prices asked, orders and leads.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '../../worker/index';
import { BEACON_LIMIT } from '../../worker/routes/analytics';
import { coloursForProduct } from '../../worker/services/catalog';
import { BUFFER_FLUSH_MS, visitorHash } from '../../worker/services/analytics';
import { addDays, southAfricanDay } from '../../worker/shared/sa-time';
import { recordVerifiedPayment } from '../../worker/services/payments/record-verified';
import { BASE, postJson } from './helpers';

let ipCounter = 0;
/** Each test call from its own address, so the per-client limits do not leak between tests. */
const nextIp = () => `198.18.7.${(ipCounter++ % 250) + 1}`;

interface EventRow {
  kind: string;
  day: string;
  visitor: string | null;
  session_id: string | null;
  path: string | null;
  product_id: string | null;
  area: string | null;
  value_cents: number | null;
  ref_id: string | null;
}

async function eventsWhere(where: string, ...params: unknown[]): Promise<EventRow[]> {
  const { results } = await env.DB.prepare(`SELECT * FROM analytics_events WHERE ${where} ORDER BY id`)
    .bind(...params)
    .all<EventRow>();
  return results;
}

/** Through the worker's own fetch with an execution context the test can wait on (the events are written in waitUntil). */
async function fetchAndSettle(path: string, body: unknown, ip: string): Promise<Response> {
  const ctx = createExecutionContext();
  const request = new Request(`${BASE}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': ip, 'User-Agent': 'analytics-test' },
    body: JSON.stringify(body),
  });
  const res = (await worker.fetch!(request as Request<unknown, IncomingRequestCfProperties>, env, ctx)) as Response;
  await waitOnExecutionContext(ctx);
  return res;
}

describe('POST /api/analytics/events (the storefront beacon)', () => {
  it('records page views and a visit with the day and a visitor hash set by the worker', async () => {
    const ip = nextIp();
    const path = `/quote-calculator-${crypto.randomUUID()}`;
    const res = await postJson(
      '/api/analytics/events',
      {
        events: [
          { kind: 'visit', path: '/' },
          { kind: 'page_view', path: '/' },
          { kind: 'page_view', path: `${path}?email=a@b.co#x`, productId: 'roller-blockout' },
        ],
      },
      { 'CF-Connecting-IP': ip, 'User-Agent': 'beacon-test' },
    );
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ success: true, recorded: 3 });
    const [row] = await eventsWhere('path = ?', path);
    // The query string (which may hold personal data) is never stored.
    expect(row).toMatchObject({ kind: 'page_view', day: southAfricanDay(), product_id: 'roller-blockout' });
    expect(row!.visitor).toBe(await visitorHash(env.SESSIONS, ip, 'beacon-test', southAfricanDay()));
  });

  it.each([
    ['a kind only the worker may record', { events: [{ kind: 'order', path: '/' }] }, 'events.0.kind'],
    ['no events', { events: [] }, 'events'],
    ['a path that is not a path', { events: [{ kind: 'page_view', path: 'https://evil.example/' }] }, 'events.0.path'],
    ['a path over 200 characters', { events: [{ kind: 'page_view', path: `/${'a'.repeat(200)}` }] }, 'events.0.path'],
    ['21 events in one batch', { events: Array.from({ length: 21 }, () => ({ kind: 'page_view', path: '/' })) }, 'events'],
    ['a product id with markup', { events: [{ kind: 'page_view', path: '/', productId: '<script>' }] }, 'events.0.productId'],
  ])('refuses %s with a 400 and records nothing', async (_name, body, field) => {
    const before = await env.DB.prepare('SELECT COUNT(*) AS n FROM analytics_events').first<number>('n');
    const res = await postJson('/api/analytics/events', body, { 'CF-Connecting-IP': nextIp() });
    expect(res.status).toBe(400);
    expect((await res.json<any>()).message).toContain(field);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM analytics_events').first<number>('n')).toBe(before);
  });

  it('accepts exactly 20 events and refuses a body that is not JSON', async () => {
    const ok = await postJson(
      '/api/analytics/events',
      { events: Array.from({ length: 20 }, () => ({ kind: 'page_view', path: '/twenty' })) },
      { 'CF-Connecting-IP': nextIp() },
    );
    expect(ok.status).toBe(202);
    const form = await postJson('/api/analytics/events', 'events=1', { 'CF-Connecting-IP': nextIp(), 'Content-Type': 'text/plain' });
    expect(form.status).toBe(415);
  });

  it(`rate limits one client: request ${BEACON_LIMIT.limit + 1} in a minute is a 429`, async () => {
    const body = { events: [{ kind: 'page_view', path: '/limited' }] };
    const windowOf = (ms: number) => Math.floor(ms / (BEACON_LIMIT.windowSeconds * 1000));
    // The limiter counts in fixed windows: on a slow machine the requests can straddle a window's end,
    // and then the count starts again. Such a run proves nothing either way, so it is run once more.
    for (let attempt = 1; ; attempt++) {
      const ip = nextIp();
      const started = Date.now();
      for (let i = 0; i < BEACON_LIMIT.limit; i++)
        expect((await postJson('/api/analytics/events', body, { 'CF-Connecting-IP': ip })).status).toBe(202);
      const res = await postJson('/api/analytics/events', body, { 'CF-Connecting-IP': ip });
      if (windowOf(started) !== windowOf(Date.now()) && attempt < 3) continue;
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
      break;
    }
  });
});

describe('the visitor hash', () => {
  it('is stable within a day, differs between days and clients, and never holds the address', async () => {
    const today = southAfricanDay();
    const yesterday = addDays(today, -1);
    const ip = '203.0.113.77';
    const a = await visitorHash(env.SESSIONS, ip, 'Mozilla/5.0', today);
    expect(await visitorHash(env.SESSIONS, ip, 'Mozilla/5.0', today)).toBe(a);
    expect(await visitorHash(env.SESSIONS, ip, 'Mozilla/5.0', yesterday)).not.toBe(a);
    expect(await visitorHash(env.SESSIONS, '203.0.113.78', 'Mozilla/5.0', today)).not.toBe(a);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).not.toContain(ip);
    // The salt is a random secret per day in KV that expires, not derived from the day.
    const salt = await env.SESSIONS.get(`analytics-salt:${today}`);
    expect(salt).toMatch(/^[0-9a-f]{64}$/);
    expect(salt).not.toBe(await env.SESSIONS.get(`analytics-salt:${yesterday}`));
  });

  it('counts South African days (UTC+2)', () => {
    expect(southAfricanDay(new Date('2025-03-09T21:59:59Z'))).toBe('2025-03-09');
    expect(southAfricanDay(new Date('2025-03-09T22:00:00Z'))).toBe('2025-03-10');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
  });

  it('keeps no raw address in any event', async () => {
    const ip = '198.18.99.123';
    await fetchAndSettle('/api/analytics/events', { events: [{ kind: 'visit', path: '/' }] }, ip);
    const leaked = await env.DB.prepare('SELECT COUNT(*) AS n FROM analytics_events WHERE visitor LIKE ? OR data LIKE ? OR path LIKE ?')
      .bind(`%${ip}%`, `%${ip}%`, `%${ip}%`)
      .first<number>('n');
    expect(leaked).toBe(0);
  });
});

describe('the worker records its own events', () => {
  it('a chat session and a chat message, with the session id', async () => {
    const sessionId = `session_${Date.now()}_analytics`;
    const ip = nextIp();
    expect((await fetchAndSettle('/api/chat/session', { sessionId }, ip)).status).toBe(200);
    expect((await fetchAndSettle('/api/melvin/enhanced-chat', { message: 'Hello, do you do shutters?', sessionId }, ip)).status).toBe(200);
    const rows = await eventsWhere('session_id = ?', sessionId);
    expect(rows.map((r) => r.kind)).toEqual(['chat_session', 'chat_message']);
    expect(rows[1]!.visitor).toBe(await visitorHash(env.SESSIONS, ip, 'analytics-test', southAfricanDay()));
  });

  it('a price check with the product asked about (written in the next batch, after the answer)', async () => {
    // A batch another test's request opened (its timer still running) would take this event along
    // later than this request's own wait: let any such batch go first.
    await new Promise((resolve) => setTimeout(resolve, BUFFER_FLUSH_MS + 500));
    const before = await eventsWhere("kind = 'price_check' AND product_id = 'vertical-blockout'");
    const res = await fetchAndSettle('/api/pricing/quote', { width_mm: 1200, drop_mm: 1500, product_type: 'verticals-blockout' }, nextIp());
    expect(res.status).toBe(200);
    const after = await eventsWhere("kind = 'price_check' AND product_id = 'vertical-blockout'");
    expect(after.length).toBe(before.length + 1);
  });

  it('an order with its reference and total in cents', async () => {
    const colour = (await coloursForProduct(env.DB, 'roller-blockout')).colours[0]!.name;
    const body = {
      customer_name: 'Analytics Test',
      customer_email: 'analytics@example.co.za',
      customer_phone: '082 555 0199',
      customer_address: '',
      special_instructions: '',
      blinds: [
        {
          product_type: 'roller-blockout',
          product_name: 'Roller Blind - Blockout',
          width_mm: 1200,
          drop_mm: 1500,
          control_side: 'left',
          mount_type: 'inside-recess',
          colour,
          quantity: 1,
          price: 1,
        },
      ],
      total_amount: 1,
    };
    const res = await fetchAndSettle('/api/orders/submit', body, nextIp());
    expect(res.status).toBe(201);
    const { reference, order } = await res.json<any>();
    const [row] = await eventsWhere("kind = 'order' AND ref_id = ?", reference);
    expect(row).toMatchObject({ value_cents: order.total_cents, product_id: 'roller-blockout' });
  });

  it('a payment once, when it makes the order paid (a repeat notification records nothing)', async () => {
    const reference = 'CB-PAYEVENT01';
    await env.DB.prepare(
      "INSERT INTO orders (reference, customer_name, customer_email, subtotal_cents, vat_cents, total_cents, payment_status) VALUES (?, 'Pay Test', 'pay@example.co.za', 8696, 1304, 10000, 'pending')",
    )
      .bind(reference)
      .run();
    const order = {
      reference,
      customerName: 'Pay Test',
      customerEmail: 'pay@example.co.za',
      totalCents: 10000,
      paymentStatus: 'pending' as const,
      paymentProvider: 'sandbox',
      checkoutId: null,
    };
    const outcome = {
      reference,
      provider: 'sandbox' as const,
      providerPaymentId: 'sbx_pay_event_1',
      amountCents: 10000,
      status: 'succeeded' as const,
      checkoutId: null,
      raw: {},
    };
    await recordVerifiedPayment(env, order, outcome, new Date(), {}, 'ok');
    await recordVerifiedPayment(env, order, outcome, new Date(), {}, 'ok');
    const rows = await eventsWhere("kind = 'payment' AND ref_id = ?", reference);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ value_cents: 10000, visitor: null });
  });

  it('a lead with the area and product the customer gave', async () => {
    const lead = {
      name: 'Analytics Lead',
      email: 'lead@example.co.za',
      phone: '082 555 0102',
      location: 'Plettenberg Bay',
      source: 'other',
      productInterest: 'Shutters',
      popiaConsent: true,
    };
    const res = await fetchAndSettle('/api/leads/capture', lead, nextIp());
    expect(res.status).toBe(201);
    const { leadId } = await res.json<any>();
    const [row] = await eventsWhere("kind = 'lead' AND ref_id = ?", leadId);
    expect(row).toMatchObject({ area: 'Plettenberg Bay', product_id: 'Shutters', day: southAfricanDay() });
  });
});
