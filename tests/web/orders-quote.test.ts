import { describe, expect, it } from 'vitest';
import { areaSqm, formatArea, formatMetres } from '../../web/src/features/orders/orders-model';
import {
  consultationLeadBody,
  contactErrors,
  hasPaymentContact,
  parseSessionQuote,
  paymentRequestForQuote,
  quoteLoadPlan,
  quoteProductRows,
  sessionQuoteFromDto,
  type SessionQuote,
} from '../../web/src/features/orders/stored-quote-model';
import { paymentCreateSchema, type StoredQuoteDto } from '@shared/orders-api';
import { leadCaptureSchema } from '@shared/schemas';
import { pricedLine } from './orders-fixtures';

const nbsp = (s: string) => s.replace(/\u00a0/g, ' ');

function storedQuote(overrides: Partial<StoredQuoteDto> = {}): StoredQuoteDto {
  return {
    quote_id: 'CB-482913',
    quote_date: '2026-03-02',
    valid_until: '2026-04-01T00:00:00.000Z',
    customer_name: 'Thandi Mokoena',
    customer_email: 'thandi@example.co.za',
    customer_mobile: '082 555 0101',
    blinds: [
      pricedLine(),
      pricedLine({
        line_no: 2,
        product_name: 'Venetian Blind - 50mm Aluwood',
        width_mm: 900,
        drop_mm: 1100,
        quantity: 1,
        total_price: 2100,
      }),
    ],
    subtotal: 4650.43,
    vat: 697.57,
    total_amount: 5348,
    total_quantity: 3,
    sizes_to_confirm: false,
    order_reference: null,
    sample_prices: false,
    card_payment_refused: false,
    ...overrides,
  };
}

describe('metres and area (staff spec 2.1: metres to 2 decimals, area in m²)', () => {
  it.each([
    [1200, '1,20 m'],
    [1234, '1,23 m'],
    [905, '0,91 m'],
    [3000, '3,00 m'],
  ])('%i mm is %s', (mm, text) => expect(formatMetres(mm)).toBe(text));

  it('area is width x height / 1,000,000, shown with 2 decimals', () => {
    expect(areaSqm(1200, 1500)).toBeCloseTo(1.8, 10);
    expect(formatArea(areaSqm(1200, 1500))).toBe('1,80 m²');
    expect(formatArea(areaSqm(905, 1333))).toBe('1,21 m²');
  });
});

describe('sessionQuoteFromDto: the server quote in the session Quote shape', () => {
  it("maps to the staff spec's fields: online, totals, first line's measurements, contact, lines and key", () => {
    const quote = sessionQuoteFromDto(storedQuote(), 'k3y');
    expect(quote).toMatchObject({
      quote_id: 'CB-482913',
      product_name: 'Roller Blind - Blockout, Venetian Blind - 50mm Aluwood',
      service_type: 'online',
      total: 5348,
      subtotal: 4650.43,
      vat: 697.57,
      valid_until: '2026-04-01T00:00:00.000Z',
      measurements: { opening_width_mm: 1200, opening_height_mm: 1500, area_sqm: 1.8 },
      customer_info: { name: 'Thandi Mokoena', email: 'thandi@example.co.za', phone: '082 555 0101', location: '' },
      key: 'k3y',
      order_reference: null,
    });
    expect(quote.pricing_note).toContain('15% VAT');
    expect(quote.lines).toHaveLength(2);
    expect(quote.lines[1]).toMatchObject({
      product_name: 'Venetian Blind - 50mm Aluwood',
      width_mm: 900,
      drop_mm: 1100,
      quantity: 1,
      total_price: 2100,
    });
  });

  it("treats the business's placeholders ('Walk-in Customer', 'Not provided') as no contact details", () => {
    const quote = sessionQuoteFromDto(
      storedQuote({ customer_name: 'Walk-in Customer', customer_email: 'Not provided', customer_mobile: 'Not provided' }),
      'k',
    );
    expect(quote.customer_info).toEqual({ name: '', email: '', phone: '', location: '' });
    expect(hasPaymentContact(quote.customer_info)).toBe(false);
  });

  it('keeps details the customer already typed for the same quote, not for another one', () => {
    const first = sessionQuoteFromDto(storedQuote({ customer_name: 'Walk-in Customer', customer_email: null }), 'k');
    const typed: SessionQuote = {
      ...first,
      customer_info: { name: 'Pieter', email: 'pieter@example.co.za', phone: '', location: 'George' },
    };
    expect(sessionQuoteFromDto(storedQuote({ customer_name: 'Walk-in Customer', customer_email: null }), 'k', typed).customer_info).toEqual(
      {
        name: 'Pieter',
        email: 'pieter@example.co.za',
        phone: '082 555 0101',
        location: 'George',
      },
    );
    expect(sessionQuoteFromDto(storedQuote({ quote_id: 'CB-111111' }), 'k', typed).customer_info.name).toBe('Thandi Mokoena');
  });

  it('survives the session storage round trip, and reads a quote stored in the spec shape alone', () => {
    const quote = sessionQuoteFromDto(storedQuote({ order_reference: 'CB-ABCDEFGH12' }), 'k3y');
    expect(parseSessionQuote(JSON.stringify(quote))).toEqual(quote);

    const specOnly = parseSessionQuote(
      JSON.stringify({
        quote_id: 'Q-1',
        product_name: 'Roller Blind - Sheer',
        service_type: 'garden_route',
        total: 1150,
        measurements: { opening_width_mm: 1000, opening_height_mm: 1200 },
        customer_info: { name: 'Ann' },
      }),
    )!;
    expect(specOnly).toMatchObject({
      service_type: 'garden_route',
      vat: 150,
      subtotal: 1000,
      lines: [],
      key: null,
      customer_info: { name: 'Ann', email: '' },
    });
    expect(quoteProductRows(specOnly)).toEqual([
      { key: 'quote', name: 'Roller Blind - Sheer', width: '1,00 m', height: '1,20 m', area: '1,20 m²', quantity: 1, colour: '' },
    ]);
  });

  it.each([[null], ['not json'], ['{"total": 10}'], ['{"quote_id": "CB-1"}'], ['[]']])('reads nothing from %j', (json) => {
    expect(parseSessionQuote(json)).toBeNull();
  });

  it('lists product details per line in metres', () => {
    const rows = quoteProductRows(sessionQuoteFromDto(storedQuote(), 'k'));
    expect(rows.map((r) => [r.name, r.width, r.height, r.area, r.quantity])).toEqual([
      ['Roller Blind - Blockout', '1,20 m', '1,50 m', '1,80 m²', 2],
      ['Venetian Blind - 50mm Aluwood', '0,90 m', '1,10 m', '0,99 m²', 1],
    ]);
  });
});

describe('quoteLoadPlan', () => {
  const stored = sessionQuoteFromDto(storedQuote(), 'k');
  it('reads from the server when quote_id and key are given', () => {
    expect(quoteLoadPlan('CB-482913', 'abc', stored)).toEqual({ kind: 'fetch', quoteId: 'CB-482913', key: 'abc' });
  });
  it('uses the session quote for the same quote_id without a key; another quote_id is not found', () => {
    expect(quoteLoadPlan('CB-482913', null, stored)).toEqual({ kind: 'stored', quote: stored });
    expect(quoteLoadPlan('CB-999999', null, stored)).toEqual({ kind: 'not-found' });
    expect(quoteLoadPlan('CB-999999', '', null)).toEqual({ kind: 'not-found' });
  });
  it('without quote_id: the session quote, or home when there is none', () => {
    expect(quoteLoadPlan(null, null, stored)).toEqual({ kind: 'stored', quote: stored });
    expect(quoteLoadPlan(null, null, null)).toEqual({ kind: 'home' });
  });
});

describe('contact details and payment', () => {
  it('needs name and e-mail to pay', () => {
    expect(hasPaymentContact({ name: 'A', email: '', phone: '', location: '' })).toBe(false);
    expect(hasPaymentContact({ name: ' ', email: 'a@b.co', phone: '', location: '' })).toBe(false);
    expect(hasPaymentContact({ name: 'A', email: 'a@b.co', phone: '', location: '' })).toBe(true);
  });

  it('names the missing or wrong fields', () => {
    expect(contactErrors({ name: '', email: '', phone: '', location: '' })).toEqual({
      name: 'Please enter your full name.',
      email: 'Please enter your email address.',
    });
    expect(contactErrors({ name: 'A', email: 'nope', phone: '', location: '' })).toEqual({ email: 'Please enter a valid email address.' });
    expect(contactErrors({ name: 'A', email: 'a@b.co.za', phone: '', location: '' })).toEqual({});
  });

  it('asks the server to pay a stored quote with its key and the customer, in the shape the server validates', () => {
    const quote: SessionQuote = {
      ...sessionQuoteFromDto(storedQuote(), 'k3y'),
      customer_info: { name: ' Thandi ', email: 'thandi@example.co.za ', phone: '', location: 'Knysna' },
    };
    const body = paymentRequestForQuote(quote);
    expect(body).toEqual({
      quote_id: 'CB-482913',
      quote_key: 'k3y',
      customer_info: { name: 'Thandi', email: 'thandi@example.co.za', phone: '', location: 'Knysna' },
      amount: 5348,
      product_name: 'Roller Blind - Blockout, Venetian Blind - 50mm Aluwood',
    });
    expect(paymentCreateSchema.safeParse(body).success).toBe(true);
  });

  it('a Garden Route consultation is a lead with source quote_consultation, the products, and the quote id and total in the notes', () => {
    const quote = sessionQuoteFromDto(storedQuote(), 'k');
    const body = consultationLeadBody(quote, { name: 'Thandi', email: 'thandi@example.co.za', phone: '', location: 'Knysna' });
    expect(body).toMatchObject({
      source: 'quote_consultation',
      phone: null,
      location: 'Knysna',
      popiaConsent: true,
      productInterest: 'Roller Blind - Blockout, Venetian Blind - 50mm Aluwood',
    });
    expect(nbsp(body.notes)).toBe('Garden Route consultation requested for quote CB-482913 (total R 5 348,00 incl. VAT).');
    expect(body.sessionData.dimensions).toEqual([
      { width_mm: 1200, drop_mm: 1500, quantity: 2, sizeSource: 'customer' },
      { width_mm: 900, drop_mm: 1100, quantity: 1, sizeSource: 'customer' },
    ]);
    expect(leadCaptureSchema.safeParse(body).success).toBe(true);
  });
});
