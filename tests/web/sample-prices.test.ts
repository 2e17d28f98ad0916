// The order and quote pages learn about sample prices from the server (DESIGN.md 6, 7b).
import { describe, expect, it } from 'vitest';
import { anyOnSamplePrices, sampleProductIds } from '../../web/src/features/orders/quote-document-model';
import { receiptFromOrder } from '../../web/src/features/orders/receipt-model';
import { parseSessionQuote, sessionQuoteFromDto } from '../../web/src/features/orders/stored-quote-model';
import type { OrderDto, StoredQuoteDto } from '@shared/orders-api';
import { pricedLine } from './orders-fixtures';

describe('sample prices on the quote and order pages', () => {
  it("the quote document reads the catalogue's sample flag under either product id", () => {
    const ids = sampleProductIds({
      roller: [{ id: 'roller-blockout', calculator_id: 'roller_blockout', sample_prices: true }],
      venetian: [{ id: 'venetian-50mm-aluminium', calculator_id: null, sample_prices: false }],
      last_updated: '2026-01-01',
    });
    expect([...ids].sort()).toEqual(['roller-blockout', 'roller_blockout']);
    expect(anyOnSamplePrices([{ product_type: 'roller_blockout' }], ids)).toBe(true);
    expect(anyOnSamplePrices([{ product_type: 'venetian-50mm-aluminium' }], ids)).toBe(false);
  });

  it('the receipt and the stored quote carry what the server said, and keep it in the session copy', () => {
    const order = {
      reference: 'CB-K7Q2M9X4PA',
      customer_name: 'T',
      customer_email: 't@example.co.za',
      customer_phone: null,
      customer_address: null,
      special_instructions: null,
      quote_id: null,
      blinds: [pricedLine({ sample_price: true })],
      subtotal: 1,
      vat: 0,
      total_amount: 1,
      total_cents: 100,
      paymentStatus: 'pending',
      paid_at: null,
      order_date: '2026-03-02',
      test_payment: false,
      sizes_to_confirm: false,
      sample_prices: true,
      card_payment_refused: true,
    } satisfies OrderDto;
    expect(receiptFromOrder(order)).toMatchObject({ samplePrices: true, cardPaymentRefused: true });
    expect(receiptFromOrder({ ...order, sample_prices: false, card_payment_refused: undefined })).toMatchObject({
      samplePrices: false,
      cardPaymentRefused: false,
    });

    const dto: StoredQuoteDto = {
      quote_id: 'CB-482913',
      quote_date: '2026-03-02',
      valid_until: '2026-04-01',
      customer_name: 'T',
      customer_email: null,
      customer_mobile: null,
      blinds: [pricedLine({ sample_price: true })],
      subtotal: 1,
      vat: 0,
      total_amount: 1,
      total_quantity: 1,
      order_reference: null,
      sizes_to_confirm: false,
      sample_prices: true,
      card_payment_refused: true,
    };
    const quote = sessionQuoteFromDto(dto, 'key');
    expect(quote).toMatchObject({ sample_prices: true, card_payment_refused: true });
    expect(parseSessionQuote(JSON.stringify(quote))).toMatchObject({ sample_prices: true, card_payment_refused: true });
  });
});
