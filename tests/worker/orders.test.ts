// POST /api/orders/submit and GET /api/orders/{reference} (storefront spec section 7):
// the server re-prices every line, stores order and lines together, and an Idempotency-Key makes a
// retry answer the same order.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Env } from '../../worker/env';
import worker from '../../worker/index';
import { coloursForProduct } from '../../worker/services/catalog';
import { sendDueEmails } from '../../worker/services/email/outbox';
import { gridForProduct, priceForSize } from '../../worker/services/pricing';
import { isMasked, maskAddress, maskOrderContact, maskPhone } from '../../worker/shared/orders-api';
import { ORDER_READ_LIMIT } from '../../worker/routes/orders';
import { BASE, clearOfWindowEnd, get, postJson, WINDOW_WAIT_TIMEOUT_MS } from './helpers';

let ipCounter = 0;
/** Orders are rate limited per client: each test call comes from its own address. */
const ip = () => ({ 'CF-Connecting-IP': `192.0.2.${(ipCounter++ % 250) + 1}` });

async function firstColour(product: string): Promise<string> {
  return (await coloursForProduct(env.DB, product)).colours[0]!.name;
}

async function serverPriceCents(product: string, width: number, drop: number): Promise<number> {
  const grid = await gridForProduct(env.DB, product);
  const price = priceForSize(grid!, width, drop);
  if (!price.ok) throw new Error(price.message);
  return price.priceCents;
}

async function orderBody(overrides: Record<string, unknown> = {}) {
  return {
    customer_name: 'Thandi Mokoena',
    customer_email: 'thandi@example.co.za',
    customer_phone: '082 555 0101',
    customer_address: '',
    special_instructions: 'Please phone before delivery',
    blinds: [
      {
        product_type: 'roller-blockout',
        product_name: 'Roller Blind - Blockout',
        width_mm: 1200,
        drop_mm: 1500,
        control_side: 'left',
        mount_type: 'inside-recess',
        colour: await firstColour('roller-blockout'),
        quantity: 2,
        price: 1,
      },
      {
        product_type: 'verticals-blockout',
        product_name: 'Vertical',
        width_mm: 2000,
        drop_mm: 2100,
        control_side: 'right',
        mount_type: 'outside-facefix',
        colour: await firstColour('verticals-blockout'),
        quantity: 1,
        price: 1,
      },
    ],
    total_amount: 3,
    ...overrides,
  };
}

async function countOrders(): Promise<number> {
  return (await env.DB.prepare('SELECT COUNT(*) AS n FROM orders').first<number>('n'))!;
}

describe('POST /api/orders/submit', () => {
  it('re-prices every line on the server: a tampered price and total change nothing', async () => {
    const res = await postJson('/api/orders/submit', await orderBody(), ip());
    expect(res.status).toBe(201);
    const body = await res.json<any>();
    const roller = await serverPriceCents('roller-blockout', 1200, 1500);
    const vertical = await serverPriceCents('vertical-blockout', 2000, 2100);
    const total = roller * 2 + vertical;
    expect(body).toMatchObject({ success: true, paymentStatus: 'pending' });
    expect(body.reference).toMatch(/^CB-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{10}$/);
    // The seeded grids are sample prices: no card payment link outside development (sample-prices-payment.test.ts).
    expect(body.paymentUrl).toBeNull();
    expect(body.message).toContain(body.reference);
    expect(body.order.total_cents).toBe(total);
    expect(body.order.blinds.map((l: any) => [l.product_type, l.unit_price_cents, l.total_cents])).toEqual([
      ['roller-blockout', roller, roller * 2],
      ['vertical-blockout', vertical, vertical],
    ]);
    const row = await env.DB.prepare('SELECT * FROM orders WHERE reference = ?').bind(body.reference).first<any>();
    expect(row).toMatchObject({ total_cents: total, client_total_cents: 300, customer_address: null, payment_status: 'pending' });
    expect(row.vat_cents).toBe(Math.round((total * 15) / 115));
    expect(row.subtotal_cents + row.vat_cents).toBe(total);
    const lines = await env.DB.prepare('SELECT COUNT(*) AS n FROM order_lines WHERE order_reference = ?')
      .bind(body.reference)
      .first<number>('n');
    expect(lines).toBe(2);
  });

  it('reads the order back by reference, in any case, and 404s an unknown one', async () => {
    const { reference } = await (await postJson('/api/orders/submit', await orderBody(), ip())).json<any>();
    const res = await get(`/api/orders/${reference.toLowerCase()}`);
    expect(res.status).toBe(200);
    const { order } = await res.json<any>();
    expect(order).toMatchObject({
      reference,
      customer_name: 'Thandi Mokoena',
      special_instructions: 'Please phone before delivery',
      paymentStatus: 'pending',
      quote_id: null,
    });
    expect(order.blinds).toHaveLength(2);
    expect(order.subtotal + order.vat).toBeCloseTo(order.total_amount, 2);
    const missing = await get('/api/orders/CB-ZZZZZZZZZZ');
    expect(missing.status).toBe(404);
    expect((await missing.json<any>()).message).toBe('No order with reference CB-ZZZZZZZZZZ.');
    expect((await get('/api/orders/not-a-ref')).status).toBe(400);
  });

  it.each([
    ['customer_name', { customer_name: ' ' }],
    ['customer_email', { customer_email: 'thandi-at-example' }],
    ['customer_phone', { customer_phone: '' }],
    ['blinds', { blinds: [] }],
  ])('a missing or bad %s is a 400 naming it, and stores nothing', async (field, change) => {
    const before = await countOrders();
    const res = await postJson('/api/orders/submit', await orderBody(change), ip());
    expect(res.status).toBe(400);
    const body = await res.json<any>();
    expect(body.error).toBe('validation_error');
    expect(body.message).toContain(field);
    expect(await countOrders()).toBe(before);
  });

  it('a size over 3000 mm, a size too small, an unknown product and a colour not offered are 400s naming the blind', async () => {
    const base = await orderBody();
    const cases: [Record<string, unknown>, string][] = [
      [{ width_mm: 3200 }, 'Blind 2 (3200 x 2100 mm): Blinds wider or longer than 3000 mm are custom made'],
      [{ width_mm: 50, drop_mm: 50 }, 'Blind 2 (50 x 50 mm): The smallest'],
      [{ product_type: 'teleporter' }, "Blind 2: we do not make 'teleporter'"],
      [{ colour: 'Neon Plaid' }, "does not come in 'Neon Plaid'"],
    ];
    const before = await countOrders();
    for (const [change, message] of cases) {
      const blinds = [base.blinds[0], { ...base.blinds[1], ...change }];
      const res = await postJson('/api/orders/submit', { ...base, blinds }, ip());
      expect(res.status, message).toBe(400);
      const body = await res.json<any>();
      expect(body.message).toContain(message);
      expect(body.issues[0].path).toMatch(/^blinds\.1/);
    }
    expect(await countOrders()).toBe(before);
  });

  it('stores the colour as the catalogue spells it', async () => {
    const colour = await firstColour('roller-blockout');
    const base = await orderBody();
    const res = await postJson(
      '/api/orders/submit',
      { ...base, blinds: [{ ...base.blinds[0], colour: `  ${colour.toUpperCase()} ` }] },
      ip(),
    );
    expect(res.status).toBe(201);
    expect((await res.json<any>()).order.blinds[0].colour).toBe(colour);
  });
});

describe('Idempotency-Key', () => {
  it('the same key and body answer the same order; a different body with the key is a 409', async () => {
    const key = `test-${crypto.randomUUID()}`;
    const body = await orderBody();
    const first = await postJson('/api/orders/submit', body, { ...ip(), 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    const before = await countOrders();
    // The client's price is not part of the order, so a retry with another claimed price is the same order.
    const retry = await postJson('/api/orders/submit', { ...body, total_amount: 99 }, { ...ip(), 'Idempotency-Key': key });
    expect(retry.status).toBe(200);
    expect((await retry.json<any>()).reference).toBe((await first.json<any>()).reference);
    expect(await countOrders()).toBe(before);
    const other = await postJson('/api/orders/submit', await orderBody({ customer_name: 'Someone Else' }), {
      ...ip(),
      'Idempotency-Key': key,
    });
    expect(other.status).toBe(409);
    expect((await other.json<any>()).message).toBe('This Idempotency-Key was already used for a different order.');
  });

  it('ten simultaneous submissions with one key make one order', async () => {
    const key = `race-${crypto.randomUUID()}`;
    const body = await orderBody();
    const before = await countOrders();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => postJson('/api/orders/submit', body, { ...ip(), 'Idempotency-Key': key })),
    );
    const references = new Set(await Promise.all(answers.map(async (r) => (await r.json<any>()).reference)));
    expect(answers.every((r) => r.status === 201 || r.status === 200)).toBe(true);
    expect(references.size).toBe(1);
    expect(await countOrders()).toBe(before + 1);
  });

  it('a key that is too short is a 400', async () => {
    const res = await postJson('/api/orders/submit', await orderBody(), { ...ip(), 'Idempotency-Key': 'abc' });
    expect(res.status).toBe(400);
  });
});

// 'E-mails are never lost': the confirmations are queued in the order's own D1 batch.
describe('confirmation e-mails are queued with the order', () => {
  interface OutboxRow {
    dedupe_key: string;
    to_address: string;
    status: string;
    attempts: number;
    html: string;
    text: string;
  }

  async function outboxRows(reference: string): Promise<OutboxRow[]> {
    const { results } = await env.DB.prepare('SELECT * FROM email_outbox WHERE dedupe_key LIKE ? ORDER BY id')
      .bind(`order-confirmation:${reference}:%`)
      .all<OutboxRow>();
    return results;
  }

  /** The Worker itself, with configuration of the test's own and an execution context it chooses. */
  function workerFetch(path: string, init: RequestInit, ctx: ExecutionContext, overrides: Partial<Env> = {}): Promise<Response> {
    return worker.fetch!(
      new Request(`${BASE}${path}`, init) as Request<unknown, IncomingRequestCfProperties>,
      { ...env, ...overrides },
      ctx,
    ) as Promise<Response>;
  }

  function postInit(body: unknown, headers: Record<string, string> = {}): RequestInit {
    return { method: 'POST', headers: { 'Content-Type': 'application/json', ...ip(), ...headers }, body: JSON.stringify(body) };
  }

  /**
   * D1 that fails every statement touching the outbox unless it runs inside a batch: what happens
   * to anything written after the order's batch when D1 hiccups or the isolate is gone.
   */
  function outboxFailsOutsideBatches(db: D1Database): D1Database {
    const real = new WeakMap<object, D1PreparedStatement>();
    const wrap = (statement: D1PreparedStatement, sql: string): D1PreparedStatement => {
      const fail = async () => {
        throw new Error('D1_ERROR: simulated failure after the batch');
      };
      const touchesOutbox = /email_outbox/i.test(sql);
      const wrapped = {
        bind: (...values: unknown[]) => wrap(statement.bind(...values), sql),
        first: touchesOutbox ? fail : statement.first.bind(statement),
        run: touchesOutbox ? fail : statement.run.bind(statement),
        all: touchesOutbox ? fail : statement.all.bind(statement),
        raw: touchesOutbox ? fail : statement.raw.bind(statement),
      } as unknown as D1PreparedStatement;
      real.set(wrapped, statement);
      return wrapped;
    };
    return {
      prepare: (sql: string) => wrap(db.prepare(sql), sql),
      batch: (statements: D1PreparedStatement[]) => db.batch(statements.map((st) => real.get(st) ?? st)),
      exec: db.exec.bind(db),
      dump: db.dump.bind(db),
      withSession: db.withSession.bind(db),
    } as unknown as D1Database;
  }

  const expectedKeys = (ref: string) => [`order-confirmation:${ref}:customer`, `order-confirmation:${ref}:business`];

  it('both e-mails are stored with the order: a failure after the batch loses neither, and a retry queues no more', async () => {
    const key = `lost-${crypto.randomUUID()}`;
    // A mailbox of its own: the customer-e-mail guard allows ten e-mails a day to one address.
    const email = `thandi.${crypto.randomUUID().slice(0, 8)}@example.co.za`;
    const body = await orderBody({ customer_email: email });
    const ctx = createExecutionContext();
    const res = await workerFetch('/api/orders/submit', postInit(body, { 'Idempotency-Key': key }), ctx, {
      DB: outboxFailsOutsideBatches(env.DB),
    });
    expect(res.status).toBe(201);
    await waitOnExecutionContext(ctx);
    const { reference } = await res.json<any>();
    const rows = await outboxRows(reference);
    expect(rows.map((r) => [r.dedupe_key, r.to_address, r.status])).toEqual([
      [expectedKeys(reference)[0], email, 'pending'],
      [expectedKeys(reference)[1], 'info@example.co.za', 'pending'],
    ]);
    const retryCtx = createExecutionContext();
    const retry = await workerFetch('/api/orders/submit', postInit(body, { 'Idempotency-Key': key }), retryCtx);
    expect(retry.status).toBe(200);
    await waitOnExecutionContext(retryCtx);
    expect((await retry.json<any>()).reference).toBe(reference);
    expect(await outboxRows(reference)).toHaveLength(2);
  });

  it('a sender that refuses for now (a rate limit) after the answer loses nothing: both wait for the cron, which sends them', async () => {
    const SEND_EMAIL = {
      send: async () => {
        throw Object.assign(new Error('rate limited'), { code: 'E_RATE_LIMIT_EXCEEDED' });
      },
    } as unknown as SendEmail;
    const ctx = createExecutionContext();
    // A mailbox of its own: the customer-e-mail guard allows ten e-mails a day to one address.
    const body = await orderBody({ customer_email: `thandi.${crypto.randomUUID().slice(0, 8)}@example.co.za` });
    const res = await workerFetch('/api/orders/submit', postInit(body), ctx, { EMAIL_PROVIDER: 'cloudflare', SEND_EMAIL });
    expect(res.status).toBe(201);
    await waitOnExecutionContext(ctx);
    const { reference } = await res.json<any>();
    const rows = await outboxRows(reference);
    expect(rows.map((r) => [r.dedupe_key, r.status, r.attempts])).toEqual(expectedKeys(reference).map((k) => [k, 'pending', 1]));
    await sendDueEmails({ ...env, EMAIL_PROVIDER: 'local' }, new Date(Date.now() + 3 * 60_000));
    expect((await outboxRows(reference)).map((r) => r.status)).toEqual(['sent', 'sent']);
  });

  it('an order made from a stored quote (POST /api/payment/create) queues them once, however often it is paid for', async () => {
    const quoteRes = await postJson(
      '/api/email/quote',
      {
        recipient_email: `quote-${crypto.randomUUID()}@example.co.za`,
        recipient_name: 'Lerato Dube',
        quote_id: 'CB-424242',
        blinds: (await orderBody()).blinds,
      },
      ip(),
    );
    expect(quoteRes.status).toBe(201);
    const { quote_id, access_key } = await quoteRes.json<any>();
    const pay = {
      quote_id,
      quote_key: access_key,
      customer_info: { name: 'Lerato Dube', email: 'lerato@example.co.za', phone: '082 555 0199' },
    };
    for (let i = 0; i < 2; i++) {
      const ctx = createExecutionContext();
      // Development: the quote is at the seeded sample prices, which production never charges.
      const res = await workerFetch('/api/payment/create', postInit(pay), ctx, { PAYMENT_PROVIDER: 'sandbox', APP_ENV: 'development' });
      expect(res.status, await res.clone().text()).toBe(200);
      await waitOnExecutionContext(ctx);
    }
    const reference = await env.DB.prepare('SELECT reference FROM orders WHERE quote_id = ?').bind(quote_id).first<string>('reference');
    const rows = await outboxRows(reference!);
    expect(rows.map((r) => [r.dedupe_key, r.to_address])).toEqual([
      [expectedKeys(reference!)[0], 'lerato@example.co.za'],
      [expectedKeys(reference!)[1], 'info@example.co.za'],
    ]);
    expect(rows[0]!.text).toContain(reference);
    expect(rows[1]!.text).toContain(`From quote ${quote_id}`);
  });
});

// 'Personal data kept only as long as promised': the reference is a read key that travels.
describe('GET /api/orders/{reference} shows contact details only masked', () => {
  it('masks phone (last 3 digits) and street address (town only); the customer e-mail keeps them in full', async () => {
    const body = await orderBody({ customer_phone: '+27 82 555 0123', customer_address: '12 Main Road, Leisure Isle, Knysna' });
    const { reference } = await (await postJson('/api/orders/submit', body, ip())).json<any>();
    const res = await get(`/api/orders/${reference}`, ip());
    expect(res.status).toBe(200);
    const text = await res.text();
    const { order } = JSON.parse(text);
    expect(order).toMatchObject({ customer_phone: '*** *** *123', customer_address: '***, Knysna', customer_name: 'Thandi Mokoena' });
    for (const secret of ['555', '0123', 'Main Road', 'Leisure Isle']) expect(text).not.toContain(secret);
    const mail = await env.DB.prepare('SELECT text FROM email_outbox WHERE dedupe_key = ?')
      .bind(`order-confirmation:${reference}:business`)
      .first<string>('text');
    expect(mail).toContain('+27 82 555 0123');
    expect(mail).toContain('12 Main Road, Leisure Isle, Knysna');
  });

  it(
    'is rate limited per client: the read after ORDER_READ_LIMIT within 10 minutes is a 429',
    async () => {
      const { reference } = await (await postJson('/api/orders/submit', await orderBody(), ip())).json<any>();
      const client = { 'CF-Connecting-IP': '198.18.0.61' };
      await clearOfWindowEnd(ORDER_READ_LIMIT.windowSeconds, 20_000);
      // All at once: one after the other, the 121 reads took over the test's 60 s on a busy machine.
      // The counter is exact however they arrive: ORDER_READ_LIMIT answers, and one 429.
      const reads = await Promise.all(
        Array.from({ length: ORDER_READ_LIMIT.limit + 1 }, async () => {
          const res = await get(`/api/orders/${reference}`, client);
          return { status: res.status, body: await res.json<any>() };
        }),
      );
      expect(reads.filter((r) => r.status === 200)).toHaveLength(ORDER_READ_LIMIT.limit);
      const limited = reads.filter((r) => r.status !== 200);
      expect(limited.map((r) => [r.status, r.body.error])).toEqual([[429, 'rate_limited']]);
    },
    WINDOW_WAIT_TIMEOUT_MS,
  );

  it.each([
    ['082 555 0101', '*** *** *101'],
    ['+27 (0)82-555-0199', '*** *** *199'],
    ['12', '***'],
    ['', null],
    [null, null],
  ])('maskPhone(%j) is %j', (phone, masked) => {
    expect(maskPhone(phone)).toBe(masked);
  });

  it.each([
    ['12 Main Road, Knysna', '***, Knysna'],
    ['Unit 4, 7 Long Street,\nGeorge ', '***, George'],
    ['12 Main Road', '***'],
    ['  ', null],
    [null, null],
  ])('maskAddress(%j) is %j', (address, masked) => {
    expect(maskAddress(address)).toBe(masked);
  });

  it('maskOrderContact leaves everything else as it was, and isMasked recognises its output', () => {
    const order = { reference: 'CB-ABCDEFGH23', customer_phone: '082 555 0101', customer_address: '1 Sea Road, Sedgefield' };
    const masked = maskOrderContact(order);
    expect(masked).toEqual({ reference: 'CB-ABCDEFGH23', customer_phone: '*** *** *101', customer_address: '***, Sedgefield' });
    expect(order.customer_phone).toBe('082 555 0101');
    expect([isMasked(masked.customer_phone), isMasked(masked.customer_address), isMasked(order.customer_phone), isMasked(null)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
