// Tax invoices and credit notes (services/tax-invoices.ts, GET /api/invoices/{reference}.pdf): one
// gap-free sequence under concurrent payments, an invoice never changed by a repeated notification,
// a credit note for a refund, the PDF's required words and figures, and the customer's VAT number.
import { env } from 'cloudflare:test';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoices, orders } from '../../worker/db/schema';
import type { Env } from '../../worker/env';
import { database } from '../../worker/lib/db';
import { coloursForProduct } from '../../worker/services/catalog';
import { findOrder } from '../../worker/services/orders';
import { loadPaymentOrder, type PaymentOutcome } from '../../worker/services/payments/ledger';
import { paymentReceiptEmail } from '../../worker/services/payments/receipt';
import { recordVerifiedPayment } from '../../worker/services/payments/record-verified';
import { findTaxDocument, issueTaxInvoice, taxSupplier, withNumberRetry, type TaxDocument } from '../../worker/services/tax-invoices';
import { customerVatNumberSchema, VAT_NUMBER_MESSAGE } from '../../worker/shared/vat-number';
import { get, postJson } from './helpers';
import { insertOrder, newReference, outboxRows } from './payments-fixtures';
import { readBack } from './pdf-text';
import { capture, deleteBy, exportBy, useStaffSession } from './popia-fixtures';

let ipCounter = 0;
const ip = () => ({ 'CF-Connecting-IP': `198.51.100.${(ipCounter++ % 200) + 20}` });

async function pay(reference: string, overrides: Partial<PaymentOutcome> = {}, testEnv: Env = env) {
  const order = await loadPaymentOrder(testEnv.DB, reference);
  const outcome: PaymentOutcome = {
    reference,
    provider: 'yoco',
    providerPaymentId: `pay-${reference}`,
    amountCents: order!.totalCents,
    status: 'succeeded',
    checkoutId: null,
    raw: {},
    ...overrides,
  };
  return recordVerifiedPayment(testEnv, order!, outcome, new Date(), {}, 'recorded');
}

async function allNumbers(): Promise<number[]> {
  const rows = await database(env.DB).select({ number: invoices.number }).from(invoices).orderBy(asc(invoices.number));
  return rows.map((r) => r.number);
}

async function documentsOf(reference: string) {
  return database(env.DB).select().from(invoices).where(eq(invoices.orderReference, reference)).orderBy(asc(invoices.number));
}

/** The gap-free sequence: every number from 1 to the highest, each once. */
async function expectGapFree() {
  const numbers = await allNumbers();
  expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
}

const pdfText = async (res: Response) => {
  const { texts } = await readBack(new Uint8Array(await res.arrayBuffer()));
  return texts.join('\n').replace(/\u00a0/g, ' ');
};

describe('invoice numbering', () => {
  it('gives many orders paid at the same time the numbers 1..n: no gap, no duplicate', async () => {
    const placed = await Promise.all(Array.from({ length: 16 }, (_, i) => insertOrder({ totalCents: 100_000 + i * 1_150 })));
    await Promise.all(placed.map((o) => pay(o.reference)));
    const issued = await Promise.all(placed.map(async (o) => (await documentsOf(o.reference)).map((d) => d.number)));
    for (const numbers of issued) expect(numbers).toHaveLength(1);
    expect(new Set(issued.flat()).size).toBe(placed.length);
    await expectGapFree();
  });

  it('issues one invoice for an order however often and however concurrently it is asked', async () => {
    const { reference } = await insertOrder({ paymentStatus: 'paid' });
    const order = (await findOrder(env.DB, reference))!;
    const numbers = await Promise.all(Array.from({ length: 10 }, () => issueTaxInvoice(env, order)));
    expect(new Set(numbers).size).toBe(1);
    expect(await documentsOf(reference)).toHaveLength(1);
    await expectGapFree();
  });

  it('a repeated payment notification, and a later payment of the same order, change nothing on its invoice', async () => {
    const { reference } = await insertOrder();
    await pay(reference);
    const [first] = await documentsOf(reference);
    expect(first).toMatchObject({ kind: 'invoice', orderReference: reference });
    const before = await allNumbers();

    expect(await pay(reference)).toMatchObject({ outcome: 'duplicate' });
    // Another payment (e.g. the customer paid twice): recorded, but the invoice stays as issued.
    await pay(reference, { providerPaymentId: `second-${reference}` });
    expect(await documentsOf(reference)).toEqual([first]);
    expect(await allNumbers()).toEqual(before);
  });

  it('issues nothing while an order is unpaid, after a failed payment, or for a business that is no VAT vendor', async () => {
    const unpaid = await insertOrder();
    const failed = await insertOrder();
    await pay(failed.reference, { status: 'failed' });
    const notVendor = await insertOrder();
    await pay(notVendor.reference, {}, { ...env, VAT_NUMBER: '' });
    expect((await database(env.DB).select().from(orders).where(eq(orders.reference, notVendor.reference)))[0]!.paymentStatus).toBe('paid');
    for (const o of [unpaid, failed, notVendor]) {
      expect(await documentsOf(o.reference)).toEqual([]);
      const res = await get(`/api/invoices/${o.reference}.pdf`, ip());
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ success: false, error: 'not_found' });
    }
    await expectGapFree();
  });
});

describe('who issues tax invoices', () => {
  it('only a business with a valid VAT number and an address', () => {
    expect(taxSupplier(env)).toMatchObject({ vatNumber: '4123456789', address: '12 Main Street, Knysna, 6570', name: 'Custom Blinds' });
    expect(taxSupplier({ ...env, VAT_NUMBER: '4123 456 789' })?.vatNumber).toBe('4123456789');
    expect(taxSupplier({ ...env, VAT_NUMBER: '' })).toBeNull();
    expect(taxSupplier({ ...env, VAT_NUMBER: '5123456789' })).toBeNull();
    expect(taxSupplier({ ...env, BUSINESS_ADDRESS: ' ' })).toBeNull();
  });

  it('runs a batch again when its document number was taken at the same instant, and only then', async () => {
    let calls = 0;
    const taken = () => {
      calls++;
      if (calls === 1) throw new Error('D1_ERROR: UNIQUE constraint failed: invoices.number: SQLITE_CONSTRAINT');
      return Promise.resolve('issued');
    };
    expect(await withNumberRetry(taken)).toBe('issued');
    expect(calls).toBe(2);
    const other = new Error('D1_ERROR: UNIQUE constraint failed: payments.provider_payment_id: SQLITE_CONSTRAINT');
    await expect(withNumberRetry(() => Promise.reject(other))).rejects.toBe(other);
    let always = 0;
    await expect(
      withNumberRetry(() => {
        always++;
        return Promise.reject(new Error('UNIQUE constraint failed: invoices.number'));
      }),
    ).rejects.toThrow(/invoices\.number/);
    expect(always).toBe(5);
  });
});

describe('credit notes', () => {
  it('a full refund issues a credit note with its own number, crediting the invoice, once', async () => {
    const { reference, totalCents } = await insertOrder({ totalCents: 324_800 });
    await pay(reference);
    const invoice = (await findTaxDocument(env.DB, reference, 'invoice'))!;
    const refund = { status: 'refunded' as const, providerPaymentId: `refund-${reference}`, amountCents: totalCents };
    await pay(reference, refund);
    await pay(reference, refund);
    const docs = await documentsOf(reference);
    expect(docs.map((d) => d.kind)).toEqual(['invoice', 'credit_note']);
    const note = docs[1]!.document as TaxDocument;
    expect(note).toMatchObject({
      kind: 'credit_note',
      number: docs[1]!.number,
      creditsInvoice: invoice.number,
      totalCents,
      vatCents: 42_365,
      exclCents: 282_435,
      lines: invoice.lines,
    });
    expect(docs[1]!.number).toBeGreaterThan(invoice.number);
    // The invoice itself is untouched.
    expect(docs[0]!.document).toEqual(invoice);
    await expectGapFree();

    const res = await get(`/api/invoices/${reference}-credit-${note.number}.pdf`, ip());
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Disposition')).toBe(`attachment; filename="credit-note-${note.number}-${reference}.pdf"`);
    const text = await pdfText(res);
    expect(text).toMatch(/^Credit Note$/m);
    expect(text).toContain(`Credit note number: ${note.number}`);
    expect(text).toContain(`Credits tax invoice number: ${invoice.number}`);
    expect(text).toContain('R 3 248,00');
    expect(text).not.toMatch(/^Tax Invoice$/m);
  });

  it('a partial refund credits the amount refunded; a refund of an order without an invoice issues nothing', async () => {
    const { reference } = await insertOrder({ totalCents: 230_000 });
    await pay(reference);
    await pay(reference, { status: 'refunded', providerPaymentId: `part-${reference}`, amountCents: 11_500 });
    const [, note] = await documentsOf(reference);
    expect(note!.document).toMatchObject({
      kind: 'credit_note',
      totalCents: 11_500,
      vatCents: 1_500,
      exclCents: 10_000,
      lines: [expect.objectContaining({ quantity: 1, totalCents: 11_500, vatCents: 1_500 })],
    });

    const uninvoiced = await insertOrder({ paymentStatus: 'paid' });
    await pay(uninvoiced.reference, { status: 'refunded', providerPaymentId: `refund-${uninvoiced.reference}` });
    expect(await documentsOf(uninvoiced.reference)).toEqual([]);
    await expectGapFree();
    // Another order's credit note number does not open this order's.
    expect((await get(`/api/invoices/${uninvoiced.reference}-credit-${note!.number}.pdf`, ip())).status).toBe(404);
  });
});

describe('the customer VAT number and the PDF', () => {
  async function submit(overrides: Record<string, unknown> = {}) {
    const colour = (await coloursForProduct(env.DB, 'roller-blockout')).colours[0]!.name;
    return postJson(
      '/api/orders/submit',
      {
        customer_name: 'Sipho Dlamini',
        customer_email: 'accounts@dlamini-trading.co.za',
        customer_phone: '082 555 0177',
        customer_address: 'Unit 4, 18 Waterfront Road, Knysna, 6571',
        blinds: [
          { product_type: 'roller-blockout', width_mm: 1200, drop_mm: 1500, colour, quantity: 2 },
          { product_type: 'roller-blockout', width_mm: 900, drop_mm: 1200, colour, quantity: 1 },
        ],
        ...overrides,
      },
      ip(),
    );
  }

  it.each([['5123456789'], ['412345678'], ['41234567890'], ['4123abc789']])(
    'refuses customer_vat_number %s with a message naming it, and stores nothing',
    async (vat) => {
      const res = await submit({ customer_vat_number: vat });
      expect(res.status).toBe(400);
      const body = await res.json<{ error: string; message: string }>();
      expect(body.error).toBe('validation_error');
      expect(body.message).toBe(`customer_vat_number: ${VAT_NUMBER_MESSAGE}`);
    },
  );

  it('keeps the VAT number optional, and stores one typed with spaces as 10 digits', () => {
    expect(customerVatNumberSchema.parse(undefined)).toBeNull();
    expect(customerVatNumberSchema.parse('  ')).toBeNull();
    expect(customerVatNumberSchema.parse('4987 654 321')).toBe('4987654321');
    expect(customerVatNumberSchema.parse('4987-654-321')).toBe('4987654321');
  });

  it('a paid order answers its tax invoice PDF with every field a full tax invoice needs; 404 before payment', async () => {
    const res = await submit({ customer_vat_number: '4987 654 321' });
    expect(res.status).toBe(201);
    const { reference, order } = await res.json<{ reference: string; order: { total_cents: number; blinds: { total_cents: number }[] } }>();
    expect((await get(`/api/invoices/${reference}.pdf`, ip())).status).toBe(404);
    expect((await (await get(`/api/orders/${reference}`, ip())).json<any>()).order.has_tax_invoice).toBe(false);

    await pay(reference);
    const invoice = (await findTaxDocument(env.DB, reference, 'invoice'))!;
    expect(invoice.customer.vatNumber).toBe('4987654321');
    expect((await (await get(`/api/orders/${reference}`, ip())).json<any>()).order.has_tax_invoice).toBe(true);

    const pdf = await get(`/api/invoices/${reference}.pdf`, ip());
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('Content-Type')).toBe('application/pdf');
    expect(pdf.headers.get('Cache-Control')).toBe('no-store');
    const text = await pdfText(pdf);
    // Worked out by hand from the order's own lines: VAT is 15/115 of each VAT-inclusive amount.
    const total = order.total_cents;
    const vat = Math.round((total * 15) / 115);
    const rand = (cents: number) =>
      `R ${String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')},${String(cents % 100).padStart(2, '0')}`;
    for (const expected of [
      'Tax Invoice',
      'Custom Blinds',
      '12 Main Street, Knysna, 6570',
      'VAT registration number: 4123456789',
      `Invoice number: ${invoice.number}`,
      `Order: ${reference}`,
      'Sipho Dlamini',
      'Unit 4, 18 Waterfront Road, Knysna, 6571',
      'VAT number: 4987654321',
      'Unit excl. VAT',
      'VAT (15%)',
      'Total excl. VAT',
      'VAT at 15%',
      'Total incl. VAT',
      rand(total - vat),
      rand(vat),
      rand(total),
      ...order.blinds.map((l) => rand(l.total_cents - Math.round((l.total_cents * 15) / 115))),
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/^Date: \d{1,2} [A-Z][a-z]+ \d{4}$/m);
    expect(text).toContain('Page 1 of 1');
    // Line figures add up to the totals.
    expect(invoice.lines.reduce((s, l) => s + l.vatCents, 0)).toBe(invoice.vatCents);
    expect(invoice.lines.reduce((s, l) => s + l.exclCents, 0)).toBe(invoice.exclCents);
  });

  it.each([['CB-DOESNOTEXIST.pdf'], ['nope.pdf'], [`${newReference()}.txt`], [`${newReference()}-credit-0.pdf`]])(
    'answers 404 JSON for %s',
    async (file) => {
      const res = await get(`/api/invoices/${file}`, ip());
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ success: false, error: 'not_found' });
    },
  );
});

describe('the receipt e-mail', () => {
  it("links 'Download tax invoice' when a payment issues one, and not otherwise", async () => {
    const { reference } = await insertOrder();
    await pay(reference);
    const [receipt] = await outboxRows(`payment-receipt:${reference}`);
    expect(receipt!.text).toContain("Your tax invoice is on your order page: 'Download tax invoice'.");

    const order = (await loadPaymentOrder(env.DB, reference))!;
    const linked = await paymentReceiptEmail({ ...env, PUBLIC_BASE_URL: 'https://blinds.example.co.za/' }, order, 1000, 'yoco', {
      taxInvoice: true,
    });
    expect(linked.html).toContain(`<a href="https://blinds.example.co.za/api/invoices/${reference}.pdf">Download tax invoice</a>`);
    expect(linked.text).toContain(`Download tax invoice: https://blinds.example.co.za/api/invoices/${reference}.pdf`);

    const plain = await paymentReceiptEmail(env, order, 1000, 'yoco', { taxInvoice: false });
    expect(plain.text).not.toContain('tax invoice');
  });
});

describe('an order staff record as paid', () => {
  it('has its tax invoice from the moment it is recorded, and its receipt says so; an unpaid one has none', async () => {
    const session = await postJson('/api/admin/session', { pin: '4321' }, { 'CF-Connecting-IP': '192.0.2.213' });
    expect(session.status).toBe(200);
    const cookie = session.headers.get('Set-Cookie')!.split(';')[0]!;
    const colour = (await coloursForProduct(env.DB, 'roller-blockout')).colours[0]!.name;
    const record = async (paid: boolean) => {
      const res = await postJson(
        '/api/admin/orders',
        {
          source: 'walk_in',
          customer: { name: 'Pieter van Wyk', phone: '044 382 1234', email: 'pieter@example.co.za', address: '3 Main Road, Knysna, 6571' },
          lines: [{ product_type: 'roller-blockout', width_mm: 1200, drop_mm: 1500, colour, quantity: 1 }],
          paymentMethod: 'cash',
          paid,
        },
        { Cookie: cookie, ...ip() },
      );
      expect(res.status).toBe(201);
      return (await res.json<{ order: { reference: string; totalCents: number } }>()).order;
    };
    const paid = await record(true);
    const invoice = (await findTaxDocument(env.DB, paid.reference, 'invoice'))!;
    expect(invoice).toMatchObject({ kind: 'invoice', totalCents: paid.totalCents, testPayment: false });
    expect(invoice.customer).toMatchObject({ name: 'Pieter van Wyk', address: '3 Main Road, Knysna, 6571', vatNumber: null });
    const [receipt] = await outboxRows(`payment-receipt:${paid.reference}`);
    expect(receipt!.text).toContain("'Download tax invoice'");

    const unpaid = await record(false);
    expect(await documentsOf(unpaid.reference)).toEqual([]);
    await expectGapFree();
  });
});

describe('a data request (POPIA) about an invoiced customer', () => {
  it('exports the tax invoice with the order; deletion blanks the order and its VAT number but keeps the invoice as issued', async () => {
    await useStaffSession('198.19.0.41');
    const email = 'naledi.invoiced@example.co.za';
    const leadId = await capture({ name: 'Naledi M', email, phone: '082 777 0101' }, '198.19.0.42');
    const { reference } = await insertOrder({ email, name: 'Naledi Mokoena' });
    await env.DB.prepare('UPDATE orders SET customer_vat_number = ? WHERE reference = ?').bind('4987654321', reference).run();
    await pay(reference);
    const issued = await documentsOf(reference);
    expect(issued).toHaveLength(1);

    const data = await exportBy(leadId, 'email', email);
    const order = data.orders.find((o: { reference: string }) => o.reference === reference);
    expect(order.taxDocuments).toEqual([expect.objectContaining({ number: issued[0]!.number, kind: 'invoice' })]);
    expect(order.taxDocuments[0].document.customer).toMatchObject({ name: 'Naledi Mokoena', vatNumber: '4987654321' });
    expect(data.notes.join(' ')).toMatch(/Tax invoices and credit notes are kept as issued/);

    await deleteBy(leadId, 'email', email);
    const row = (await database(env.DB).select().from(orders).where(eq(orders.reference, reference)))[0]!;
    expect(row).toMatchObject({ customerName: 'Deleted on request', customerVatNumber: null });
    expect(await documentsOf(reference)).toEqual(issued);
  });
});
