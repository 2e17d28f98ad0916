// GET /api/admin/dashboard (staff spec 2.12): known events and records at fixed dates,
// and every figure checked exactly. `now` is fixed in the past, so rows other tests write today
// (after it) can never change a figure here.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventStatement, type AnalyticsEvent } from '../../worker/services/analytics';
import { recordAudit } from '../../worker/services/staff/audit';
import { dashboardFigures } from '../../worker/services/staff/dashboard';
import { database } from '../../worker/lib/db';
import { get, postJson } from './helpers';

const NOW = new Date('2024-05-15T10:00:00.000Z'); // 12:00 in South Africa, 15 May
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3600_000).toISOString();
const at = (iso: string) => new Date(iso);

function event(kind: AnalyticsEvent['kind'], when: string, fields: Partial<AnalyticsEvent> = {}): AnalyticsEvent {
  return { kind, at: at(when), ...fields };
}

const EVENTS: AnalyticsEvent[] = [
  // Visitors today (SA day 2024-05-15): v1 twice, v2, v3 just after SA midnight (22:30 UTC the day before).
  event('visit', '2024-05-15T06:00:00Z', { visitor: 'v1', path: '/' }),
  event('page_view', '2024-05-15T06:01:00Z', { visitor: 'v1', path: '/' }),
  event('page_view', '2024-05-15T08:00:00Z', { visitor: 'v2', path: '/shutters' }),
  event('price_check', '2024-05-14T22:30:00Z', { visitor: 'v3', productId: 'roller-blockout' }),
  // Earlier in the 7-day window (9 to 15 May): v4, v5 on its first day.
  event('visit', '2024-05-10T09:00:00Z', { visitor: 'v4', path: '/' }),
  event('visit', '2024-05-09T09:00:00Z', { visitor: 'v5', path: '/' }),
  // Outside: 23:59 SA time on 8 May, and tomorrow.
  event('visit', '2024-05-08T21:59:00Z', { visitor: 'v6', path: '/' }),
  event('visit', '2024-05-16T09:00:00Z', { visitor: 'v7', path: '/' }),
  // 95 more distinct visitors on 12 May: 100 in the week.
  ...Array.from({ length: 95 }, (_, i) => event('page_view', '2024-05-12T10:00:00Z', { visitor: `bulk-${i}`, path: '/' })),
  // Chats: three opened today, s1 with two messages today; s2 and s4 messaged earlier in the week; s9 before it.
  event('chat_session', '2024-05-15T07:00:00Z', { sessionId: 's1' }),
  event('chat_session', '2024-05-15T07:10:00Z', { sessionId: 's2' }),
  event('chat_session', '2024-05-15T07:20:00Z', { sessionId: 's3' }),
  event('chat_message', '2024-05-15T07:01:00Z', { sessionId: 's1' }),
  event('chat_message', '2024-05-15T07:02:00Z', { sessionId: 's1' }),
  event('chat_message', '2024-05-12T07:00:00Z', { sessionId: 's2' }),
  event('chat_message', '2024-05-11T07:00:00Z', { sessionId: 's4' }),
  event('chat_message', '2024-05-01T07:00:00Z', { sessionId: 's9' }),
  // Orders: one in the week (no visitor hash: it does not add a visitor), one before it.
  event('order', '2024-05-15T09:00:00Z', { refId: 'CB-ORDERWEEK1', valueCents: 250000 }),
  event('order', '2024-05-01T09:00:00Z', { refId: 'CB-ORDEROLD01', valueCents: 100000 }),
];

async function seed(): Promise<void> {
  const db = database(env.DB);
  const statements = EVENTS.map((e) => eventStatement(env.DB, e));
  for (let i = 0; i < statements.length; i += 50) {
    const chunk = statements.slice(i, i + 50);
    await db.batch(chunk as [(typeof chunk)[0], ...typeof chunk]);
  }
  const lead = env.DB.prepare(
    "INSERT INTO leads (id, name, email, source, follow_up_status, created_at, last_contacted_at) VALUES (?, 'Test', 't@example.co.za', 'other', ?, ?, ?)",
  );
  const order = env.DB.prepare(
    "INSERT INTO orders (reference, customer_name, customer_email, subtotal_cents, vat_cents, total_cents, payment_status, paid_at, created_at) VALUES (?, 'Test', 't@example.co.za', 8700, 1300, 10000, ?, ?, ?)",
  );
  const outbox = env.DB.prepare(
    "INSERT INTO email_outbox (dedupe_key, kind, to_address, subject, html, text, status, next_attempt_at, created_at) VALUES (?, ?, 'x@example.co.za', 's', 'h', 't', ?, ?, ?)",
  );
  await env.DB.batch([
    // Leads: L1 waiting 30 h (due, late, alert); L2 contacted 2 h after arriving (due, in time);
    // L3 3 h old (not due); L4 8 days old, never contacted (alert, outside the week);
    // L5 contacted 30 h after arriving (due, late, no alert); L6 arrives after `now` (ignored).
    lead.bind('L1', 'new', hoursAgo(30), null),
    lead.bind('L2', 'contacted', hoursAgo(50), hoursAgo(48)),
    lead.bind('L3', 'new', hoursAgo(3), null),
    lead.bind('L4', 'new', hoursAgo(8 * 24), null),
    lead.bind('L5', 'contacted', hoursAgo(40), hoursAgo(10)),
    lead.bind('L6', 'new', new Date(NOW.getTime() + 3600_000).toISOString(), null),
    // Orders: P1 paid 50 h ago, no tracking (late); P2 paid 60 h ago with tracking; P3 paid 10 h ago; P4 unpaid.
    order.bind('CB-P1LATE0001', 'paid', hoursAgo(50), hoursAgo(51)),
    order.bind('CB-P2SENT0001', 'paid', hoursAgo(60), hoursAgo(61)),
    order.bind('CB-P3FRESH001', 'paid', hoursAgo(10), hoursAgo(11)),
    order.bind('CB-P4PENDING1', 'pending', null, hoursAgo(70)),
    env.DB.prepare(
      "INSERT INTO tracking_entries (id, order_id, tracking_number, status, status_message, tracking_history, created_at, updated_at) VALUES ('T1', 'CB-P2SENT0001', 'TRK1', 'in_transit', 'On its way', '[]', ?, ?)",
    ).bind(hoursAgo(20), hoursAgo(20)),
    // Outbox: two failed, one sent; a PIN lockout 2 h ago (counts) and one 30 h ago (does not).
    outbox.bind('order-confirmation:F1', 'order-confirmation', 'failed', hoursAgo(5), hoursAgo(5)),
    outbox.bind('quote:F2', 'quote', 'failed', hoursAgo(100), hoursAgo(100)),
    outbox.bind('quote:S1', 'quote', 'sent', hoursAgo(5), hoursAgo(5)),
    outbox.bind('staff-pin-lockout:a', 'staff-pin-lockout', 'pending', hoursAgo(2), hoursAgo(2)),
    outbox.bind('staff-pin-lockout:b', 'staff-pin-lockout', 'sent', hoursAgo(30), hoursAgo(30)),
  ]);
  for (let i = 1; i <= 12; i++)
    await recordAudit(env.DB, { actor: `S-${i}`, action: 'lead.update', target: `L${i}` }, at(hoursAgo(100 - i)));
}

beforeAll(seed);

describe('dashboardFigures (seeded events and records, now = 2024-05-15 12:00 SAST)', () => {
  it('visitors: distinct visitor hashes today and over 7 days', async () => {
    const figures = await dashboardFigures(env.DB, NOW);
    expect(figures).toMatchObject({ computedAt: NOW.toISOString(), today: '2024-05-15', weekFrom: '2024-05-09' });
    expect(figures.visitors).toMatchObject({ today: 3, last7Days: 100 });
    expect(figures.visitors.basis).toContain('Distinct visitor hashes');
  });

  it('chats: sessions with a customer message (and sessions opened)', async () => {
    const { chats } = await dashboardFigures(env.DB, NOW);
    expect(chats).toMatchObject({ today: 1, last7Days: 3, opened: { today: 3, last7Days: 3 } });
  });

  it('alerts: each with its count, sentence and tool link; the figure is their sum', async () => {
    const { alerts } = await dashboardFigures(env.DB, NOW);
    expect(alerts.items.map((a) => [a.key, a.count, a.link])).toEqual([
      ['leads_not_contacted', 2, '/leads'],
      ['orders_not_dispatched', 1, '/admin/orders?alert=tracking_overdue'],
      ['orders_sizes_to_confirm', 0, '/admin/orders?alert=sizes_to_confirm'],
      ['orders_production_overdue', 0, '/admin/orders?alert=production_overdue'],
      ['failed_emails', 2, '/admin/outbox?status=failed'],
      ['pin_lockouts', 1, '#audit-log'],
    ]);
    expect(alerts.count).toBe(6);
    expect(alerts.items[0]!.sentence).toBe(
      '2 leads have waited more than 24 hours without contact (the site promises contact within 24 hours).',
    );
    expect(alerts.items[1]!.sentence).toBe('1 paid order has no courier tracking entry more than 48 hours after payment.');
  });

  it('score: follow-up 17 (1 of 3 due in time) + conversion 15 (1 order / 100 visitors) + dispatch 5 + e-mail 6 = 43', async () => {
    const { score } = await dashboardFigures(env.DB, NOW);
    expect(score.parts.map((p) => [p.label, p.points, p.max])).toEqual([
      ['Lead follow-up', 17, 50],
      ['Conversion', 15, 30],
      ['Dispatch', 5, 10],
      ['E-mail delivery', 6, 10],
    ]);
    expect(score.value).toBe(43);
    expect(score.parts[0]!.detail).toBe('1 of 3 leads due were contacted within 24 hours');
    expect(score.parts[1]!.detail).toBe('1 order from 100 visitors (1.0%; 2% earns full marks)');
    expect(score.formula).toContain('50 ×');
  });

  it('competitors: 0 with a note until competitor analysis exists', async () => {
    const { competitors } = await dashboardFigures(env.DB, NOW);
    expect(competitors).toMatchObject({ value: 0, note: 'Competitor analysis is not set up yet' });
  });

  it('audit: the latest 10 entries, newest first', async () => {
    const { audit } = await dashboardFigures(env.DB, NOW);
    expect(audit.map((a) => a.actor)).toEqual(['S-12', 'S-11', 'S-10', 'S-9', 'S-8', 'S-7', 'S-6', 'S-5', 'S-4', 'S-3']);
    expect(audit[0]).toMatchObject({ action: 'lead.update', target: 'L12', createdAt: hoursAgo(88) });
  });

  // 'nothing due should not read as health': a week before any record (as a fresh
  // database) scores nothing, instead of 70/100 from full marks for what was never due.
  it('a quiet week (nothing recorded yet): no score, and no part counted', async () => {
    const quiet = await dashboardFigures(env.DB, new Date('2023-01-10T10:00:00Z'));
    expect(quiet.visitors).toMatchObject({ today: 0, last7Days: 0 });
    expect(quiet.alerts.count).toBe(0);
    expect(quiet.score.parts.map((p) => p.points)).toEqual([null, null, null, null]);
    expect(quiet.score.value).toBeNull();
    expect(quiet.score.parts.map((p) => p.detail)).toEqual([
      'No lead from the last 7 days was due for contact',
      'No visitors recorded in the last 7 days',
      'No paid order was due for dispatch',
      'No e-mail sent in the last 7 days',
    ]);
  });

  it('only what was due counts: the points of the parts that apply, out of their maximum, as a share of 100', async () => {
    // A year on: no lead or visitor in the week, but P1 and P3 still wait for dispatch and the two
    // failed e-mails are still in the outbox. Dispatch 0 of 10 + e-mail 6 of 10 = 6 of 20 = 30.
    const later = await dashboardFigures(env.DB, new Date('2025-06-10T10:00:00Z'));
    expect(later.score.parts.map((p) => [p.label, p.points, p.max])).toEqual([
      ['Lead follow-up', null, 50],
      ['Conversion', null, 30],
      ['Dispatch', 0, 10],
      ['E-mail delivery', 6, 10],
    ]);
    expect(later.score.value).toBe(30);
  });
});

describe('GET /api/admin/dashboard', () => {
  it('is staff-only: an anonymous request is a 401', async () => {
    const res = await get('/api/admin/dashboard');
    expect(res.status).toBe(401);
    expect((await res.json<any>()).error).toBe('unauthorized');
  });

  it('answers the figures, computed now, to a signed-in member of staff', async () => {
    const signIn = await postJson('/api/admin/session', { pin: '4321' }, { 'CF-Connecting-IP': '198.51.100.201' });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .find((line) => line.startsWith('__Host-'))!
      .split(';')[0]!;
    const res = await get('/api/admin/dashboard', { Cookie: cookie });
    expect(res.status).toBe(200);
    const body = await res.json<any>();
    expect(Math.abs(Date.parse(body.computedAt) - Date.now())).toBeLessThan(60_000);
    for (const figure of ['visitors', 'chats', 'alerts', 'score', 'competitors']) expect(typeof body[figure].basis).toBe('string');
    // Today, long after the seeded week: every uncontacted seeded lead (L1, L3, L4, L6) is now late.
    expect(body.alerts.items[0]).toMatchObject({ key: 'leads_not_contacted', count: 4 });
    expect(body.audit.length).toBeGreaterThan(0);
  });
});
