// Free colour samples (storefront spec 'Free samples'): the request, its limits (per address however
// it is spelt, per e-mail however it is spelt, shop-wide per day, under concurrent requests), and how
// a sample order is treated by payments, receipts, reminders, staff moves and the insights.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { coloursForProduct } from '../../worker/services/catalog';
import { runBankTransferFollowUp } from '../../worker/services/payments/bank-transfer-follow-up';
import { purgeSampleLimits, sampleAddressKey } from '../../worker/services/samples';
import { orderTimeline } from '../../worker/services/order-timeline';
import { SAMPLE_DAILY_CAP, TOO_MANY_SAMPLES_MESSAGE, type SampleRequest } from '../../worker/shared/samples-api';
import { southAfricanDay } from '../../worker/shared/sa-time';
import type { Env } from '../../worker/env';
import { BANK, staffFetch, staffSession } from './bank-transfer-fixtures';
import { get, postJson } from './helpers';

let n = 0;
const ip = () => `203.0.113.${(n++ % 250) + 1}`;
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const uniqueEmail = (tag = 'samples') => `${tag}-${unique()}@example.co.za`;
/** A street no other test uses: a house number from the counter, a street name from the clock. */
const uniqueStreet = () => `${(n++ % 900) + 10} ${unique()} Road`;

let rollerColours: string[] = [];
let venetianColours: string[] = [];
let cookie = '';

beforeAll(async () => {
  rollerColours = (await coloursForProduct(env.DB, 'roller-blockout')).colours.map((c) => c.name);
  venetianColours = (await coloursForProduct(env.DB, 'venetian-25mm-aluminium')).colours.map((c) => c.name);
  cookie = await staffSession();
});

function request(overrides: Partial<SampleRequest> & { street?: string; postalCode?: string } = {}): SampleRequest {
  const { street, postalCode, ...rest } = overrides;
  return {
    swatches: [
      { productId: 'roller-blockout', colour: rollerColours[0]! },
      { productId: 'roller-blockout', colour: rollerColours[1]! },
      { productId: 'venetian-25mm-aluminium', colour: venetianColours[0]! },
    ],
    name: 'Thandi Mokoena',
    email: uniqueEmail(),
    phone: '082 555 0101',
    address: {
      street: street ?? uniqueStreet(),
      suburb: 'Hunters Home',
      town: 'Knysna',
      postalCode: postalCode ?? '6571',
      province: 'Western Cape',
    },
    popiaConsent: true,
    ...rest,
  };
}

const ask = (body: unknown) => postJson('/api/samples', body, { 'CF-Connecting-IP': ip() });

async function askOk(body: SampleRequest): Promise<string> {
  const res = await ask(body);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json<{ reference: string }>()).reference;
}

const orderRow = (ref: string) =>
  env.DB.prepare('SELECT kind, total_cents, payment_status, fulfilment_status, customer_address, lead_id FROM orders WHERE reference = ?')
    .bind(ref)
    .first<{
      kind: string;
      total_cents: number;
      payment_status: string;
      fulfilment_status: string;
      customer_address: string;
      lead_id: string;
    }>();

const sampleRows = async () => (await env.DB.prepare('SELECT COUNT(*) AS n FROM sample_requests').first<number>('n')) ?? 0;

describe('POST /api/samples', () => {
  it('makes a free sample order, a lead naming the colours, both e-mails and an audit entry in one go', async () => {
    const body = request();
    const ref = await askOk(body);
    const order = await orderRow(ref);
    expect(order).toMatchObject({ kind: 'samples', total_cents: 0, payment_status: 'not_required', fulfilment_status: 'received' });
    expect(order!.customer_address).toBe(`${body.address.street}, Hunters Home, Knysna, 6571, Western Cape`);

    const lines = await env.DB.prepare('SELECT product_id, colour, total_cents FROM order_lines WHERE order_reference = ? ORDER BY line_no')
      .bind(ref)
      .all<{ product_id: string; colour: string; total_cents: number }>();
    expect(lines.results).toEqual([
      { product_id: 'roller-blockout', colour: rollerColours[0], total_cents: 0 },
      { product_id: 'roller-blockout', colour: rollerColours[1], total_cents: 0 },
      { product_id: 'venetian-25mm-aluminium', colour: venetianColours[0], total_cents: 0 },
    ]);

    const lead = await env.DB.prepare('SELECT source, notes, order_reference, popia_consent FROM leads WHERE id = ?')
      .bind(order!.lead_id)
      .first<{ source: string; notes: string; order_reference: string; popia_consent: number }>();
    expect(lead).toMatchObject({ source: 'samples', order_reference: ref, popia_consent: 1 });
    for (const colour of [rollerColours[0]!, rollerColours[1]!, venetianColours[0]!]) expect(lead!.notes).toContain(colour);

    const mails = await env.DB.prepare('SELECT kind, to_address, text FROM email_outbox WHERE dedupe_key LIKE ? ORDER BY id')
      .bind(`samples-confirmation:${ref}:%`)
      .all<{ kind: string; to_address: string; text: string }>();
    expect(mails.results.map((m) => m.kind)).toEqual(['samples-confirmation', 'samples-notification']);
    expect(mails.results[0]!.to_address).toBe(body.email);
    expect(mails.results[0]!.text).toContain(`${rollerColours[0]}`);
    expect(mails.results[0]!.text).toContain('nothing to pay');

    const audit = await env.DB.prepare("SELECT actor FROM audit_log WHERE action = 'samples.request' AND target = ?").bind(ref).first();
    expect(audit).toMatchObject({ actor: 'customer' });
  });

  it('refuses a seventh colour with the sentence the page shows', async () => {
    const swatches = [...rollerColours.slice(0, 4), ...venetianColours.slice(0, 3)].map((colour, i) => ({
      productId: i < 4 ? 'roller-blockout' : 'venetian-25mm-aluminium',
      colour,
    }));
    expect(swatches).toHaveLength(7);
    const before = await sampleRows();
    const res = await ask(request({ swatches }));
    expect(res.status).toBe(400);
    expect((await res.json<{ message: string }>()).message).toContain(TOO_MANY_SAMPLES_MESSAGE);
    expect(await sampleRows()).toBe(before);
  });

  it('refuses a colour the product does not come in, and stores nothing', async () => {
    const before = await sampleRows();
    const res = await ask(request({ swatches: [{ productId: 'roller-blockout', colour: 'Tartan Purple' }] }));
    expect(res.status).toBe(400);
    const body = await res.json<{ message: string; issues: { path: string }[] }>();
    expect(body.message).toContain("does not come in 'Tartan Purple'");
    expect(body.issues[0]!.path).toBe('swatches.0.colour');
    expect(await sampleRows()).toBe(before);
  });

  it('refuses an unknown product and the same colour twice', async () => {
    const unknown = await ask(request({ swatches: [{ productId: 'gold-curtains', colour: 'Gold' }] }));
    expect(unknown.status).toBe(400);
    const twice = await ask(
      request({
        swatches: [
          { productId: 'roller-blockout', colour: rollerColours[0]! },
          { productId: 'roller-blockout', colour: rollerColours[0]!.toUpperCase() },
        ],
      }),
    );
    expect(twice.status).toBe(400);
    expect((await twice.json<{ message: string }>()).message).toContain('twice');
  });

  it('refuses without consent', async () => {
    const res = await ask({ ...request(), popiaConsent: false });
    expect(res.status).toBe(400);
  });
});

describe('sample limits', () => {
  it('spells an address one way: case, punctuation, spaces and street words', () => {
    expect(sampleAddressKey({ street: '12 Main Road', postalCode: '6571' })).toBe(
      sampleAddressKey({ street: ' 12,  main RD. ', postalCode: '6571' }),
    );
    expect(sampleAddressKey({ street: '5 Église Avenue', postalCode: '2196' })).toBe(
      sampleAddressKey({ street: '5 eglise ave', postalCode: '2196' }),
    );
    expect(sampleAddressKey({ street: '12 Main Road', postalCode: '6571' })).not.toBe(
      sampleAddressKey({ street: '14 Main Road', postalCode: '6571' }),
    );
  });

  it('one request per delivery address, however the address is spelt, and says when to ask again', async () => {
    const name = unique();
    await askOk(request({ street: `12 ${name} Road` }));
    const again = await ask(request({ street: `  12, ${name.toUpperCase()} rd. ` }));
    expect(again.status).toBe(429);
    const message = (await again.json<{ message: string }>()).message;
    expect(message).toContain('Free samples for this address were already asked for on');
    expect(message).toMatch(/You can ask again from \d{1,2} \w+ \d{4}/);
    expect(message).toMatch(/call us on|contact us/);
    expect(again.headers.get('Retry-After')).not.toBeNull();
  });

  it('one request per e-mail address, Gmail dots and +tags included', async () => {
    const local = `tha.ndi${unique()}`;
    await askOk(request({ email: `${local}@gmail.com` }));
    const again = await ask(request({ email: `${local.replace('.', '').toUpperCase()}+samples@googlemail.com` }));
    expect(again.status).toBe(429);
    expect((await again.json<{ message: string }>()).message).toContain('This e-mail address already asked for free samples');
  });

  it('concurrent requests for one address: exactly one sample order', async () => {
    const street = `7 ${unique()} Street`;
    const before = await sampleRows();
    const answers = await Promise.all(Array.from({ length: 6 }, () => ask(request({ street }))));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 429, 429, 429, 429, 429]);
    expect(await sampleRows()).toBe(before + 1);
  });

  it('stops at the shop-wide daily cap, also when the last place is asked for at once', async () => {
    const day = southAfricanDay();
    const taken = (await env.DB.prepare('SELECT COUNT(*) AS n FROM sample_requests WHERE day = ?').bind(day).first<number>('n')) ?? 0;
    // Fill the day up to one place short, with sample orders of other customers.
    for (let i = taken; i < SAMPLE_DAILY_CAP - 1; i++) {
      // The loop's count keeps the references apart: the clock alone repeats within a millisecond.
      const ref = `CB-CAP${String(i).padStart(3, '0')}${Date.now().toString(36).toUpperCase()}`;
      await env.DB.batch([
        env.DB.prepare(
          "INSERT INTO orders (reference, kind, customer_name, customer_email, subtotal_cents, vat_cents, total_cents, payment_status) VALUES (?, 'samples', 'Cap', 'cap@example.com', 0, 0, 0, 'not_required')",
        ).bind(ref),
        env.DB.prepare(
          'INSERT INTO sample_requests (order_reference, address_key, email_key, day, swatch_count) VALUES (?, ?, ?, ?, 1)',
        ).bind(ref, `cap:${ref}`, `${ref}@cap`, day),
      ]);
    }
    const answers = await Promise.all(Array.from({ length: 3 }, () => ask(request())));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 429, 429]);
    const refused = answers.find((r) => r.status === 429)!;
    expect((await refused.json<{ message: string }>()).message).toContain('We cannot take more free sample requests today');
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM sample_requests WHERE day = ?').bind(day).first<number>('n')).toBe(
      SAMPLE_DAILY_CAP,
    );
  });
});

describe('the customer timeline of a sample order', () => {
  it('is received, dispatched within 2 working days (public holidays skipped), delivered', () => {
    // Thursday 24 December 2026: the 25th is Christmas, the 26th a Saturday, so the 28th and 29th are the two working days.
    const timeline = orderTimeline(
      {
        createdAt: '2026-12-24T08:00:00Z',
        fulfilmentStatus: 'received',
        fulfilmentMethod: 'courier',
        fulfilmentStatusAt: null,
        kind: 'samples',
      },
      [],
      null,
      new Date('2026-12-24T09:00:00Z'),
    );
    expect(timeline.steps.map((s) => s.status)).toEqual(['received', 'dispatched', 'delivered']);
    expect(timeline.steps[1]!.expected).toBe('by 29 December 2026');
  });
});

describe('retention', () => {
  it('deletes a limit record once its window has ended, and the address may ask again', async () => {
    await env.DB.prepare('DELETE FROM sample_requests').run();
    const street = `9 ${unique()} Lane`;
    const ref = await askOk(request({ street }));
    expect((await ask(request({ street }))).status).toBe(429);
    expect(await purgeSampleLimits(env.DB, new Date(Date.now() + 10 * 86_400_000))).toEqual({ sampleLimitRecordsDeleted: 0 });
    expect(await purgeSampleLimits(env.DB, new Date(Date.now() + 32 * 86_400_000))).toEqual({ sampleLimitRecordsDeleted: 1 });
    // The sample order stays (orders are kept for SARS); only the limit's record went.
    expect((await orderRow(ref))!.kind).toBe('samples');
    await askOk(request({ street }));
  });
});

describe('a sample order elsewhere', () => {
  it('has nothing to pay: no checkout, no proof, no receipt, no staff payment', async () => {
    // The cap test may have filled today: these rows are this test's own.
    await env.DB.prepare('DELETE FROM sample_requests').run();
    const ref = await askOk(request());
    const pay = await postJson('/api/payment/create', { quote_id: ref, method: 'card' }, { 'CF-Connecting-IP': ip() });
    expect(pay.status).toBe(409);
    expect((await pay.json<{ message: string }>()).message).toContain('free colour samples');
    const receipt = await get(`/api/receipts/${ref}.pdf`, { 'CF-Connecting-IP': ip() });
    expect(receipt.status).toBe(404);
    const invoice = await get(`/api/invoices/${ref}.pdf`, { 'CF-Connecting-IP': ip() });
    expect(invoice.status).toBe(404);
    const staffPay = await staffFetch(cookie, 'POST', `/api/admin/orders/${ref}/payments`, { amountCents: 100, method: 'cash' });
    expect(staffPay.status).toBe(409);
    const orderRead = await get(`/api/orders/${ref}`, { 'CF-Connecting-IP': ip() });
    expect((await orderRead.json<{ order: { kind: string; paymentStatus: string } }>()).order).toMatchObject({
      kind: 'samples',
      paymentStatus: 'not_required',
    });
  });

  it('gets no bank-transfer reminder or expiry', async () => {
    await env.DB.prepare('DELETE FROM sample_requests').run();
    const ref = await askOk(request());
    const withBank = { ...env, ...BANK } as Env;
    await runBankTransferFollowUp(withBank, new Date(Date.now() + 4 * 86_400_000));
    await runBankTransferFollowUp(withBank, new Date(Date.now() + 11 * 86_400_000));
    expect((await orderRow(ref))!.fulfilment_status).toBe('received');
    const mails = await env.DB.prepare("SELECT kind FROM email_outbox WHERE dedupe_key LIKE ? AND kind LIKE 'bank-transfer%'")
      .bind(`%${ref}%`)
      .all();
    expect(mails.results).toEqual([]);
  });

  it('is listed and filtered as Samples, goes received, dispatched with tracking, delivered, never into production', async () => {
    await env.DB.prepare('DELETE FROM sample_requests').run();
    const ref = await askOk(request());
    const list = await (
      await staffFetch(cookie, 'GET', '/api/admin/orders?kind=samples')
    ).json<{ orders: { reference: string; kind: string }[] }>();
    expect(list.orders.find((o) => o.reference === ref)).toMatchObject({ kind: 'samples' });
    expect(list.orders.every((o) => o.kind === 'samples')).toBe(true);
    const blinds = await (await staffFetch(cookie, 'GET', '/api/admin/orders?kind=order')).json<{ orders: { reference: string }[] }>();
    expect(blinds.orders.some((o) => o.reference === ref)).toBe(false);

    const detail = await (await staffFetch(cookie, 'GET', `/api/admin/orders/${ref}`)).json<{ order: { nextMoves: string[] } }>();
    expect(detail.order.nextMoves.sort()).toEqual(['cancelled', 'dispatched']);
    const production = await staffFetch(cookie, 'POST', `/api/admin/orders/${ref}/status`, { status: 'in_production', note: 'x' });
    expect(production.status).toBe(409);
    const size = await staffFetch(cookie, 'PATCH', `/api/admin/orders/${ref}/lines/1`, { widthMm: 100, dropMm: 100, reason: 'x' });
    expect(size.status).toBe(409);

    const trackingNumber = `SMP${unique()
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '')}`;
    const dispatch = await staffFetch(cookie, 'POST', `/api/admin/orders/${ref}/dispatch`, { courierName: 'PostNet', trackingNumber });
    expect(dispatch.status, await dispatch.clone().text()).toBe(200);
    const posted = await env.DB.prepare('SELECT subject, text FROM email_outbox WHERE dedupe_key = ?')
      .bind(`order-status:${ref}:dispatched`)
      .first<{ subject: string; text: string }>();
    expect(posted!.subject).toContain('free samples');
    expect(posted!.text).toContain(trackingNumber);

    const tracked = await (
      await get(`/api/tracking/${trackingNumber}`, { 'CF-Connecting-IP': ip() })
    ).json<{ order?: unknown; timeline?: { steps: { status: string }[] } }>();
    expect(JSON.stringify(tracked)).toContain(trackingNumber);
    const delivered = await staffFetch(cookie, 'POST', `/api/admin/orders/${ref}/status`, { status: 'delivered' });
    expect(delivered.status).toBe(200);
  });

  it('is not an order, nor revenue, in the daily report: samples are counted apart', async () => {
    await env.DB.prepare('DELETE FROM sample_requests').run();
    const day = southAfricanDay();
    const before = await (
      await staffFetch(cookie, 'GET', `/api/admin/insights/daily?date=${day}`)
    ).json<{ totalOrders: number; samplesRequested: number; samplesSent: number }>();
    const ref = await askOk(request());
    await staffFetch(cookie, 'POST', `/api/admin/orders/${ref}/dispatch`, {
      courierName: 'PostNet',
      trackingNumber: `SMP${unique()
        .toUpperCase()
        .replace(/[^A-Z0-9]/g, '')}`,
    });
    const after = await (
      await staffFetch(cookie, 'GET', `/api/admin/insights/daily?date=${day}`)
    ).json<{
      totalOrders: number;
      samplesRequested: number;
      samplesSent: number;
      charts: { last30Days: { date: string; orders: number; revenue: number }[] };
    }>();
    expect(after.totalOrders).toBe(before.totalOrders);
    expect(after.samplesRequested).toBe(before.samplesRequested + 1);
    expect(after.samplesSent).toBe(before.samplesSent + 1);
  });
});
