// The dates stored on an order (worker/shared/delivery-dates.ts) after it is placed: /track answers
// them with the timeline until the order is dispatched, the timeline's later steps and the 'in
// production' e-mail use them instead of the shop-wide 7-10 days, and the receipt and tax-invoice
// PDFs print them while they are ahead. An older order without dates keeps the shop-wide wording.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { coloursForProduct } from '../../worker/services/catalog';
import { answerBuiltIn } from '../../worker/services/consultant/built-in-consultant';
import { loadPaymentOrder } from '../../worker/services/payments/ledger';
import { recordVerifiedPayment } from '../../worker/services/payments/record-verified';
import { formatDay, type DeliveryEstimate } from '../../worker/shared/delivery-dates';
import type { OrderTrackingResponse, PublicTrackingResponse } from '../../worker/shared/tracking-api';
import { get, postJson } from './helpers';
import { call, dispatch, emailsAbout, ip, move, orderRow, useStaffWrites } from './admin-orders-write-fixtures';
import { readBack } from './pdf-text';
import { EVAL_CONTACT } from './consultant-eval/types';

useStaffWrites();

const headers = () => ({ 'CF-Connecting-IP': ip() });

/**
 * An online order of one roller blind (lead time 7 working days, the shop's own) to Sandton, paid by
 * card; `withoutDates`: as an order placed before orders stored their dates.
 */
async function paidOrder(email: string, withoutDates = false): Promise<string> {
  await env.DB.prepare("UPDATE products SET lead_time_working_days = 7, lead_time_is_sample = 0 WHERE id = 'roller-blockout'").run();
  const colour = (await coloursForProduct(env.DB, 'roller-blockout')).colours[0]!.name;
  const res = await postJson(
    '/api/orders/submit',
    {
      customer_name: 'Thandi Mokoena',
      customer_email: email,
      customer_phone: '082 555 0101',
      customer_address: '5 Rivonia Road, Sandton, 2196',
      blinds: [{ product_type: 'roller-blockout', width_mm: 1200, drop_mm: 1500, colour, quantity: 1 }],
    },
    headers(),
  );
  expect(res.status).toBe(201);
  const reference = (await res.json<{ order: { reference: string } }>()).order.reference;
  if (withoutDates) await env.DB.prepare('UPDATE orders SET delivery_estimate = NULL WHERE reference = ?').bind(reference).run();
  // Paid as a gateway records it, so the tax invoice is issued (the test Worker is a VAT vendor).
  const order = (await loadPaymentOrder(env.DB, reference))!;
  await recordVerifiedPayment(
    env,
    order,
    {
      reference,
      provider: 'yoco',
      providerPaymentId: `pay-${reference}`,
      amountCents: order.totalCents,
      status: 'succeeded',
      checkoutId: null,
      raw: {},
    },
    new Date(),
    {},
    'recorded',
  );
  return reference;
}

const stored = async (ref: string) => JSON.parse((await orderRow(ref)).delivery_estimate) as DeliveryEstimate;

async function track(ref: string, email: string): Promise<OrderTrackingResponse> {
  const res = await get(`/api/tracking/order/${ref}?email=${encodeURIComponent(email)}`, headers());
  expect(res.status).toBe(200);
  return res.json<OrderTrackingResponse>();
}

async function pdfText(path: string): Promise<string> {
  const res = await get(path, headers());
  expect(res.status, path).toBe(200);
  const { texts } = await readBack(new Uint8Array(await res.arrayBuffer()));
  // The PDF breaks long sentences over lines: read it as one text.
  return texts
    .join('\n')
    .replace(/\u00a0/g, ' ')
    .replace(/\s+/g, ' ');
}

const outboxText = (key: string) => env.DB.prepare('SELECT text FROM email_outbox WHERE dedupe_key = ?').bind(key).first<string>('text');
const inProductionEmail = async (ref: string) => (await emailsAbout(ref)).find((e) => e.kind === 'order-in-production')!.text;

describe("an order's own dates after it is placed", () => {
  it('/track, the in-production e-mail, the receipt and the tax invoice give the stored dates until dispatch', async () => {
    const email = `dates-${crypto.randomUUID().slice(0, 8)}@example.co.za`;
    const ref = await paidOrder(email);
    const placed = await stored(ref);
    expect((await track(ref, email)).timeline.dates).toEqual(placed);
    // The confirmation and the payment receipt e-mails: the order's own production time and dates.
    expect(await outboxText(`order-confirmation:${ref}:customer`)).toContain('- Production takes 7 working days for your order.');
    expect(await outboxText(`payment-receipt:${ref}`)).toContain(
      `Your order is confirmed. Expected dispatch: by ${formatDay(placed.dispatchBy)}.`,
    );

    expect((await move(ref, 'sizes_confirmed')).status).toBe(200);
    expect((await move(ref, 'in_production')).status).toBe(200);
    const dates = await stored(ref);
    expect(dates).toMatchObject({ basis: 'sizes_confirmed', region: 'Gauteng', leadTimeWorkingDays: 7 });
    const dispatchBy = formatDay(dates.dispatchBy);
    const window = `${formatDay(dates.arrivesFrom)} and ${formatDay(dates.arrivesBy)}`;

    // Production started the day the sizes were confirmed, before it was planned: the date given stands.
    const tracked = await track(ref, email);
    expect(tracked.timeline.dates).toEqual(dates);
    expect(tracked.timeline.steps.find((s) => s.status === 'dispatched')!.expected).toBe(`by ${dispatchBy}`);

    // The consultant says the order's own production time with its dates.
    const answer = await answerBuiltIn({
      message: `Where is my order ${ref}?`,
      history: [],
      memory: {},
      deps: { db: env.DB, contact: EVAL_CONTACT },
    });
    expect(answer.response).toContain('production 7 working days for this order, then courier delivery');
    expect(answer.response).toContain(`Expected dispatch: by ${dispatchBy}.`);

    // Staff see the dates given and how they were counted.
    const staffView = (await call('GET', `/api/admin/orders/${ref}`)).body.order;
    expect(staffView.deliveryEstimate).toEqual(dates);
    expect(staffView.timeline.dates).toEqual(dates);

    const mail = await inProductionEmail(ref);
    expect(mail).toContain(`Production takes 7 working days for your order; we expect to dispatch it by ${dispatchBy}.`);
    expect(mail).toContain(`Courier delivery (Gauteng): ${formatDay(dates.arrivesFrom)} to ${formatDay(dates.arrivesBy)}`);
    expect(mail).not.toContain('7-10');

    const receipt = await pdfText(`/api/receipts/${ref}.pdf`);
    expect(receipt).toContain(`When to expect your order Expected dispatch: by ${dispatchBy}.`);
    expect(receipt).toContain(`Delivery by courier to Gauteng: between ${window}.`);
    expect(receipt).toContain('Counted from the day we confirmed your sizes');
    expect(receipt).toContain('Production takes 7 working days for your order once it is confirmed.');
    expect(receipt).not.toContain('7-10');

    const invoice = await pdfText(`/api/invoices/${ref}.pdf`);
    expect(invoice).toContain('Tax Invoice');
    expect(invoice).toContain(`When to expect your order Expected dispatch: by ${dispatchBy}.`);

    // Dispatched: the dates are behind it; the courier's estimate and the history take over.
    const trackingNumber = `TCG${Date.now()}`;
    expect((await dispatch(ref, trackingNumber)).status).toBe(200);
    expect((await track(ref, email)).timeline.dates).toBeNull();
    const byNumber = await get(`/api/tracking/${trackingNumber}`, headers());
    expect((await byNumber.json<PublicTrackingResponse>()).timeline!.dates).toBeNull();
    const after = await pdfText(`/api/receipts/${ref}.pdf`);
    expect(after).not.toContain('When to expect your order');
    expect(after).toContain('Production takes 7 working days for your order once it is confirmed.');
    expect(await pdfText(`/api/invoices/${ref}.pdf`)).not.toContain('When to expect your order');
  });

  it('an older order without dates keeps the shop-wide wording everywhere', async () => {
    const email = `old-${crypto.randomUUID().slice(0, 8)}@example.co.za`;
    const ref = await paidOrder(email, true);
    expect(await outboxText(`payment-receipt:${ref}`)).toContain('Processing takes 1-2 business days and production 7-10 business days');
    expect((await move(ref, 'sizes_confirmed')).status).toBe(200);
    // Its sizes were confirmed before orders stored their dates too.
    await env.DB.prepare('UPDATE orders SET delivery_estimate = NULL WHERE reference = ?').bind(ref).run();
    expect((await move(ref, 'in_production')).status).toBe(200);

    const tracked = await track(ref, email);
    expect(tracked.timeline.dates).toBeNull();
    expect(tracked.timeline.steps.find((s) => s.status === 'dispatched')!.expected).toMatch(/^between .+ and .+$/);
    expect(await inProductionEmail(ref)).toContain('Production takes 7-10 business days; we expect to dispatch your order between');
    const receipt = await pdfText(`/api/receipts/${ref}.pdf`);
    expect(receipt).not.toContain('When to expect your order');
    expect(receipt).toContain('Production takes 7-10 business days once your order is confirmed.');
  });
});
