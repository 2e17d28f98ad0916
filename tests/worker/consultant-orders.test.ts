// The consultant reads an order's status by its reference (issue 3), from the same order the
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

async function insertOrder(reference: string, paid: boolean) {
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO orders (reference, customer_name, customer_email, customer_phone, customer_address, subtotal_cents, vat_cents, total_cents, payment_status, paid_at, created_at)
       VALUES (?, 'Thandi', 'thandi@example.co.za', '082 111 2222', '12 Marine Drive, Knysna', 282609, 42391, 325000, ?, ?, '2026-11-20T08:00:00.000Z')`,
    ).bind(reference, paid ? 'paid' : 'pending', paid ? '2026-11-21T09:30:00.000Z' : null),
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
    const answer = await answerBuiltIn({ message: `Hi, where is my order ${PAID.toLowerCase()}?`, history: [], memory: {}, deps: { db: env.DB, contact } });
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

  it('a pending order says production waits for the payment', async () => {
    const answer = await answerBuiltIn({ message: `Status of order ${PENDING}`, history: [], memory: {}, deps: { db: env.DB, contact } });
    expect(answer.response).toContain('is waiting for payment');
    expect(answer.response).toContain('Pay by card');
  });

  it("Claude's track_order tool answers the same facts", async () => {
    const features = new Set<string>();
    const result = await runTool({ db: env.DB, memory: {}, features } as any, 'track_order', { reference: PAID });
    expect(result.isError).toBeFalsy();
    expect(JSON.parse(result.content)).toMatchObject({ found: true, reference: PAID, payment_status: 'paid', blinds: 2, total: 'R\u00a03\u00a0250,00' });
    expect(features.has('order-tracking')).toBe(true);
  });
});
