// The consultant reads an order's status by its reference, from the same order the
// confirmation page reads. Orders are written here straight into D1, as the orders service stores them.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerBuiltIn } from '../../worker/services/consultant/built-in-consultant';
import { runTool } from '../../worker/services/consultant/claude-tools';
import { findOrderReference } from '../../worker/services/consultant/order-status';

const contact = {
  phoneGardenRoute: '+27 44 000 0000',
  phoneNational: '+27 21 000 0000',
  whatsappNational: '+27 82 000 0001',
  email: 'info@example.co.za',
  businessName: 'Custom Blinds',
  assistantName: 'Melvin',
};

const PAID = 'CB-PAID7K2M9X';
const PENDING = 'CB-PEND4R8T2W';

async function insertOrder(
  reference: string,
  paid: boolean,
  { status = paid ? 'paid' : 'pending', provider = paid ? 'yoco' : null }: { status?: string; provider?: string | null } = {},
) {
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO orders (reference, customer_name, customer_email, customer_phone, customer_address, subtotal_cents, vat_cents, total_cents, payment_status, paid_at, payment_provider, created_at)
       VALUES (?, 'Thandi', 'thandi@example.co.za', '082 111 2222', '12 Marine Drive, Knysna', 282609, 42391, 325000, ?, ?, ?, '2026-11-20T08:00:00.000Z')`,
    ).bind(reference, status, paid ? '2026-11-21T09:30:00.000Z' : null, provider),
    env.DB.prepare(
      `INSERT INTO order_lines (order_reference, line_no, product_id, product_name, width_mm, drop_mm, control_side, mount_type, colour, quantity, unit_price_cents, total_cents, price_list_version)
       VALUES (?, 1, 'roller-blockout', 'Roller Blind - Blockout', 1200, 1500, 'left', 'inside-recess', 'White', 2, 162500, 325000, 1)`,
    ).bind(reference),
  ]);
}

beforeAll(async () => {
  await insertOrder(PAID, true);
  await insertOrder(PENDING, false);
});

describe('order status in the chat', () => {
  it('finds a reference however it is typed', () => {
    expect(findOrderReference('where is cb-paid7k2m9x please')).toBe(PAID);
    expect(findOrderReference('order CB PAID')).toBeNull();
    expect(findOrderReference('my order CB-12')).toBeNull();
  });

  it('the built-in consultant answers a paid order with its payment date, blinds, total and next step', async () => {
    const answer = await answerBuiltIn({
      message: `Hi, where is my order ${PAID.toLowerCase()}?`,
      history: [],
      memory: {},
      deps: { db: env.DB, contact },
    });
    expect(answer.response).toContain(`Order ${PAID}`);
    expect(answer.response).toContain('paid on 21 November 2026');
    expect(answer.response).toContain('2 blinds');
    expect(answer.response).toContain('R\u00a03\u00a0250,00');
    expect(answer.response).toContain('production 7-10 business days');
    // Never the customer's address or phone.
    expect(answer.response).not.toContain('Marine Drive');
    expect(answer.response).not.toContain('082 111 2222');
    expect(answer.features).toContain('order-tracking');
  });

  it("an order paid through the sandbox gateway says 'Test payment: no money was taken', in both consultants", async () => {
    const reference = 'CB-TEST5S8D2F';
    await insertOrder(reference, true, { provider: 'sandbox' });
    const answer = await answerBuiltIn({ message: `Where is ${reference}?`, history: [], memory: {}, deps: { db: env.DB, contact } });
    expect(answer.response).toContain('is paid on 21 November 2026 (Test payment: no money was taken)');
    const result = await runTool({ db: env.DB, memory: {}, features: new Set<string>() } as any, 'track_order', { reference });
    expect(JSON.parse(result.content)).toMatchObject({ payment_status: 'paid', test_payment: 'Test payment: no money was taken' });
    const real = await answerBuiltIn({ message: `Where is ${PAID}?`, history: [], memory: {}, deps: { db: env.DB, contact } });
    expect(real.response).not.toContain('Test payment');
  });

  it('a refunded order (its paid_at kept) says the payment was refunded, not that it is paid', async () => {
    const reference = 'CB-REFD3H6J9K';
    await insertOrder(reference, true, { status: 'refunded' });
    const answer = await answerBuiltIn({ message: `Where is ${reference}?`, history: [], memory: {}, deps: { db: env.DB, contact } });
    expect(answer.response).toContain('is refunded (the payment was given back)');
    expect(answer.response).not.toContain('paid on');
    expect(answer.response).toContain('the order is not being made');
  });

  it('a pending order says production waits for the payment', async () => {
    const answer = await answerBuiltIn({ message: `Status of order ${PENDING}`, history: [], memory: {}, deps: { db: env.DB, contact } });
    expect(answer.response).toContain('is waiting for payment');
    // The ways to pay come from configuration; the confirmation page shows the ones offered.
    expect(answer.response).toContain('the order confirmation page shows how to pay');
  });

  it("Claude's track_order tool answers the same facts", async () => {
    const features = new Set<string>();
    const result = await runTool({ db: env.DB, memory: {}, features } as any, 'track_order', { reference: PAID });
    expect(result.isError).toBeFalsy();
    expect(JSON.parse(result.content)).toMatchObject({
      found: true,
      reference: PAID,
      payment_status: 'paid',
      blinds: 2,
      total: 'R\u00a03\u00a0250,00',
    });
    expect(features.has('order-tracking')).toBe(true);
  });

  it('before dispatch the answer says the tracking number comes once the order is dispatched', async () => {
    const answer = await answerBuiltIn({ message: `Where is ${PAID}?`, history: [], memory: {}, deps: { db: env.DB, contact } });
    expect(answer.response).toContain('The courier tracking number is sent once the order is dispatched.');
  });

  it('once staff publish courier tracking, both consultants give its status, number, location and estimated delivery', async () => {
    const reference = 'CB-SHIP9Q2W4E';
    await insertOrder(reference, true);
    const history = JSON.stringify([
      { status: 'pending', message: 'Booked', location: 'Knysna', timestamp: '2026-11-24T08:00:00.000Z' },
      { status: 'in_transit', message: 'Collected by the courier', location: 'George hub', timestamp: '2026-11-25T09:00:00.000Z' },
    ]);
    await env.DB.prepare(
      `INSERT INTO tracking_entries (id, order_id, tracking_number, status, status_message, current_location, estimated_delivery, courier_name, tracking_history, created_at, updated_at)
       VALUES ('t-ship-1', ?, 'TCG-778899', 'in_transit', 'Collected by the courier', 'George hub', '2-3 business days', 'The Courier Guy', ?, '2026-11-24T08:00:00.000Z', '2026-11-25T09:00:00.000Z')`,
    )
      .bind(reference, history)
      .run();

    const answer = await answerBuiltIn({
      message: `where is my order ${reference}`,
      history: [],
      memory: {},
      deps: { db: env.DB, contact },
    });
    expect(answer.response).toContain(
      'Courier tracking number TCG-778899 with The Courier Guy: IN TRANSIT (updated 25 November 2026) - Collected by the courier.',
    );
    expect(answer.response).toContain('Last location: George hub.');
    expect(answer.response).toContain('Estimated delivery: 2-3 business days.');
    expect(answer.response).toContain('/track?number=TCG-778899');
    expect(answer.response).toContain('on its way with the courier');
    expect(answer.response).not.toContain('sent once the order is dispatched');
    expect(answer.response).not.toContain('In production');

    const result = await runTool({ db: env.DB, memory: {}, features: new Set() } as any, 'track_order', { reference });
    expect(JSON.parse(result.content)).toMatchObject({
      found: true,
      reference,
      tracking: {
        tracking_number: 'TCG-778899',
        courier: 'The Courier Guy',
        status: 'in_transit',
        status_label: 'IN TRANSIT',
        current_location: 'George hub',
        estimated_delivery: '2-3 business days',
      },
    });
  });
});
