import { describe, expect, it } from 'vitest';
import {
  paymentFailureToast,
  paymentRequestForReceipt,
  paymentResultPath,
  paymentResultView,
  shouldPollAgain,
  type PaymentResultPath,
  type PaymentResultView,
} from '../../web/src/features/orders/payment-model';
import { emailQuoteBody, internalQuoteBody, loadQuoteDocument, recipientError } from '../../web/src/features/orders/quote-document-model';
import {
  confirmationSource,
  paymentStatusLabel,
  receiptFromCompletedOrder,
  receiptFromOrder,
  sampleReceipt,
} from '../../web/src/features/orders/receipt-model';
import { parseQuoteBlinds, type CompletedOrder } from '../../web/src/lib/quote-storage';
import { ApiError } from '../../web/src/lib/api-client';
import {
  emailQuoteSchema,
  paymentCreateSchema,
  quoteInternalSchema,
  TEST_PAYMENT_NOTE,
  type OrderDto,
  type PaymentStatus,
} from '@shared/orders-api';
import { pricedLine, ROLLER_LINE } from './orders-fixtures';

const line = ROLLER_LINE;

const completed: CompletedOrder = {
  orderReference: 'CB-K7Q2M9X4PA',
  customerName: 'Thandi',
  customerEmail: 'thandi@example.co.za',
  customerPhone: '082 555 0101',
  customerAddress: '',
  specialInstructions: '',
  blinds: [line],
  totalAmount: 3248,
  orderDate: '2026-03-02T08:30:00.000Z',
  paymentStatus: 'pending',
};

describe('payment result: what the page shows for what the server says', () => {
  const table: [PaymentResultPath, PaymentStatus, boolean, PaymentResultView][] = [
    ['success', 'paid', false, 'paid'],
    ['success', 'pending', false, 'confirming'],
    ['success', 'pending', true, 'not-confirmed'],
    ['success', 'failed', false, 'failed'],
    ['success', 'cancelled', false, 'cancelled'],
    ['cancelled', 'pending', false, 'cancelled'],
    ['cancelled', 'paid', false, 'paid'],
    ['failed', 'pending', false, 'failed'],
    ['failed', 'paid', false, 'paid'],
    ['failed', 'cancelled', false, 'cancelled'],
    ['success', 'refunded', false, 'refunded'],
    ['success', 'refunded', true, 'refunded'],
    ['cancelled', 'refunded', false, 'refunded'],
  ];
  it.each(table)("/payment-%s with the order %s (timed out: %s) shows '%s'", (path, status, timedOut, view) => {
    expect(paymentResultView(path, status, timedOut)).toBe(view);
  });

  it("never shows 'Payment Successful' unless the server says paid", () => {
    for (const path of ['success', 'cancelled', 'failed'] as const) {
      for (const status of ['pending', 'failed', 'cancelled', 'refunded'] as const) {
        for (const timedOut of [false, true]) expect(paymentResultView(path, status, timedOut)).not.toBe('paid');
      }
    }
  });

  it('knows the path', () => {
    expect(paymentResultPath('/payment-success')).toBe('success');
    expect(paymentResultPath('/payment-cancelled')).toBe('cancelled');
    expect(paymentResultPath('/payment-failed')).toBe('failed');
  });

  it('polls only /payment-success while pending, every 2 s for about 30 s', () => {
    expect(shouldPollAgain('success', 'pending', 0)).toBe(true);
    expect(shouldPollAgain('success', 'pending', 27_999)).toBe(true);
    expect(shouldPollAgain('success', 'pending', 28_001)).toBe(false);
    expect(shouldPollAgain('success', 'paid', 0)).toBe(false);
    expect(shouldPollAgain('success', 'part_paid', 0)).toBe(true);
    expect(shouldPollAgain('cancelled', 'pending', 0)).toBe(false);
    expect(shouldPollAgain('failed', 'pending', 0)).toBe(false);
  });
});

describe('payment failures (spec section 8)', () => {
  it("a 503 is 'Payment Setup Required' with a message for the customer, not the server's configuration detail", () => {
    const err = new ApiError(
      503,
      JSON.stringify({ success: false, error: 'not_configured', message: 'Card payments are not set up.' }),
      '503: ...',
    );
    expect(paymentFailureToast(err)).toEqual({
      title: 'Payment Setup Required',
      description: 'Card payments are not available right now. Please contact us to arrange payment.',
    });
  });
  it("anything else is 'Failed to create payment link'", () => {
    const err = new ApiError(409, JSON.stringify({ success: false, message: 'This order is already paid.' }), '409: ...');
    expect(paymentFailureToast(err)).toEqual({ title: 'Failed to create payment link', description: 'This order is already paid.' });
    expect(paymentFailureToast(new TypeError('Failed to fetch')).title).toBe('Failed to create payment link');
  });
});

describe('the receipt', () => {
  it('?ref=TEST123 is the sample, never the server', () => {
    expect(confirmationSource('TEST123', completed)).toEqual({ kind: 'sample' });
    const sample = sampleReceipt(new Date('2026-03-02T10:00:00Z'));
    expect(sample.reference).toBe('TEST123');
    expect(sample.total).toBeCloseTo(
      sample.lines.reduce((s, l) => s + l.total_price, 0),
      2,
    );
    expect(sample.subtotal + sample.vat).toBeCloseTo(sample.total, 2);
  });

  it('?ref= asks the server (with the local copy when it is the same order); without it the local order is re-read', () => {
    expect(confirmationSource('CB-OTHER00001', completed)).toEqual({ kind: 'server', reference: 'CB-OTHER00001', local: null });
    expect(confirmationSource('CB-K7Q2M9X4PA', completed)).toEqual({ kind: 'server', reference: 'CB-K7Q2M9X4PA', local: completed });
    expect(confirmationSource(null, completed)).toEqual({ kind: 'server', reference: 'CB-K7Q2M9X4PA', local: completed });
    expect(confirmationSource(null, null)).toEqual({ kind: 'none' });
    expect(confirmationSource('', null)).toEqual({ kind: 'none' });
  });

  it('the local copy shows the VAT inside its total', () => {
    const receipt = receiptFromCompletedOrder(completed);
    expect(receipt.vat).toBe(423.65);
    expect(receipt.subtotal).toBe(2824.35);
    expect(receipt.lines[0]).toMatchObject({ key: 'l1', product_name: 'Roller Blind - Blockout' });
  });

  it("pays an order by its reference with the customer's details, in the shape the server validates", () => {
    const order: OrderDto = {
      reference: 'CB-K7Q2M9X4PA',
      customer_name: 'Thandi',
      customer_email: 'thandi@example.co.za',
      customer_phone: null,
      customer_address: null,
      special_instructions: null,
      quote_id: null,
      blinds: [pricedLine()],
      subtotal: 2824.35,
      vat: 423.65,
      total_amount: 3248,
      total_cents: 324_800,
      paymentStatus: 'pending',
      paid_at: null,
      order_date: '2026-03-02T08:30:00.000Z',
      test_payment: false,
      sample_prices: false,
      sizes_to_confirm: false,
    };
    const body = paymentRequestForReceipt(receiptFromOrder(order));
    expect(body).toEqual({
      quote_id: 'CB-K7Q2M9X4PA',
      customer_info: { name: 'Thandi', email: 'thandi@example.co.za', phone: '' },
      amount: 3248,
      product_name: 'Roller Blind - Blockout',
    });
    expect(paymentCreateSchema.safeParse(body).success).toBe(true);
  });
});

describe('test payments and refunds on the receipt', () => {
  const order: OrderDto = {
    reference: 'CB-K7Q2M9X4PA',
    customer_name: 'Thandi',
    customer_email: 'thandi@example.co.za',
    customer_phone: null,
    customer_address: null,
    special_instructions: null,
    quote_id: null,
    blinds: [pricedLine()],
    subtotal: 2824.35,
    vat: 423.65,
    total_amount: 3248,
    total_cents: 324_800,
    paymentStatus: 'paid',
    paid_at: '2026-03-02T09:00:00.000Z',
    order_date: '2026-03-02T08:30:00.000Z',
    test_payment: true,
    sample_prices: false,
    sizes_to_confirm: false,
  };

  it("an order paid through the sandbox is marked 'Test payment: no money was taken'; a real one, the local copy and the sample are not", () => {
    expect(TEST_PAYMENT_NOTE).toBe('Test payment: no money was taken');
    expect(receiptFromOrder(order).testPayment).toBe(true);
    expect(receiptFromOrder({ ...order, test_payment: false }).testPayment).toBe(false);
    expect(receiptFromCompletedOrder(completed).testPayment).toBe(false);
    expect(sampleReceipt().testPayment).toBe(false);
  });

  it("offers 'Download tax invoice' only when the server says the order's tax invoice is issued", () => {
    expect(receiptFromOrder({ ...order, has_tax_invoice: true }).hasTaxInvoice).toBe(true);
    expect(receiptFromOrder({ ...order, has_tax_invoice: false }).hasTaxInvoice).toBe(false);
    expect(receiptFromOrder(order).hasTaxInvoice).toBe(false);
    expect(receiptFromCompletedOrder(completed).hasTaxInvoice).toBeFalsy();
    expect(sampleReceipt().hasTaxInvoice).toBeFalsy();
  });

  it("names every payment status on the badge: 'Refunded' once the payment was given back", () => {
    const labels = (['pending', 'paid', 'part_paid', 'failed', 'cancelled', 'refunded'] as const).map(paymentStatusLabel);
    expect(labels).toEqual(['Pending', 'Paid', 'Part paid', 'Pending', 'Pending', 'Refunded']);
  });
});

describe('the quote document', () => {
  const read = (value: string | null) => () => value;
  it('reads the saved blinds; none is empty; unreadable storage is an error', () => {
    expect(loadQuoteDocument(read(JSON.stringify([line])), parseQuoteBlinds)).toEqual({ status: 'ready', lines: [line] });
    expect(loadQuoteDocument(read(null), parseQuoteBlinds)).toEqual({ status: 'empty' });
    expect(loadQuoteDocument(read('[]'), parseQuoteBlinds)).toEqual({ status: 'empty' });
    expect(loadQuoteDocument(read('{broken'), parseQuoteBlinds)).toEqual({ status: 'error' });
    expect(loadQuoteDocument(read('[{"id": 1}]'), parseQuoteBlinds)).toEqual({ status: 'error' });
    expect(
      loadQuoteDocument(() => {
        throw new DOMException('blocked', 'SecurityError');
      }, parseQuoteBlinds),
    ).toEqual({ status: 'error' });
  });

  it("requires the recipient's name and e-mail, not the mobile", () => {
    expect(recipientError({ name: '', email: 'a@b.co', mobile: '' })).toBe('Please enter customer name and email address');
    expect(recipientError({ name: 'Ann', email: '  ', mobile: '082' })).toBe('Please enter customer name and email address');
    expect(recipientError({ name: 'Ann', email: 'a@b.co', mobile: '' })).toBeNull();
  });

  it('e-mails the quote with a copy to the business, in the shape the server validates', () => {
    const body = emailQuoteBody([line, { ...line, id: 'l2', quantity: 1, total_price: 1624 }], 'CB-482913', '2026-03-02', {
      name: ' Ann ',
      email: 'ann@example.co.za',
      mobile: '',
    });
    expect(body).toMatchObject({
      recipient_name: 'Ann',
      recipient_email: 'ann@example.co.za',
      recipient_mobile: null,
      quote_id: 'CB-482913',
      quote_date: '2026-03-02',
      total_amount: 4872,
      total_quantity: 3,
      send_copy_to_business: true,
    });
    expect(body.blinds).toHaveLength(2);
    expect(emailQuoteSchema.safeParse(body).success).toBe(true);
  });

  it("saves for the business with 'Walk-in Customer' / 'Not provided' when fields are empty", () => {
    const body = internalQuoteBody([line], 'CB-482913', '2026-03-02', { name: '', email: '', mobile: ' ' });
    expect(body).toMatchObject({
      customer_name: 'Walk-in Customer',
      customer_email: 'Not provided',
      customer_mobile: 'Not provided',
      total_amount: 3248,
      total_quantity: 2,
    });
    expect(quoteInternalSchema.safeParse(body).success).toBe(true);
    expect(internalQuoteBody([line], 'CB-482913', '2026-03-02', { name: 'Ann', email: 'ann@example.co.za', mobile: '082' })).toMatchObject({
      customer_name: 'Ann',
      customer_email: 'ann@example.co.za',
      customer_mobile: '082',
    });
  });
});
