// GET /api/orders/{reference} shows phone and address only masked: the receipt page shows
// the customer's own full details from this device's copy of the same order, else the masked ones.
import { describe, expect, it } from 'vitest';
import { paymentRequestForReceipt } from '../../web/src/features/orders/payment-model';
import { hasMaskedContact, receiptFromOrder, withDeviceContact } from '../../web/src/features/orders/receipt-model';
import type { CompletedOrder } from '../../web/src/lib/quote-storage';
import { maskOrderContact, paymentCreateSchema, type OrderDto } from '@shared/orders-api';

const full: OrderDto = {
  reference: 'CB-K7Q2M9X4PA',
  customer_name: 'Thandi',
  customer_email: 'thandi@example.co.za',
  customer_phone: '082 555 0123',
  customer_address: '12 Main Road, Knysna',
  special_instructions: null,
  quote_id: null,
  blinds: [],
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
const served = maskOrderContact(full);

const kept: CompletedOrder = {
  orderReference: 'CB-K7Q2M9X4PA',
  customerName: 'Thandi',
  customerEmail: 'thandi@example.co.za',
  customerPhone: '082 555 0123',
  customerAddress: '12 Main Road, Knysna',
  specialInstructions: '',
  blinds: [],
  totalAmount: 3248,
  orderDate: '2026-03-02T08:30:00.000Z',
  paymentStatus: 'pending',
};

describe('masked contact details on the receipt', () => {
  it("this device's copy of the same order fills in the masked phone and address", () => {
    const order = withDeviceContact(served, kept);
    expect(order).toMatchObject({ customer_phone: '082 555 0123', customer_address: '12 Main Road, Knysna', paymentStatus: 'pending' });
    expect(hasMaskedContact(receiptFromOrder(order))).toBe(false);
  });

  it('another order, no copy, or a copy that is masked itself: the masked values stay, and the page says why', () => {
    expect(withDeviceContact(served, { ...kept, orderReference: 'CB-OTHER00001' })).toEqual(served);
    expect(withDeviceContact(served, null)).toEqual(served);
    expect(withDeviceContact(served, { ...kept, customerPhone: '*** *** *123', customerAddress: '' })).toEqual(served);
    const receipt = receiptFromOrder(served);
    expect(receipt.customer).toMatchObject({ phone: '*** *** *123', address: '***, Knysna' });
    expect(hasMaskedContact(receipt)).toBe(true);
  });

  it('paying from a masked receipt sends no masked phone (the server keeps the one on record)', () => {
    const body = paymentRequestForReceipt(receiptFromOrder(served));
    expect(body.customer_info).toEqual({ name: 'Thandi', email: 'thandi@example.co.za' });
    expect(paymentCreateSchema.safeParse(body).success).toBe(true);
    expect(paymentRequestForReceipt(receiptFromOrder(full)).customer_info).toMatchObject({ phone: '082 555 0123' });
  });
});
