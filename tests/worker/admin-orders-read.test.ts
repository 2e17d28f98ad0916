// The staff orders screen's reads (staff spec 2.6): GET /api/admin/orders (search, filters, cursor,
// the dashboard's alerts) and GET /api/admin/orders/{reference} (lines with their size sources, the
// order's own e-mails and photos, the audit of each view). Orders are written straight into D1 at
// known times, so every expectation is exact.
import { SELF, env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderDetail, AdminOrdersListResponse, AdminOrderSummary } from '../../worker/shared/admin-orders-api';
import { dashboardFigures } from '../../worker/services/staff/dashboard';
import { BASE, get, postJson } from './helpers';

const HOUR = 3600_000;
const NOW = Date.now();
const ago = (hours: number) => new Date(NOW - hours * HOUR).toISOString();

let cookie = '';
let ipCounter = 0;
const ip = () => `198.51.100.${(ipCounter++ % 250) + 1}`;

function staffGet(path: string, withCookie = true): Promise<Response> {
  return SELF.fetch(`${BASE}${path}`, { headers: { ...(withCookie ? { Cookie: cookie } : {}), 'CF-Connecting-IP': ip() } });
}

interface Seed {
  reference: string;
  name: string;
  email?: string;
  phone?: string | null;
  createdAt: string;
  payment?: string;
  paidAt?: string | null;
  status?: string;
  statusAt?: string | null;
  source?: string;
  method?: string;
  chat?: string | null;
  /** Size sources of its lines, one line each. */
  lines?: (string | null)[];
}

function orderStatements(o: Seed): D1PreparedStatement[] {
  const phoneKey = o.phone ? o.phone.replace(/\D/g, '').slice(-9) : null;
  return [
    env.DB.prepare(
      `INSERT INTO orders (reference, customer_name, customer_email, customer_phone, customer_address, subtotal_cents, vat_cents, total_cents,
         payment_status, paid_at, created_at, fulfilment_status, fulfilment_status_at, source, fulfilment_method, customer_phone_key, chat_session_id)
       VALUES (?, ?, ?, ?, '12 Marine Drive, Knysna, 6571', 86957, 13043, 100000, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).bind(
      o.reference,
      o.name,
      o.email ?? '',
      o.phone ?? null,
      o.payment ?? 'pending',
      o.paidAt ?? null,
      o.createdAt,
      o.status ?? 'received',
      o.statusAt ?? o.createdAt,
      o.source ?? 'online',
      o.method ?? 'courier',
      phoneKey,
      o.chat ?? null,
    ),
    ...(o.lines ?? ['typed']).map((source, i) =>
      env.DB.prepare(
        `INSERT INTO order_lines (order_reference, line_no, product_id, product_name, width_mm, drop_mm, control_side, mount_type, colour,
           quantity, unit_price_cents, total_cents, price_list_version, size_source, photo_key)
         VALUES (?, ?, 'roller-blockout', 'Roller Blockout', 1200, 1500, 'left', 'inside-recess', 'White', 1, 50000, 50000, 1, ?, ?)`,
      ).bind(o.reference, i + 1, source, source === 'scan-estimate' ? `windows/sess-${o.reference.slice(3)}/1732600000000.jpg` : null),
    ),
  ];
}

// The orders of the search and detail tests.
const THANDI: Seed = {
  reference: 'CB-7K2M9PQRST',
  name: 'Thandi Nkosi',
  email: 'Thandi.Nkosi@Example.co.za',
  phone: '082 555 0166',
  createdAt: ago(30),
  payment: 'paid',
  paidAt: ago(29),
  chat: 'chat-thandi-1',
  lines: ['scan-estimate', 'typed'],
};
const PIETER: Seed = {
  reference: 'CB-7K3ABCDEFG',
  name: 'Pieter van der Merwe',
  email: 'pieter@example.co.za',
  phone: '+27 83 444 1234',
  createdAt: ago(20),
  source: 'phone',
  status: 'sizes_confirmed',
  lines: ['staff-confirmed'],
};
const NOMSA: Seed = {
  reference: 'CB-9XYZ234567',
  name: 'Nomsa Dlamini',
  email: 'nomsa@example.co.za',
  phone: '044 382 9000',
  createdAt: ago(10),
  payment: 'failed',
  source: 'site_visit',
  method: 'installation',
  chat: 'chat-nomsa-1',
};
// Alerts: each kind with orders that count and orders that just miss.
const ALERTS: Seed[] = [
  { reference: 'CB-ALRTTRK001', name: 'Late Dispatch', createdAt: ago(60), payment: 'paid', paidAt: ago(50) },
  { reference: 'CB-ALRTTRK002', name: 'Fresh Payment', createdAt: ago(60), payment: 'paid', paidAt: ago(40) },
  { reference: 'CB-ALRTTRK003', name: 'Cancelled Paid', createdAt: ago(60), payment: 'paid', paidAt: ago(50), status: 'cancelled' },
  { reference: 'CB-ALRTTRK004', name: 'Has Tracking', createdAt: ago(60), payment: 'paid', paidAt: ago(50), status: 'dispatched' },
  {
    reference: 'CB-ALRTTRK005',
    name: 'Installed Paid',
    createdAt: ago(60),
    payment: 'paid',
    paidAt: ago(50),
    status: 'installed',
    method: 'installation',
  },
  { reference: 'CB-ALRTSIZ001', name: 'Size Waiting', createdAt: ago(25), lines: ['typed', 'polygon-estimate'] },
  { reference: 'CB-ALRTSIZ002', name: 'Size Recent', createdAt: ago(23), lines: ['ar-typical'] },
  { reference: 'CB-ALRTSIZ003', name: 'Size Cancelled', createdAt: ago(48), status: 'cancelled', lines: ['ar-typical'] },
  { reference: 'CB-ALRTPRD001', name: 'Production Late', createdAt: ago(24 * 20), status: 'in_production', statusAt: ago(24 * 15) },
  { reference: 'CB-ALRTPRD002', name: 'Production On Time', createdAt: ago(24 * 20), status: 'in_production', statusAt: ago(24 * 13) },
];
// 120 orders for the cursor walk, in threes sharing one created_at (ties broken by reference).
const BULK: Seed[] = Array.from({ length: 120 }, (_, i) => ({
  reference: `CB-BULK${String(i).padStart(5, '0')}`,
  name: `Bulk Customer ${i}`,
  email: `bulk${i}@example.co.za`,
  createdAt: ago(100 + Math.floor(i / 3)),
  payment: i % 2 ? 'paid' : 'pending',
  paidAt: i % 2 ? ago(99 + Math.floor(i / 3)) : null,
  status: 'delivered',
}));

beforeAll(async () => {
  const statements = [THANDI, PIETER, NOMSA, ...ALERTS, ...BULK].flatMap(orderStatements);
  for (let i = 0; i < statements.length; i += 50) await env.DB.batch(statements.slice(i, i + 50));
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO tracking_entries (id, order_id, tracking_number, status, status_message, tracking_history, created_at, updated_at)
       VALUES ('11111111-1111-1111-1111-111111111111', 'CB-ALRTTRK004', 'TRKALERT4', 'in_transit', 'On its way', '[]', ?1, ?1),
              ('22222222-2222-2222-2222-222222222222', ?2, 'TRKTHANDI1', 'pending', 'Booked', '[]', ?1, ?1)`,
    ).bind(ago(5), THANDI.reference),
    // E-mails: two of Thandi's order (its confirmation and its tracking entry's), one of another order.
    ...[
      [`order-confirmation:${THANDI.reference}:customer`, 'order-confirmation', 'Your order'],
      ['tracking:22222222-2222-2222-2222-222222222222:0', 'tracking-update', 'Tracking for your order'],
      [`order-confirmation:${PIETER.reference}:customer`, 'order-confirmation', 'Your order (Pieter)'],
    ].map(([key, kind, subject]) =>
      env.DB.prepare(
        `INSERT INTO email_outbox (dedupe_key, kind, to_address, subject, html, text, status, next_attempt_at, created_at)
         VALUES (?, ?, 'x@example.co.za', ?, 'h', 't', 'sent', ?, ?)`,
      ).bind(key, kind, subject, ago(28), ago(28)),
    ),
    env.DB.prepare(
      `INSERT INTO payments (order_reference, provider, provider_payment_id, amount_cents, status, created_at) VALUES (?, 'sandbox', 'pay-thandi-1', 60000, 'succeeded', ?)`,
    ).bind(THANDI.reference, ago(29)),
  ]);
  await env.MEDIA.put(`windows/sess-${THANDI.reference.slice(3)}/1732600000000.jpg`, new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3]), {
    httpMetadata: { contentType: 'image/jpeg' },
  });
  await env.MEDIA.put('chat/chat-thandi-1/1732600000000-1.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47]), {
    httpMetadata: { contentType: 'image/png' },
  });
  await env.MEDIA.put('chat/chat-nomsa-1/1732600000000-1.jpg', new Uint8Array([0xff, 0xd8, 0xff, 9]), {
    httpMetadata: { contentType: 'image/jpeg' },
  });
  const signIn = await postJson('/api/admin/session', { pin: '4321' }, { 'CF-Connecting-IP': '198.51.100.251' });
  expect(signIn.status).toBe(200);
  cookie = signIn.headers
    .getSetCookie()
    .find((line) => line.startsWith('__Host-'))!
    .split(';')[0]!;
});

async function list(query: string): Promise<AdminOrdersListResponse> {
  const res = await staffGet(`/api/admin/orders${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json<AdminOrdersListResponse>();
}

/** Every order a query lists, following the cursor to the end. */
async function listAll(query: string): Promise<AdminOrderSummary[]> {
  const all: AdminOrderSummary[] = [];
  let cursor: string | null = null;
  do {
    const sep = query ? '&' : '?';
    const page: AdminOrdersListResponse = await list(`${query}${cursor ? `${sep}cursor=${encodeURIComponent(cursor)}` : ''}`);
    all.push(...page.orders);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

const refs = (orders: readonly AdminOrderSummary[]) => orders.map((o) => o.reference);

describe('GET /api/admin/orders: search', () => {
  it('by reference: exact in any case, and by a prefix', async () => {
    expect(refs((await list('?q=cb-7k2m9pqrst')).orders)).toEqual([THANDI.reference]);
    expect(refs((await list('?q=CB-7K')).orders)).toEqual([PIETER.reference, THANDI.reference]);
    expect(refs((await list('?q=cb7k2m')).orders)).toEqual([THANDI.reference]);
  });

  it('by phone number in three spellings', async () => {
    for (const q of ['082 555 0166', '+27 82 555 0166', '27825550166'])
      expect(refs((await list(`?q=${encodeURIComponent(q)}`)).orders), q).toEqual([THANDI.reference]);
  });

  it('by e-mail address in another case', async () => {
    expect(refs((await list('?q=thandi.nkosi%40example.CO.ZA')).orders)).toEqual([THANDI.reference]);
  });

  it('by part of a name', async () => {
    expect(refs((await list('?q=van%20der')).orders)).toEqual([PIETER.reference]);
    expect(refs((await list('?q=nkos')).orders)).toEqual([THANDI.reference]);
  });

  it('a row carries its line count, sizes to confirm, and no e-mail when it has none', async () => {
    const [row] = (await list(`?q=${THANDI.reference}`)).orders;
    expect(row).toMatchObject({ lineCount: 2, sizesToConfirm: true, customerEmail: THANDI.email, paymentStatus: 'paid', source: 'online' });
    const [late] = (await list('?q=CB-ALRTTRK001')).orders;
    expect(late).toMatchObject({ lineCount: 1, sizesToConfirm: false, customerEmail: null });
  });
});

describe('GET /api/admin/orders: filters', () => {
  it('by fulfilment status, payment status and source', async () => {
    expect(refs(await listAll('?status=sizes_confirmed'))).toEqual([PIETER.reference]);
    expect(refs(await listAll('?payment=failed'))).toEqual([NOMSA.reference]);
    expect(refs(await listAll('?source=site_visit'))).toEqual([NOMSA.reference]);
    expect(refs(await listAll('?source=phone&status=sizes_confirmed'))).toEqual([PIETER.reference]);
    const delivered = await listAll('?status=delivered');
    expect(delivered).toHaveLength(BULK.length);
    expect(delivered.every((o) => o.fulfilmentStatus === 'delivered')).toBe(true);
  });

  it('by South African days: from and to include whole days', async () => {
    const day = new Date(Date.parse(NOMSA.createdAt) + 2 * HOUR).toISOString().slice(0, 10);
    const found = refs(await listAll(`?from=${day}&to=${day}`));
    expect(found).toContain(NOMSA.reference);
    for (const o of await listAll(`?from=${day}&to=${day}`)) {
      expect(new Date(Date.parse(o.createdAt) + 2 * HOUR).toISOString().slice(0, 10)).toBe(day);
    }
  });

  it('refuses a filter value it does not know, and a bad date, with a 400 naming it', async () => {
    for (const query of ['?status=shipped', '?payment=maybe', '?from=2026-13']) {
      const res = await staffGet(`/api/admin/orders${query}`);
      expect(res.status, query).toBe(400);
      expect((await res.json<{ error: string }>()).error).toBe('validation_error');
    }
  });
});

describe('GET /api/admin/orders: the cursor', () => {
  it('walks every order once, newest first, even when orders share a created_at', async () => {
    const all = await listAll('');
    const { results } = await env.DB.prepare('SELECT reference FROM orders').all<{ reference: string }>();
    expect(new Set(refs(all)).size).toBe(all.length);
    expect(new Set(refs(all))).toEqual(new Set(results.map((r) => r.reference)));
    for (let i = 1; i < all.length; i++) {
      const [a, b] = [all[i - 1]!, all[i]!];
      expect(a.createdAt > b.createdAt || (a.createdAt === b.createdAt && a.reference > b.reference)).toBe(true);
    }
    expect((await list('')).orders).toHaveLength(50);
  });

  it('a cursor that is not one of its page links is a 400 with a message', async () => {
    for (const cursor of ['nonsense!', 'bm90IGEgY3Vyc29y', btoa('2026-01-01T00:00:00.000Z|x').replace(/=+$/, '')]) {
      const res = await staffGet(`/api/admin/orders?cursor=${encodeURIComponent(cursor)}`);
      expect(res.status, cursor).toBe(400);
      expect((await res.json<{ message: string }>()).message).toContain('Reload the orders list');
    }
  });
});

describe('GET /api/admin/orders?alert=: exactly what the dashboard counts', () => {
  it('lists the orders of each alert, as many as the dashboard counts', async () => {
    const figures = await dashboardFigures(env.DB, new Date());
    const count = (key: string) => figures.alerts.items.find((a) => a.key === key)!.count;
    const tracking = refs(await listAll('?alert=tracking_overdue'));
    const sizes = refs(await listAll('?alert=sizes_to_confirm'));
    const production = refs(await listAll('?alert=production_overdue'));
    // Thandi's order: paid 29 hours ago (not late); the paid bulk orders were paid days ago, delivered.
    expect(tracking.filter((r) => r.startsWith('CB-ALRT'))).toEqual(['CB-ALRTTRK001']);
    expect(tracking).toHaveLength(count('orders_not_dispatched'));
    expect(sizes).toEqual(['CB-ALRTSIZ001', THANDI.reference]);
    expect(sizes).toHaveLength(count('orders_sizes_to_confirm'));
    expect(production).toEqual(['CB-ALRTPRD001']);
    expect(production).toHaveLength(count('orders_production_overdue'));
    const links = figures.alerts.items.filter((a) => a.key.startsWith('orders_')).map((a) => a.link);
    expect(links).toEqual([
      '/admin/orders?alert=tracking_overdue',
      '/admin/orders?alert=sizes_to_confirm',
      '/admin/orders?alert=production_overdue',
    ]);
  });
});

describe('GET /api/admin/orders/{reference}', () => {
  async function detail(reference: string): Promise<AdminOrderDetail> {
    const res = await staffGet(`/api/admin/orders/${reference}`);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json<{ order: AdminOrderDetail }>()).order;
  }

  it('lists the lines with where each size came from, payments, balance, tracking and moves', async () => {
    const order = await detail(THANDI.reference.toLowerCase());
    expect(order).toMatchObject({
      reference: THANDI.reference,
      customerName: THANDI.name,
      customerPhone: THANDI.phone,
      customerAddress: '12 Marine Drive, Knysna, 6571',
      totalCents: 100000,
      balanceDueCents: 40000,
      sizesToConfirm: true,
      lineCount: 2,
    });
    expect(order.lines.map((l) => [l.line_no, l.size_source, l.size_source_label, l.size_estimated])).toEqual([
      [1, 'scan-estimate', 'estimate: photo scan without an A4 sheet', true],
      [2, 'typed', 'measured by the customer', false],
    ]);
    expect(order.payments).toEqual([expect.objectContaining({ provider: 'sandbox', amountCents: 60000, status: 'succeeded' })]);
    expect(order.tracking.map((t) => t.trackingNumber)).toEqual(['TRKTHANDI1']);
    // Sizes still estimated: it may only be cancelled.
    expect(order.nextMoves).toEqual(['cancelled']);
    expect(order.timeline.steps[0]).toMatchObject({ status: 'received', at: THANDI.createdAt });
    expect(order.timeline.steps.slice(1).every((s) => s.at === null)).toBe(true);
  });

  it("lists only the order's own e-mails: by its reference and its tracking entries", async () => {
    const order = await detail(THANDI.reference);
    expect(order.emails.map((e) => e.subject).sort()).toEqual(['Tracking for your order', 'Your order']);
  });

  it("links the order's photos (its scan and its chat's), and refuses another order's photo", async () => {
    const order = await detail(THANDI.reference);
    expect(order.photos.map((p) => p.label)).toEqual([
      expect.stringMatching(/^Photo scan, blind 1, 26 November 2024 \d\d:\d\d$/),
      expect.stringMatching(/^Chat photo, /),
    ]);
    const [scan, chat] = order.photos;
    const scanRes = await staffGet(scan!.url);
    expect(scanRes.status).toBe(200);
    expect(scanRes.headers.get('Content-Type')).toBe('image/jpeg');
    expect([...new Uint8Array(await scanRes.arrayBuffer())]).toEqual([0xff, 0xd8, 0xff, 1, 2, 3]);
    expect((await staffGet(chat!.url)).status).toBe(200);
    // Nomsa's chat photo through Thandi's order, a path trick, and an unknown key: all 404.
    for (const key of [
      'chat/chat-nomsa-1/1732600000000-1.jpg',
      'chat/chat-thandi-1/../chat-nomsa-1/1732600000000-1.jpg',
      'windows/x/1.jpg',
    ]) {
      const res = await staffGet(`/api/admin/orders/${THANDI.reference}/photos?key=${encodeURIComponent(key)}`);
      expect(res.status, key).toBe(404);
    }
    // Through its own order, Nomsa's photo opens.
    expect(
      (await staffGet(`/api/admin/orders/${NOMSA.reference}/photos?key=${encodeURIComponent('chat/chat-nomsa-1/1732600000000-1.jpg')}`))
        .status,
    ).toBe(200);
  });

  it('writes every view to the audit log, and shows the audit trail of the order', async () => {
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'order.view' AND target = ?")
      .bind(PIETER.reference)
      .first<number>('n');
    await detail(PIETER.reference);
    const order = await detail(PIETER.reference);
    const after = await env.DB.prepare("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'order.view' AND target = ?")
      .bind(PIETER.reference)
      .first<number>('n');
    expect(after).toBe((before ?? 0) + 2);
    expect(order.audit.filter((a) => a.action === 'order.view').length).toBeGreaterThanOrEqual(1);
  });

  it("keeps a tracking entry's audit on the order after its number was corrected or the entry deleted", async () => {
    const audit = (action: string, target: string, orderId: string) =>
      env.DB.prepare("INSERT INTO audit_log (actor, action, target, details, created_at) VALUES ('S-test', ?, ?, ?, ?)").bind(
        action,
        target,
        JSON.stringify({ id: `trk-${target}`, orderId }),
        ago(1),
      );
    // The entry's number was corrected (the create is under the old number), and a second one was deleted.
    await env.DB.batch([
      audit('tracking.create', 'PIETEROLD1', PIETER.reference),
      audit('tracking.correct', 'PIETERNEW1', PIETER.reference),
      audit('tracking.delete', 'PIETERGONE', PIETER.reference),
      audit('tracking.create', 'NOMSAOTHER', NOMSA.reference),
    ]);
    const actions = (await detail(PIETER.reference)).audit.map((a) => a.action).filter((a) => a.startsWith('tracking.'));
    expect(actions).toEqual(['tracking.create', 'tracking.correct', 'tracking.delete']);
  });

  it('answers 404 for an unknown order and 400 for text that cannot be a reference', async () => {
    expect((await staffGet('/api/admin/orders/CB-NOSUCHORDER')).status).toBe(404);
    expect((await staffGet('/api/admin/orders/not-a-reference')).status).toBe(400);
  });
});

describe('staff only', () => {
  it('answers 401 to an anonymous request, for the list, an order and its photos', async () => {
    for (const path of [
      '/api/admin/orders',
      `/api/admin/orders/${THANDI.reference}`,
      `/api/admin/orders/${THANDI.reference}/photos?key=${encodeURIComponent('chat/chat-thandi-1/1732600000000-1.png')}`,
    ]) {
      const res = await get(path, { 'CF-Connecting-IP': ip() });
      expect(res.status, path).toBe(401);
    }
  });
});
