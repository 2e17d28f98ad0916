// Courier tracking (staff spec sections 2.6, 2.7, 4, 5, 8): staff create, update and list
// entries; customers look them up by tracking number or order reference; the customer is e-mailed
// through the outbox when tracking is published and on each change of status.
import { SELF, env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  OrderTrackingResponse,
  PublicTrackingResponse,
  TrackingListResponse,
  TrackingWriteResponse,
} from '../../worker/shared/tracking-api';
import { BASE, clearOfWindowEnd, get, postJson, WINDOW_WAIT_TIMEOUT_MS } from './helpers';

const ORDER = 'CB-TRACK7K2M9';
const ORDER_NO_EMAIL = 'CB-TRACKNOMAIL';
const ORDER_OTHER = 'CB-TRACK3X4Y5';

let ipCounter = 0;
/** The public lookups are rate limited per client: each call comes from its own address. */
const ip = () => `198.51.100.${(ipCounter++ % 250) + 1}`;

let staffCookie = '';

async function insertOrder(reference: string, email: string, address = '12 Marine Drive, Knysna') {
  await env.DB.prepare(
    `INSERT INTO orders (reference, customer_name, customer_email, customer_phone, customer_address, subtotal_cents, vat_cents, total_cents, payment_status, paid_at, created_at)
     VALUES (?, 'Thandi', ?, '082 111 2222', ?, 282609, 42391, 325000, 'paid', '2026-11-21T09:30:00.000Z', '2026-11-20T08:00:00.000Z')`,
  )
    .bind(reference, email, address)
    .run();
}

function staff(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, cookie = staffCookie): Promise<Response> {
  return SELF.fetch(`${BASE}${path}`, {
    method,
    headers: {
      ...(cookie ? { Cookie: cookie } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      'CF-Connecting-IP': ip(),
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const lookup = (path: string, address = ip()) => get(path, { 'CF-Connecting-IP': address });

async function trackingEmails(id: string) {
  const { results } = await env.DB.prepare(
    'SELECT dedupe_key, kind, to_address, subject, text FROM email_outbox WHERE dedupe_key LIKE ? ORDER BY id',
  )
    .bind(`tracking:${id}:%`)
    .all<{ dedupe_key: string; kind: string; to_address: string; subject: string; text: string }>();
  return results;
}

async function auditFor(target: string) {
  const { results } = await env.DB.prepare('SELECT actor, action, target FROM audit_log WHERE target = ? ORDER BY id')
    .bind(target)
    .all<{ actor: string; action: string; target: string }>();
  return results;
}

async function create(overrides: Record<string, unknown> = {}) {
  const res = await staff('POST', '/api/tracking', {
    orderId: ORDER,
    trackingNumber: `TCG${Math.floor(Math.random() * 1e9)}`,
    status: 'pending',
    statusMessage: 'Label created, waiting for the courier',
    currentLocation: 'Knysna depot',
    estimatedDelivery: '2-3 business days',
    courierName: 'The Courier Guy',
    ...overrides,
  });
  return { res, body: await res.json<TrackingWriteResponse & { message: string; error?: string }>() };
}

beforeAll(async () => {
  await insertOrder(ORDER, 'thandi@example.co.za');
  await insertOrder(ORDER_NO_EMAIL, '');
  await insertOrder(ORDER_OTHER, 'sipho@example.co.za');
  const res = await postJson('/api/admin/session', { pin: '4321' }, { 'CF-Connecting-IP': '192.0.2.201' });
  expect(res.status).toBe(200);
  staffCookie = res.headers
    .getSetCookie()
    .find((l) => l.startsWith('__Host-cb_staff='))!
    .split(';')[0]!;
});

describe('staff: POST /api/tracking', () => {
  it('publishes tracking for an order: first history entry, audit entry and one e-mail to the customer in the same write', async () => {
    const { res, body } = await create({ trackingNumber: ' tcg-100200 ', currentLocation: '  Knysna depot ' });
    expect(res.status).toBe(201);
    expect(body.customerNotified).toBe(true);
    expect(body.tracking).toMatchObject({
      orderId: ORDER,
      trackingNumber: 'TCG-100200',
      status: 'pending',
      statusMessage: 'Label created, waiting for the courier',
      currentLocation: 'Knysna depot',
      estimatedDelivery: '2-3 business days',
      courierName: 'The Courier Guy',
    });
    expect(body.tracking.trackingHistory).toEqual([
      {
        status: 'pending',
        message: 'Label created, waiting for the courier',
        location: 'Knysna depot',
        timestamp: body.tracking.updatedAt,
      },
    ]);
    const emails = await trackingEmails(body.tracking.id);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({
      dedupe_key: `tracking:${body.tracking.id}:0`,
      kind: 'tracking-update',
      to_address: 'thandi@example.co.za',
    });
    expect(emails[0]!.subject).toContain(ORDER);
    expect(emails[0]!.text).toContain('Status: PENDING');
    expect(emails[0]!.text).toContain('Estimated delivery: 2-3 business days');
    expect(emails[0]!.text).toContain('Current location: Knysna depot');
    expect(emails[0]!.text).toContain(`${BASE}/track?number=TCG-100200`);
    const audit = await auditFor('TCG-100200');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'tracking.create' });
    expect(audit[0]!.actor).not.toBe('anonymous');
  });

  it('accepts only the required fields, storing the optional ones as null', async () => {
    const { res, body } = await create({ currentLocation: '', estimatedDelivery: undefined, courierName: null });
    expect(res.status).toBe(201);
    expect(body.tracking).toMatchObject({ currentLocation: null, estimatedDelivery: null, courierName: null });
  });

  it('refuses a tracking number already in use with 409', async () => {
    await create({ trackingNumber: 'DUP-555' });
    const { res, body } = await create({ trackingNumber: 'dup-555' });
    expect(res.status).toBe(409);
    expect(body.message).toBe('Tracking number DUP-555 is already in use. Update the existing entry instead.');
  });

  it('refuses an order reference that names no order, naming it', async () => {
    const { res, body } = await create({ orderId: 'CB-NOSUCH1234' });
    expect(res.status).toBe(400);
    expect(body.message).toContain('there is no order with reference CB-NOSUCH1234');
  });

  it.each([
    [{ orderId: undefined }, 'orderId: is required'],
    [{ orderId: 'not an order' }, "orderId: must be an order reference: 'CB-' and 8 to 16 letters or digits"],
    [{ trackingNumber: '' }, 'trackingNumber: is required'],
    [{ trackingNumber: 'has spaces 1' }, 'trackingNumber: must be 3 to 40 letters, digits or hyphens'],
    [{ status: 'lost' }, 'status: must be one of pending, in_transit, delivered, failed'],
    [{ statusMessage: '   ' }, 'statusMessage: is required'],
    [{ statusMessage: 'x'.repeat(501) }, 'statusMessage: must be at most 500 characters'],
    [{ currentLocation: 'x'.repeat(121) }, 'currentLocation: must be at most 120 characters'],
  ])('bad input %j answers 400 naming the field', async (overrides, message) => {
    const { res, body } = await create(overrides);
    expect(res.status).toBe(400);
    expect(body.message).toContain(message);
  });

  it('does not e-mail when the order has no e-mail address', async () => {
    const { res, body } = await create({ orderId: ORDER_NO_EMAIL });
    expect(res.status).toBe(201);
    expect(body.customerNotified).toBe(false);
    expect(await trackingEmails(body.tracking.id)).toHaveLength(0);
  });
});

describe('staff: PUT /api/tracking/{id}', () => {
  it('appends every update to the history and e-mails only on a change of status', async () => {
    const { body: created } = await create({ orderId: ORDER_OTHER });
    const id = created.tracking.id;

    const moved = await staff('PUT', `/api/tracking/${id}`, {
      status: 'in_transit',
      statusMessage: 'Collected by the courier',
      currentLocation: 'George hub',
      estimatedDelivery: 'Tomorrow',
    });
    expect(moved.status).toBe(200);
    const movedBody = await moved.json<TrackingWriteResponse>();
    expect(movedBody.customerNotified).toBe(true);
    expect(movedBody.tracking).toMatchObject({
      status: 'in_transit',
      statusMessage: 'Collected by the courier',
      currentLocation: 'George hub',
      estimatedDelivery: 'Tomorrow',
    });

    // Same status, a new scan: history grows, no e-mail; estimated delivery kept when left out.
    const scan = await staff('PUT', `/api/tracking/${id}`, {
      status: 'in_transit',
      statusMessage: 'Arrived at the Mossel Bay branch',
      currentLocation: 'Mossel Bay',
    });
    const scanBody = await scan.json<TrackingWriteResponse>();
    expect(scanBody.customerNotified).toBe(false);
    expect(scanBody.tracking.estimatedDelivery).toBe('Tomorrow');

    const delivered = await staff('PUT', `/api/tracking/${id}`, { status: 'delivered', statusMessage: 'Delivered, signed by T. Mokoena' });
    const deliveredBody = await delivered.json<TrackingWriteResponse>();
    expect(deliveredBody.tracking.currentLocation).toBeNull();
    expect(deliveredBody.tracking.trackingHistory.map((h) => [h.status, h.message, h.location])).toEqual([
      ['pending', 'Label created, waiting for the courier', 'Knysna depot'],
      ['in_transit', 'Collected by the courier', 'George hub'],
      ['in_transit', 'Arrived at the Mossel Bay branch', 'Mossel Bay'],
      ['delivered', 'Delivered, signed by T. Mokoena', null],
    ]);

    const emails = await trackingEmails(id);
    expect(emails.map((e) => e.dedupe_key)).toEqual([`tracking:${id}:0`, `tracking:${id}:1`, `tracking:${id}:3`]);
    expect(emails.every((e) => e.to_address === 'sipho@example.co.za')).toBe(true);
    expect(emails[1]!.text).toContain('IN TRANSIT: Collected by the courier');
    expect(emails[2]!.subject).toContain('DELIVERED');
    expect((await auditFor(created.tracking.trackingNumber)).map((a) => a.action)).toEqual([
      'tracking.create',
      'tracking.update',
      'tracking.update',
      'tracking.update',
    ]);
  });

  it('answers 404 for an unknown entry and 400 for a missing status or message', async () => {
    const unknown = await staff('PUT', `/api/tracking/${crypto.randomUUID()}`, { status: 'delivered', statusMessage: 'Delivered' });
    expect(unknown.status).toBe(404);
    const notAnId = await staff('PUT', '/api/tracking/nope', { status: 'delivered', statusMessage: 'Delivered' });
    expect(notAnId.status).toBe(404);
    const { body: created } = await create();
    const missing = await staff('PUT', `/api/tracking/${created.tracking.id}`, { status: 'delivered' });
    expect(missing.status).toBe(400);
    expect((await missing.json<{ message: string }>()).message).toContain('statusMessage: is required');
    const badStatus = await staff('PUT', `/api/tracking/${created.tracking.id}`, { status: 'DELIVERED', statusMessage: 'x' });
    expect(badStatus.status).toBe(400);
  });
});

describe('staff: GET /api/tracking', () => {
  it('lists every entry, the latest update first', async () => {
    const { body: a } = await create();
    const { body: b } = await create();
    await staff('PUT', `/api/tracking/${a.tracking.id}`, { status: 'in_transit', statusMessage: 'On its way' });
    const res = await staff('GET', '/api/tracking');
    expect(res.status).toBe(200);
    const list = (await res.json<TrackingListResponse>()).tracking;
    expect(list[0]!.id).toBe(a.tracking.id);
    expect(list.findIndex((t) => t.id === b.tracking.id)).toBeGreaterThan(0);
    const updated = list.map((t) => t.updatedAt);
    expect([...updated].sort().reverse()).toEqual(updated);
  });
});

describe('staff endpoints refuse anonymous callers', () => {
  it.each([
    ['GET', '/api/tracking', undefined],
    ['POST', '/api/tracking', { orderId: ORDER, trackingNumber: 'ANON-1', status: 'pending', statusMessage: 'x' }],
    ['PUT', `/api/tracking/${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}`, { status: 'pending', statusMessage: 'x' }],
  ] as const)('%s %s answers 401 without a session', async (method, path, body) => {
    const res = await staff(method, path, body, '');
    expect(res.status).toBe(401);
    expect((await res.json<{ error: string }>()).error).toBe('unauthorized');
  });

  it('a forged cookie is not a session, and nothing was written', async () => {
    const res = await staff(
      'POST',
      '/api/tracking',
      { orderId: ORDER, trackingNumber: 'FORGED-1', status: 'pending', statusMessage: 'x' },
      '__Host-cb_staff=forged',
    );
    expect(res.status).toBe(401);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM tracking_entries WHERE tracking_number = 'FORGED-1'").first('n')).toBe(0);
  });
});

describe('public lookups', () => {
  it('GET /api/tracking/{number} answers what a customer needs, in any case', async () => {
    const { body: created } = await create({ trackingNumber: 'LOOK-UP-42' });
    const res = await lookup('/api/tracking/look-up-42');
    expect(res.status).toBe(200);
    const body = await res.json<PublicTrackingResponse>();
    expect(body.success).toBe(true);
    expect(body.tracking).toEqual({
      trackingNumber: 'LOOK-UP-42',
      status: 'pending',
      statusMessage: 'Label created, waiting for the courier',
      currentLocation: 'Knysna depot',
      estimatedDelivery: '2-3 business days',
      courierName: 'The Courier Guy',
      trackingHistory: created.tracking.trackingHistory,
      updatedAt: created.tracking.updatedAt,
    });
    // Tracking only: not the entry id, not the order reference (the read key of the order, its
    // receipt and payment; courier numbers are often sequential), nothing of the customer.
    const text = JSON.stringify(body);
    expect(text).not.toContain(created.tracking.id);
    expect(text).not.toContain(ORDER);
    expect(text).not.toContain('orderId');
    for (const personal of ['thandi', 'Thandi', '082 111 2222', 'Marine Drive']) expect(text).not.toContain(personal);
  });

  it("GET /api/tracking/order/{orderId} answers the order's latest entry", async () => {
    await insertOrder('CB-ORDERLOOK1', 'lerato@example.co.za');
    const { body: older } = await create({ orderId: 'CB-ORDERLOOK1' });
    const { body: newer } = await create({ orderId: 'CB-ORDERLOOK1' });
    await staff('PUT', `/api/tracking/${newer.tracking.id}`, { status: 'failed', statusMessage: 'Nobody home' });
    const res = await lookup('/api/tracking/order/cb-orderlook1?email=%20Lerato@Example.co.za%20');
    expect(res.status).toBe(200);
    const body = await res.json<OrderTrackingResponse>();
    expect(body.tracking?.trackingNumber).toBe(newer.tracking.trackingNumber);
    expect(body.tracking?.status).toBe('failed');
    expect(older.tracking.trackingNumber).not.toBe(newer.tracking.trackingNumber);
    expect(JSON.stringify(body)).not.toContain('CB-ORDERLOOK1');
  });

  it("by order reference needs the order's e-mail or postcode; a wrong pair is the same 404 as an unknown reference", async () => {
    await insertOrder('CB-ORDERPAIR1', 'nomsa@example.co.za', '4 Oak Lane, Heatherlands, George, 6529');
    const { body: created } = await create({ orderId: 'CB-ORDERPAIR1' });
    const unknown = await lookup('/api/tracking/order/CB-ORDERPAIRX?email=nomsa@example.co.za');
    const { requestId: _, ...unknownBody } = await unknown.json<{ message: string; requestId: string }>();
    expect(unknown.status).toBe(404);

    // The reference alone: a 400 naming what is missing, never the tracking.
    const alone = await lookup('/api/tracking/order/CB-ORDERPAIR1');
    expect(alone.status).toBe(400);
    expect((await alone.json<{ message: string }>()).message).toBe(
      'Please give the e-mail address or the postcode on the order as well as its reference.',
    );
    expect((await lookup('/api/tracking/order/CB-ORDERPAIR1?email=')).status).toBe(400);
    expect((await lookup('/api/tracking/order/CB-ORDERPAIR1?postcode=65')).status).toBe(400);

    // Someone else's e-mail or postcode (another order's, or part of this address) answers exactly as an unknown reference.
    for (const query of [
      'email=thandi@example.co.za',
      'email=nomsa@example.co.za.evil',
      'postcode=7000',
      'postcode=0065',
      'postcode=0004',
    ]) {
      const res = await lookup(`/api/tracking/order/CB-ORDERPAIR1?${query}`);
      expect(res.status, query).toBe(404);
      const { requestId: __, ...body } = await res.json<{ message: string; requestId: string }>();
      expect(body, query).toEqual(unknownBody);
    }
    // An order without an e-mail cannot be opened with an empty one.
    await create({ orderId: ORDER_NO_EMAIL });
    expect((await lookup(`/api/tracking/order/${ORDER_NO_EMAIL}?email=%20`)).status).toBe(400);

    for (const query of ['email=NOMSA@example.co.za', 'postcode=6529', 'postcode=%206529%20']) {
      const res = await lookup(`/api/tracking/order/cb-orderpair1?${query}`);
      expect(res.status, query).toBe(200);
      expect((await res.json<OrderTrackingResponse>()).tracking?.trackingNumber).toBe(created.tracking.trackingNumber);
    }
  });

  it("unknown numbers and orders answer 404 with the spec's wording", async () => {
    for (const path of [
      '/api/tracking/NOPE-0000',
      `/api/tracking/order/${ORDER_NO_EMAIL.replace('NOMAIL', 'ZZZZZZ')}?email=thandi@example.co.za`,
    ]) {
      const res = await lookup(path);
      expect(res.status).toBe(404);
      expect((await res.json<{ message: string }>()).message).toBe(
        'No tracking information found - Please check your tracking number or order ID and try again.',
      );
    }
  });

  it('text that cannot be a tracking number or order reference answers 400', async () => {
    expect((await lookup('/api/tracking/%3Cscript%3E')).status).toBe(400);
    expect((await lookup(`/api/tracking/${'A'.repeat(41)}`)).status).toBe(400);
    expect((await lookup('/api/tracking/order/12345?email=thandi@example.co.za')).status).toBe(400);
  });

  it(
    'is rate limited per client: 30 lookups a minute, then 429 with Retry-After',
    async () => {
      const address = '192.0.2.250';
      await clearOfWindowEnd(60);
      for (let i = 0; i < 30; i++) expect((await lookup('/api/tracking/NOPE-0000', address)).status).toBe(404);
      const limited = await lookup('/api/tracking/NOPE-0000', address);
      expect(limited.status).toBe(429);
      expect(limited.headers.get('Retry-After')).toMatch(/^\d+$/);
      // Another client is not affected.
      expect((await lookup('/api/tracking/NOPE-0000')).status).toBe(404);
    },
    WINDOW_WAIT_TIMEOUT_MS,
  );
});
