// The quote path of POST /api/payment/create, through the service: the order is made by the
// orders service's orderFromQuote, stood in here so this file pins what payments ask of it and
// what they do with its answer.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../worker/lib/errors';
import type { OrderDto } from '../../worker/shared/orders-api';
import { paymentCreateSchema, type PaymentCreateRequest } from '../../worker/shared/orders-api';
import { startPayment, type PaymentDeps } from '../../worker/services/payments/checkout';
import type { QuoteCustomer } from '../../worker/services/order-from-quote';
import { insertOrder, insertQuote, orderRow, type TestOrder } from './payments-fixtures';

function fakeOrders(existing?: TestOrder) {
  const calls: { quoteId: string; key: string; customer: QuoteCustomer }[] = [];
  let made = existing ?? null;
  const deps: PaymentDeps = {
    orderFromQuote: async (_env, quoteId, key, customer) => {
      calls.push({ quoteId, key, customer });
      made ??= await insertOrder({ email: customer.email, name: customer.name });
      return { reference: made.reference, total_cents: made.totalCents, paymentStatus: 'pending' } as OrderDto;
    },
  };
  return { deps, calls, made: () => made! };
}

function pay(body: PaymentCreateRequest, deps: PaymentDeps, overrides: Record<string, string> = {}) {
  return startPayment({ ...env, ...overrides }, paymentCreateSchema.parse(body), 'https://shop.test', deps);
}

describe('paying for a stored quote', () => {
  it('makes the order from the quote with the customer_info, and starts its checkout', async () => {
    const quote = await insertQuote();
    const orders = fakeOrders();
    const answer = await pay(
      {
        quote_id: quote.id,
        quote_key: quote.accessKey,
        customer_info: { name: 'Sipho Dlamini', email: 'sipho@example.co.za', phone: '082 000 1111', location: 'George' },
        amount: 10,
        product_name: 'Roller Blockout',
      },
      orders.deps,
    );
    expect(answer).toMatchObject({ success: true, provider: 'sandbox' });
    expect(orders.calls).toEqual([
      { quoteId: quote.id, key: quote.accessKey, customer: { name: 'Sipho Dlamini', email: 'sipho@example.co.za', phone: '082 000 1111' } },
    ]);
    expect((await orderRow(orders.made().reference)).checkoutId).toBe(answer.checkout_url.split('/').pop());
  });

  it('takes the name and e-mail saved with the quote when customer_info lacks them', async () => {
    const quote = await insertQuote({ email: 'saved@example.co.za', name: 'Saved Name' });
    const orders = fakeOrders();
    await pay({ quote_id: quote.id, quote_key: quote.accessKey, customer_info: {} }, orders.deps);
    expect(orders.calls[0]!.customer).toEqual({ name: 'Saved Name', email: 'saved@example.co.za', phone: null });
  });

  it('makes no order when card payments are off or not set up', async () => {
    const quote = await insertQuote({ email: 'q@example.co.za' });
    const orders = fakeOrders();
    await expect(pay({ quote_id: quote.id, quote_key: quote.accessKey }, orders.deps, { PAYMENT_PROVIDER: 'none' })).rejects.toMatchObject({
      code: 'conflict',
    });
    await expect(
      pay({ quote_id: quote.id, quote_key: quote.accessKey }, orders.deps, { PAYMENT_PROVIDER: 'yoco', YOCO_SECRET_KEY: '' }),
    ).rejects.toMatchObject({
      code: 'not_configured',
    });
    expect(orders.calls).toHaveLength(0);
  });

  it('answers 409 when the order made from the quote is paid already', async () => {
    const paid = await insertOrder({ paymentStatus: 'paid' });
    const quote = await insertQuote({ email: 'q@example.co.za' });
    const error = await pay({ quote_id: quote.id, quote_key: quote.accessKey }, fakeOrders(paid).deps).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'conflict', status: 409, message: `Order ${paid.reference} is already paid.` });
  });
});
