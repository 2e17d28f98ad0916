import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { HIGH_VALUE_LEAD_SCORE, leadScore, normaliseLocation } from '../../worker/services/staff/lead-score';
import { realtimeInsights } from '../../worker/services/staff/realtime-insights';
import { get, postJson } from './helpers';

// The day under test (South African calendar day) and its neighbours.
const D = '2026-03-10';

async function staffCookie(): Promise<string> {
  const res = await postJson(
    '/api/admin/session',
    { pin: '4321' },
    { 'CF-Connecting-IP': `198.51.100.${Math.floor(Math.random() * 200) + 20}` },
  );
  expect(res.status).toBe(200);
  return res.headers.get('Set-Cookie')!.split(';')[0]!;
}

function event(kind: string, day: string, visitor: string | null, extra: { productId?: string; area?: string; createdAt?: string } = {}) {
  return env.DB.prepare('INSERT INTO analytics_events (kind, day, visitor, product_id, area, created_at) VALUES (?, ?, ?, ?, ?, ?)').bind(
    kind,
    day,
    visitor,
    extra.productId ?? null,
    extra.area ?? null,
    extra.createdAt ?? `${day}T10:00:00.000Z`,
  );
}

function lead(
  id: string,
  createdAt: string,
  f: { email?: string; phone?: string; whatsapp?: string; location?: string; productInterest?: string; sessionData?: unknown },
) {
  return env.DB.prepare(
    'INSERT INTO leads (id, name, email, phone, whatsapp, location, source, product_interest, session_data, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  ).bind(
    id,
    `Lead ${id}`,
    f.email ?? null,
    f.phone ?? null,
    f.whatsapp ?? null,
    f.location ?? null,
    'other',
    f.productInterest ?? null,
    f.sessionData ? JSON.stringify(f.sessionData) : null,
    createdAt,
  );
}

function order(
  reference: string,
  createdAt: string,
  totalCents: number,
  paidAt: string | null,
  provider: string | null = paidAt ? 'yoco' : null,
) {
  return env.DB.prepare(
    'INSERT INTO orders (reference, customer_name, customer_email, subtotal_cents, vat_cents, total_cents, payment_status, paid_at, payment_provider, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  ).bind(reference, 'Buyer', 'buyer@example.co.za', totalCents, 0, totalCents, paidAt ? 'paid' : 'pending', paidAt, provider, createdAt);
}

function orderLine(reference: string, lineNo: number, productId: string, productName: string) {
  return env.DB.prepare(
    `INSERT INTO order_lines (order_reference, line_no, product_id, product_name, width_mm, drop_mm, control_side, mount_type, colour, quantity, unit_price_cents, total_cents, price_list_version)
     VALUES (?, ?, ?, ?, 1200, 1500, 'left', 'inside', 'White', 1, 100, 100, 1)`,
  ).bind(reference, lineNo, productId, productName);
}

beforeAll(async () => {
  await env.DB.batch([
    // Visitors on D: v1, v2, v3 (v1 twice, one event without a visitor); one the day before, one after.
    event('visit', D, 'v1'),
    event('page_view', D, 'v1'),
    event('visit', D, 'v2'),
    event('price_check', D, 'v3', { productId: 'roller-blockout' }),
    event('price_check', D, 'v1', { productId: 'roller-blockout' }),
    event('price_check', D, 'v3', { productId: 'venetian-aluwood-50mm' }), // calculator id
    event('chat_message', D, 'v2', { productId: 'verticals-blockout' }), // calculator id
    event('quote', D, 'v3', { productId: 'roller-blockout' }), // counted from the quote's lines, not here
    event('order', D, null),
    event('visit', '2026-03-09', 'v4'),
    event('visit', '2026-03-11', 'v9'),
    event('visit', '2026-02-09', 'v5'), // first day of the 30-day window
    event('visit', '2026-02-08', 'v6'), // just outside it
    // Leads: score 70 (high), 35, 90 (high, created 00:30 SAST on D), and one at 00:30 SAST on D+1.
    lead('L1', `${D}T09:00:00.000Z`, {
      email: 'a@example.co.za',
      phone: '0820000001',
      location: 'Knysna',
      productInterest: 'roller-blockout',
    }),
    lead('L2', `${D}T11:00:00.000Z`, { email: 'b@example.co.za', location: 'knysna ' }),
    lead('L3', '2026-03-09T22:30:00.000Z', {
      email: 'c@example.co.za',
      phone: '0820000003',
      whatsapp: '0820000003',
      location: 'cape town',
      productInterest: 'Shutters',
      sessionData: { dimensions: { width_mm: 1200, drop_mm: 1500, sizeSource: 'customer' } },
    }),
    lead('L4', '2026-03-10T22:30:00.000Z', {
      email: 'd@example.co.za',
      phone: '1',
      location: 'George',
      productInterest: 'roller-blockout',
    }),
    // A quote on D with two lines.
    env.DB.prepare(
      `INSERT INTO quotes (id, quote_date, valid_until, customer_name, lines, total_cents, total_quantity, origin, access_key, created_at) VALUES ('CB-100001', ?, ?, 'Q', ?, 1000, 2, 'email', 'k', ?)`,
    ).bind(
      D,
      D,
      JSON.stringify([
        { product_type: 'roller-blockout', product_name: 'Roller Blind - Blockout' },
        { product_type: 'venetian-aluwood-50mm', product_name: 'Venetian Blind - 50mm Aluwood' },
      ]),
      `${D}T12:00:00.000Z`,
    ),
    // Orders: two on D (one paid R1000 with two roller lines; one pending at 23:59 SAST), one paid two days before.
    order('CB-INS0000001', `${D}T08:00:00.000Z`, 100_000, `${D}T08:05:00.000Z`),
    order('CB-INS0000002', `${D}T21:59:59.000Z`, 20_000, null),
    order('CB-INS0000003', '2026-03-08T10:00:00.000Z', 50_000, '2026-03-08T10:01:00.000Z'),
    // Paid through the sandbox gateway: no money was taken, so it is not revenue.
    order('CB-INS0000004', '2026-03-09T10:00:00.000Z', 70_000, '2026-03-09T10:01:00.000Z', 'sandbox'),
    orderLine('CB-INS0000001', 1, 'roller-blockout', 'Roller Blind - Blockout'),
    orderLine('CB-INS0000001', 2, 'roller-blockout', 'Roller Blind - Blockout'),
    orderLine('CB-INS0000002', 1, 'vertical-blockout', 'Vertical Blind - Blockout'),
    orderLine('CB-INS0000003', 1, 'roller-sheer', 'Roller Blind - Sheer'),
  ]);
});

describe('lead score', () => {
  it('adds contact channels, product, area and measured dimensions up to 100', () => {
    expect(
      leadScore({
        email: 'a@x.co.za',
        phone: '1',
        whatsapp: '1',
        location: 'Plett',
        productInterest: 'Roller',
        sessionData: { dimensions: { width_mm: 1200, drop_mm: 1500, sizeSource: 'measured' } },
      }),
    ).toBe(100);
    expect(
      leadScore({ email: 'a@x.co.za', phone: '1', whatsapp: null, location: 'Mossel Bay', productInterest: 'Roller', sessionData: null }),
    ).toBe(HIGH_VALUE_LEAD_SCORE);
    expect(
      leadScore({
        email: null,
        phone: '1',
        whatsapp: null,
        location: 'Johannesburg',
        productInterest: null,
        sessionData: { blindType: 'venetian' },
      }),
    ).toBe(45);
    expect(leadScore({ email: null, phone: null, whatsapp: null, location: '  ', productInterest: '', sessionData: {} })).toBe(0);
    expect(normaliseLocation('plett')).toBe('Plettenberg Bay');
    expect(normaliseLocation(' port  elizabeth ')).toBe('Port Elizabeth');
  });
});

describe('GET /api/admin/insights/daily', () => {
  it('computes every figure of the day from the seeded events and records', async () => {
    const res = await get(`/api/admin/insights/daily?date=${D}`, { Cookie: await staffCookie() });
    expect(res.status).toBe(200);
    const report = await res.json<any>();
    expect(report.date).toBe(D);
    expect(report.totalVisitors).toBe(3);
    expect(report.totalLeads).toBe(3);
    expect(report.highValueLeads).toBe(2);
    expect(report.totalOrders).toBe(2);
    expect(report.conversionRate).toBe(66.7);
    expect(report.topLocations).toEqual([
      { location: 'Knysna', count: 2, avgLeadScore: 53 },
      { location: 'Cape Town', count: 1, avgLeadScore: 90 },
    ]);
    expect(report.productInterest).toEqual([
      { product: 'Roller Blind - Blockout', mentions: 4, conversions: 1 },
      { product: 'Venetian Blind - 50mm Aluwood', mentions: 2, conversions: 0 },
      { product: 'Vertical Blind - Blockout', mentions: 1, conversions: 1 },
      { product: 'Shutters', mentions: 1, conversions: 0 },
    ]);
    expect(report.recommendations).toHaveLength(3);
    expect(report.recommendations[0]).toContain('Contact the 2 high-value leads first');
    expect(report.recommendations[1]).toContain('Most leads came from Knysna (2, average score 53)');
    expect(report.recommendations[2]).toContain('Conversion was 66.7% (2 orders from 3 visitors)');

    const series = report.charts.last30Days as {
      date: string;
      visits: number;
      leads: number;
      orders: number;
      revenue: number;
      testRevenue: number;
    }[];
    expect(series).toHaveLength(30);
    expect(series[0]).toEqual({ date: '2026-02-09', visits: 1, leads: 0, orders: 0, revenue: 0, testRevenue: 0 });
    expect(series.at(-1)).toEqual({ date: D, visits: 3, leads: 3, orders: 2, revenue: 1000, testRevenue: 0 });
    expect(series.at(-2)).toEqual({ date: '2026-03-09', visits: 1, leads: 0, orders: 1, revenue: 0, testRevenue: 700 });
    expect(series.at(-3)).toEqual({ date: '2026-03-08', visits: 0, leads: 0, orders: 1, revenue: 500, testRevenue: 0 });
    const nonEmpty = series.filter((p) => p.visits + p.leads + p.orders + p.revenue > 0).map((p) => p.date);
    expect(nonEmpty).toEqual(['2026-02-09', '2026-03-08', '2026-03-09', D]);
  });

  it('answers an honest empty report for a day without data (no division by zero)', async () => {
    const report = await (await get('/api/admin/insights/daily?date=2025-01-01', { Cookie: await staffCookie() })).json<any>();
    expect(report).toMatchObject({ totalVisitors: 0, highValueLeads: 0, conversionRate: 0, topLocations: [], productInterest: [] });
    expect(report.recommendations[0]).toContain('No visits were recorded on 2025-01-01');
  });

  it('defaults to today in South Africa', async () => {
    const report = await (await get('/api/admin/insights/daily', { Cookie: await staffCookie() })).json<any>();
    expect(report.date).toBe(new Date(Date.now() + 2 * 3_600_000).toISOString().slice(0, 10));
  });

  it('refuses a bad date with 400', async () => {
    const cookie = await staffCookie();
    for (const bad of ['2026-02-30', 'yesterday', '10-03-2026']) {
      const res = await get(`/api/admin/insights/daily?date=${bad}`, { Cookie: cookie });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ success: false, error: 'validation_error' });
    }
  });
});

describe('GET /api/admin/insights/realtime', () => {
  it('lists insights computed from the last 24 hours and 7 days', async () => {
    const res = await get('/api/admin/insights/realtime', { Cookie: await staffCookie() });
    expect(res.status).toBe(200);
    const body = await res.json<any>();
    expect(body.insights.length).toBeGreaterThan(0);
    for (const insight of body.insights) {
      expect(insight).toMatchObject({
        title: expect.any(String),
        description: expect.any(String),
        priority: expect.stringMatching(/^(high|medium|low)$/),
        timestamp: expect.any(String),
      });
      expect(Array.isArray(insight.recommendations)).toBe(true);
    }
  });

  it('as of the morning after D: overdue leads, a product priced but not ordered, Knysna, open quotes', async () => {
    const insights = await realtimeInsights(env.DB, new Date('2026-03-11T10:00:00.000Z'));
    const byTitle = (text: string) => insights.find((i) => i.title.includes(text));
    // All four are still 'new'; L3 (D 00:30 SAST) and L1 (D 11:00 SAST) are older than 24 hours, L2 and L4 not.
    expect(byTitle('2 leads waiting more than 24 hours')).toMatchObject({
      priority: 'high',
      data: { waiting: 4, overdue: 2, oldestCreatedAt: '2026-03-09T22:30:00.000Z' },
    });
    expect(insights[0]!.priority).toBe('high');
    expect(byTitle('Most interest from Knysna')?.data).toMatchObject({
      areas: [
        { area: 'Knysna', mentions: 2, gardenRoute: true },
        { area: 'Cape Town', mentions: 1 },
        { area: 'George', mentions: 1 },
      ],
    });
    expect(byTitle('Most priced product: Roller Blind - Blockout')?.data).toMatchObject({
      products: [
        { product: 'Roller Blind - Blockout', priceChecks: 2, orders: 1 },
        { product: 'Venetian Blind - 50mm Aluwood', priceChecks: 1, orders: 0 },
      ],
    });
    expect(byTitle('1 quote not converted')?.data).toMatchObject({ quotes: 1, notConverted: 1, valueRand: 10 });
  });

  it("says 'Not enough data yet' when nothing was recorded", async () => {
    const insights = await realtimeInsights(env.DB, new Date('2024-01-01T00:00:00.000Z'));
    expect(insights).toHaveLength(1);
    expect(insights[0]).toMatchObject({ title: 'Not enough data yet', priority: 'low' });
  });
});

describe('staff only', () => {
  it('answers 401 to an anonymous caller on every insights endpoint', async () => {
    expect((await get('/api/admin/insights/realtime')).status).toBe(401);
    expect((await get(`/api/admin/insights/daily?date=${D}`)).status).toBe(401);
    const send = await postJson('/api/admin/insights/send-daily', {});
    expect(send.status).toBe(401);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM daily_reports').first('n')).toBe(0);
  });
});
