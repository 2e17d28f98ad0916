// The dates an order stores (orders.delivery_estimate): fixed when the order is placed from its
// products' lead times in D1 (the slowest line's) and the region of its address; counted again from
// the day staff confirm the sizes, stored, and e-mailed. The working-day arithmetic itself is pinned
// on known dates in tests/web/delivery-dates.test.ts.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { coloursForProduct } from '../../worker/services/catalog';
import { answerBuiltIn } from '../../worker/services/consultant/built-in-consultant';
import { deliveryEstimate, formatDay, type DeliveryEstimate } from '../../worker/shared/delivery-dates';
import { southAfricanDay } from '../../worker/shared/sa-time';
import { BASE, postJson } from './helpers';
import { emailsAbout, ip, move, orderRow, staff, useStaffWrites } from './admin-orders-write-fixtures';
import { SELF } from 'cloudflare:test';

useStaffWrites();

async function setLeadTime(product: string, days: number, sample: boolean): Promise<void> {
  await env.DB.prepare('UPDATE products SET lead_time_working_days = ?, lead_time_is_sample = ? WHERE id = ?')
    .bind(days, sample ? 1 : 0, product)
    .run();
}

async function placeTwoLines(address: string): Promise<string> {
  const line = async (product: string) => ({
    product_type: product,
    width_mm: 1200,
    drop_mm: 1500,
    colour: (await coloursForProduct(env.DB, product)).colours[0]!.name,
    quantity: 1,
  });
  const res = await postJson(
    '/api/orders/submit',
    {
      customer_name: 'Thandi Mokoena',
      customer_email: `dates-${crypto.randomUUID().slice(0, 8)}@example.co.za`,
      customer_phone: '082 555 0101',
      customer_address: address,
      blinds: [await line('roller-blockout'), await line('venetian-50mm-aluminium')],
    },
    { 'CF-Connecting-IP': ip() },
  );
  expect(res.status).toBe(201);
  return (await res.json<{ order: { reference: string } }>()).order.reference;
}

const stored = async (ref: string) => JSON.parse((await orderRow(ref)).delivery_estimate) as DeliveryEstimate;

describe('the dates stored on an order', () => {
  it('the seeded lead times are sample values, per section', async () => {
    const rows = await env.DB.prepare(
      "SELECT id, lead_time_working_days AS d, lead_time_is_sample AS s FROM products WHERE id IN ('roller-blockout', 'shutter-basswood')",
    ).all<{ id: string; d: number; s: number }>();
    expect(Object.fromEntries(rows.results.map((r) => [r.id, [r.d, r.s]]))).toEqual({
      'roller-blockout': [7, 1],
      'shutter-basswood': [15, 1],
    });
  });

  it('placed: the slowest line and the address region, in the order, its API and its confirmation e-mail; fixed once placed', async () => {
    await setLeadTime('roller-blockout', 7, false);
    await setLeadTime('venetian-50mm-aluminium', 12, false);
    const ref = await placeTwoLines('5 Rivonia Road, Sandton, 2196');
    const expected = deliveryEstimate({
      basis: 'placed',
      from: southAfricanDay(),
      leadTime: { workingDays: 12, sample: false },
      method: 'courier',
      address: 'Sandton',
    });
    expect(await stored(ref)).toEqual(expected);
    expect(expected.region).toBe('Gauteng');

    const api = await (await SELF.fetch(`${BASE}/api/orders/${ref}`)).json<{ order: { delivery_estimate: DeliveryEstimate } }>();
    expect(api.order.delivery_estimate).toEqual(expected);

    const confirmation = await env.DB.prepare('SELECT text FROM email_outbox WHERE dedupe_key = ?')
      .bind(`order-confirmation:${ref}:customer`)
      .first<string>('text');
    expect(confirmation).toContain(`Expected dispatch: by ${formatDay(expected.dispatchBy)}`);
    expect(confirmation).toContain(`Courier delivery (Gauteng): ${formatDay(expected.arrivesFrom)} to ${formatDay(expected.arrivesBy)}`);

    // A later change of the catalogue does not move a placed order's dates.
    await setLeadTime('venetian-50mm-aluminium', 20, false);
    expect(await stored(ref)).toEqual(expected);
  });

  it('a sample lead time is said in the e-mail', async () => {
    await setLeadTime('roller-blockout', 7, true);
    const ref = await placeTwoLines('Polokwane');
    expect((await stored(ref)).sampleLeadTime).toBe(true);
    const confirmation = await env.DB.prepare('SELECT text FROM email_outbox WHERE dedupe_key = ?')
      .bind(`order-confirmation:${ref}:customer`)
      .first<string>('text');
    expect(confirmation).toContain('(estimated from sample lead times until the shop sets its own)');
  });

  it('sizes confirmed: counted again from that day with the lead times then, stored and e-mailed', async () => {
    await setLeadTime('roller-blockout', 7, false);
    await setLeadTime('venetian-50mm-aluminium', 8, false);
    const ref = await placeTwoLines('Knysna');
    const placed = await stored(ref);
    await setLeadTime('venetian-50mm-aluminium', 14, false);
    expect((await move(ref, 'sizes_confirmed')).status).toBe(200);
    const again = await stored(ref);
    const expected = deliveryEstimate({
      basis: 'sizes_confirmed',
      from: southAfricanDay(),
      leadTime: { workingDays: 14, sample: false },
      method: 'courier',
      address: 'Knysna',
    });
    expect(again).toEqual(expected);
    expect(again.dispatchBy).not.toBe(placed.dispatchBy);
    const [email] = (await emailsAbout(ref)).filter((e) => e.kind === 'order-sizes-confirmed');
    expect(email!.text).toContain(
      `We have counted your dates again from today: we expect to dispatch your order by ${formatDay(expected.dispatchBy)}.`,
    );
    expect(email!.text).toContain(`Expected dispatch: by ${formatDay(expected.dispatchBy)}\n`);
    expect(email!.text).toContain(
      `Courier delivery (Western Cape): ${formatDay(expected.arrivesFrom)} to ${formatDay(expected.arrivesBy)}`,
    );
  });
});

describe('the lead time in the catalogue editor (PATCH /api/admin/catalog/products/{id})', () => {
  it("staff set a whole number of working days; it is then the shop's own, no longer the sample", async () => {
    const res = await staff('PATCH', '/api/admin/catalog/products/roller-sheer', { leadTimeWorkingDays: 9 });
    expect(res.status).toBe(200);
    const { product } = await res.json<{ product: { leadTimeWorkingDays: number; leadTimeIsSample: boolean } }>();
    expect(product).toMatchObject({ leadTimeWorkingDays: 9, leadTimeIsSample: false });
    const audit = await env.DB.prepare(
      "SELECT details FROM audit_log WHERE action = 'catalog.product.update' AND target = 'roller-sheer' ORDER BY id DESC",
    ).first<string>('details');
    expect(JSON.parse(audit!).fields).toEqual(['leadTimeWorkingDays']);
  });

  it('refuses 0, a fraction and more than 60 with a message staff can act on', async () => {
    for (const [value, message] of [
      [0, 'at least 1 working day'],
      [2.5, 'a whole number of working days'],
      [61, 'at most 60 working days'],
    ] as const) {
      const res = await staff('PATCH', '/api/admin/catalog/products/roller-sheer', { leadTimeWorkingDays: value });
      expect(res.status).toBe(400);
      expect(JSON.stringify(await res.json())).toContain(message);
    }
  });
});

describe('the consultant says the same dates', () => {
  const contact = {
    phoneGardenRoute: '+27 44 000 0000',
    phoneNational: '+27 21 000 0000',
    whatsappNational: '+27 82 000 0001',
    email: 'info@example.co.za',
    businessName: 'Custom Blinds',
    assistantName: 'Melvin',
  };

  it('a priced blind comes with its dispatch date, the courier window and the Garden Route fitting date', async () => {
    await setLeadTime('roller-blockout', 7, false);
    const answer = await answerBuiltIn({
      message: 'How much is a roller blockout 1200 x 1500?',
      history: [],
      memory: {},
      deps: { db: env.DB, contact },
    });
    const courier = deliveryEstimate({
      basis: 'placed',
      from: southAfricanDay(),
      leadTime: { workingDays: 7, sample: false },
      method: 'courier',
    });
    const fitted = deliveryEstimate({
      basis: 'placed',
      from: southAfricanDay(),
      leadTime: { workingDays: 7, sample: false },
      method: 'installation',
    });
    expect(answer.response).toContain(
      `If ordered today, we expect to dispatch it by ${formatDay(courier.dispatchBy)}: by courier it arrives between ${formatDay(courier.arrivesFrom)} and ${formatDay(courier.arrivesBy)}, or along the Garden Route our team installs it by ${formatDay(fitted.arrivesBy)}.`,
    );
  });

  it("an order's status repeats the dates stored on it", async () => {
    const ref = await placeTwoLines('Sandton');
    const answer = await answerBuiltIn({ message: `Where is my order ${ref}?`, history: [], memory: {}, deps: { db: env.DB, contact } });
    expect(answer.response).toContain(`Expected dispatch: by ${formatDay((await stored(ref)).dispatchBy)}.`);
    expect(answer.response).toContain('Delivery by courier to Gauteng');
  });
});

describe('GET /api/delivery-estimate (the calculator and the quote document)', () => {
  it("a quote's dates from today: the slowest product, by courier (national window) and as a Garden Route fitting; calculator ids too", async () => {
    await setLeadTime('roller-blockout', 7, false);
    await setLeadTime('venetian-50mm-aluminium', 11, false);
    const res = await SELF.fetch(`${BASE}/api/delivery-estimate?products=roller-blockout,venetian-aluminium-50mm`);
    expect(res.status).toBe(200);
    const body = await res.json<{ courier: DeliveryEstimate; installation: DeliveryEstimate }>();
    const lead = { workingDays: 11, sample: false };
    expect(body.courier).toEqual(deliveryEstimate({ basis: 'placed', from: southAfricanDay(), leadTime: lead, method: 'courier' }));
    expect(body.installation).toEqual(
      deliveryEstimate({ basis: 'placed', from: southAfricanDay(), leadTime: lead, method: 'installation' }),
    );
  });

  it('an unknown product is a 404 naming it; a missing or malformed list a 400', async () => {
    const unknown = await SELF.fetch(`${BASE}/api/delivery-estimate?products=roller-blockout,no-such-blind`);
    expect(unknown.status).toBe(404);
    expect((await unknown.json<{ message: string }>()).message).toBe('There is no product no-such-blind in the catalogue.');
    expect((await SELF.fetch(`${BASE}/api/delivery-estimate`)).status).toBe(400);
    expect((await SELF.fetch(`${BASE}/api/delivery-estimate?products=${encodeURIComponent('Roller Blind!')}`)).status).toBe(400);
    expect((await SELF.fetch(`${BASE}/api/delivery-estimate?products=,`)).status).toBe(400);
  });
});
