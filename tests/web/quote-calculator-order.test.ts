import { describe, expect, it } from 'vitest';
import { orderSubmitSchema } from '@shared/orders-api';
import {
  attemptFor,
  buildOrderPayload,
  buildQuoteLine,
  canAddBlind,
  canOrderBlindNow,
  canSubmitOrder,
  confirmationPath,
  editSize,
  emptyBlindForm,
  EMPTY_CUSTOMER,
  MISSING_CUSTOMER_DETAILS,
  ORDER_FAILED_FALLBACK,
  ORDER_FAILED_TITLE,
  orderFailureDescription,
  parseAutoMeasurements,
  type BlindForm,
  type CustomerDetails,
  vatNumberProblem,
} from '../../web/src/features/quote/calculator-model';
import { parseQuoteBlinds } from '../../web/src/lib/quote-storage';
import { line } from './quote-fixtures';

const customer: CustomerDetails = {
  customer_name: '  Thandi Mokoena ',
  customer_email: 'thandi@example.co.za ',
  customer_phone: '082 555 0101',
  customer_address: '',
  special_instructions: '  Gate code 1234 ',
};

describe('the order (spec sections 3, 5, 7, 8)', () => {
  it("needs name, e-mail and phone ('Please fill in your name, email, and phone number.')", () => {
    const lines = [line()];
    expect(canSubmitOrder(customer, lines)).toBe(true);
    expect(canSubmitOrder({ ...customer, customer_name: ' ' }, lines)).toBe(false);
    expect(canSubmitOrder({ ...customer, customer_email: '' }, lines)).toBe(false);
    expect(canSubmitOrder({ ...customer, customer_phone: '' }, lines)).toBe(false);
    expect(canSubmitOrder(customer, [])).toBe(false);
    expect(canSubmitOrder({ ...EMPTY_CUSTOMER, customer_name: 'a', customer_email: 'b', customer_phone: 'c' }, lines)).toBe(true);
    expect(MISSING_CUSTOMER_DETAILS.description).toBe('Please fill in your name, email, and phone number.');
  });

  it("builds the spec's payload, which the server's schema accepts", () => {
    const lines = [
      line({ id: 'a', price: 1000.5, quantity: 2, total_price: 2001 }),
      line({ id: 'b', product_type: 'honeycomb-duotone', product_name: 'Honeycomb Blind - Duotone', price: 1700, total_price: 1700 }),
    ];
    const payload = buildOrderPayload(customer, lines);
    expect(payload).toEqual({
      customer_name: 'Thandi Mokoena',
      customer_email: 'thandi@example.co.za',
      customer_phone: '082 555 0101',
      customer_address: null,
      special_instructions: 'Gate code 1234',
      blinds: [
        {
          product_type: 'roller-blockout',
          product_name: 'Roller Blind - Blockout',
          width_mm: 900,
          drop_mm: 1200,
          control_side: 'left',
          mount_type: 'inside-recess',
          colour: 'Charcoal',
          quantity: 2,
          price: 1000.5,
          size_source: 'typed',
        },
        {
          product_type: 'honeycomb-duotone',
          product_name: 'Honeycomb Blind - Duotone',
          width_mm: 900,
          drop_mm: 1200,
          control_side: 'left',
          mount_type: 'inside-recess',
          colour: 'Charcoal',
          quantity: 1,
          price: 1700,
          size_source: 'typed',
        },
      ],
      total_amount: 3701,
    });
    expect(orderSubmitSchema.safeParse(payload).success).toBe(true);
  });

  it("maps 'VAT number (for a tax invoice, optional)' to customer_vat_number: only when given, as 10 digits", () => {
    const lines = [line()];
    expect(buildOrderPayload(customer, lines)).not.toHaveProperty('customer_vat_number');
    expect(buildOrderPayload({ ...customer, customer_vat_number: '  ' }, lines)).not.toHaveProperty('customer_vat_number');
    const payload = buildOrderPayload({ ...customer, customer_vat_number: ' 4123 456-789 ' }, lines);
    expect(payload.customer_vat_number).toBe('4123456789');
    expect(orderSubmitSchema.parse(payload).customer_vat_number).toBe('4123456789');
    expect(vatNumberProblem({ customer_vat_number: '4123 456 789' })).toBeNull();
    expect(vatNumberProblem({})).toBeNull();
    for (const wrong of ['5123456789', '412345678', '41234567890', '4123abc789']) {
      expect(vatNumberProblem({ customer_vat_number: wrong })).toBe(
        'VAT number must be a South African VAT number: 10 digits starting with 4.',
      );
      // A wrong number holds the order back until it is corrected or removed.
      expect(canSubmitOrder({ ...customer, customer_vat_number: wrong }, lines)).toBe(false);
    }
  });

  it('reuses the Idempotency-Key on a retry of the same attempt and makes a new one when the order changed', () => {
    let n = 0;
    const makeKey = () => `key-${++n}`;
    const first = attemptFor(null, '{"a":1}', makeKey);
    expect(first.key).toBe('key-1');
    expect(attemptFor(first, '{"a":1}', makeKey)).toBe(first);
    expect(attemptFor(first, '{"a":2}', makeKey).key).toBe('key-2');
  });

  it("says 'Order Submission Failed' with the server message or 'Please try again or contact support.'", () => {
    expect(ORDER_FAILED_TITLE).toBe('Order Submission Failed');
    expect(orderFailureDescription('Blind 2: colour not offered')).toBe('Blind 2: colour not offered');
    expect(orderFailureDescription(null)).toBe(ORDER_FAILED_FALLBACK);
    expect(orderFailureDescription('  ')).toBe('Please try again or contact support.');
  });

  it('goes to the confirmation page with the reference', () => {
    expect(confirmationPath('CB-ABCD2345XY')).toBe('/order-confirmation?ref=CB-ABCD2345XY');
  });
});

describe('measurements handed over by the measuring tools', () => {
  it('reads {width_mm, drop_mm} and ignores anything else', () => {
    expect(parseAutoMeasurements('{"width_mm":1450.4,"drop_mm":"1720"}')).toEqual({ width_mm: 1450, drop_mm: 1720 });
    expect(parseAutoMeasurements(null)).toBeNull();
    expect(parseAutoMeasurements('nope')).toBeNull();
    expect(parseAutoMeasurements('{"width_mm":0,"drop_mm":5}')).toBeNull();
  });
});

describe('an estimated size stays marked as one through the calculator and the order (DESIGN.md 7b)', () => {
  const estimatedJson = '{"width_mm":1450,"drop_mm":1720,"estimated":true}';
  const customer: CustomerDetails = {
    ...EMPTY_CUSTOMER,
    customer_name: 'Thandi',
    customer_email: 't@example.co.za',
    customer_phone: '082 555 0101',
  };
  const filled = (form: BlindForm): BlindForm => ({ ...form, productType: 'roller-blockout', colour: 'White' });
  const ok = { status: 'ok' as const, unitPrice: 1000, samplePrices: false };

  it('reads where a handed-over size came from: a scan without the A4 sheet and the polygon tool are estimates, a scan with it is not', () => {
    expect(parseAutoMeasurements(estimatedJson)).toEqual({ width_mm: 1450, drop_mm: 1720, estimated: true, size_source: 'scan-estimate' });
    expect(parseAutoMeasurements('{"width_mm":1450,"drop_mm":1720,"size_source":"polygon-estimate"}')).toEqual({
      width_mm: 1450,
      drop_mm: 1720,
      estimated: true,
      size_source: 'polygon-estimate',
    });
    expect(parseAutoMeasurements('{"width_mm":1450,"drop_mm":1720,"size_source":"scan-a4"}')).toEqual({
      width_mm: 1450,
      drop_mm: 1720,
      size_source: 'scan-a4',
    });
    expect(parseAutoMeasurements('{"width_mm":1450,"drop_mm":1720,"estimated":"yes","size_source":"guess"}')).toEqual({
      width_mm: 1450,
      drop_mm: 1720,
    });
    expect(emptyBlindForm(parseAutoMeasurements(estimatedJson))).toMatchObject({
      widthText: '1450',
      dropText: '1720',
      sizeSource: 'scan-estimate',
    });
    expect(emptyBlindForm(null).sizeSource).toBe('typed');
  });

  it("typing a width or drop makes the size the customer's own (typed)", () => {
    const form = filled(emptyBlindForm(parseAutoMeasurements(estimatedJson)));
    expect(editSize(form, { widthText: '1460' })).toMatchObject({ widthText: '1460', dropText: '1720', sizeSource: 'typed' });
    expect(editSize(form, { dropText: '1700' }).sizeSource).toBe('typed');
  });

  it('an estimated form adds a line marked as an estimate, and it may be ordered: the team confirms it before production', () => {
    const form = filled(emptyBlindForm(parseAutoMeasurements(estimatedJson)));
    expect(canAddBlind(form)).toBe(true);
    expect(buildQuoteLine(form, 1000, 'e1', [])).toMatchObject({ width_mm: 1450, drop_mm: 1720, size_source: 'scan-estimate' });
    expect(canOrderBlindNow(form, ok)).toBe(true);
    expect(buildQuoteLine(editSize(form, { widthText: '1450' }), 1000, 'e2', [])).toMatchObject({ size_source: 'typed' });
  });

  it("the order payload carries each line's size source to the server; a line without one is typed", () => {
    const lines = [line({ id: 'm' }), line({ id: 'e', width_mm: 1450, drop_mm: 1720, size_source: 'ar-typical' })];
    expect(canSubmitOrder(customer, lines)).toBe(true);
    expect(buildOrderPayload(customer, lines).blinds.map((l) => l.size_source)).toEqual(['typed', 'ar-typical']);
  });

  it('keeps the source across reloads (quote-blinds); a line kept with the earlier size_estimated flag is a scan estimate', () => {
    const stored = JSON.stringify([
      line({ id: 'e', size_source: 'walkthrough-estimate' }),
      { ...line({ id: 'x' }), size_source: 'maybe' },
      { ...line({ id: 'o' }), size_estimated: true },
      line({ id: 'c' }),
    ]);
    const [estimated, odd, old, plain] = parseQuoteBlinds(stored);
    expect(estimated).toMatchObject({ id: 'e', size_source: 'walkthrough-estimate' });
    expect(odd).not.toHaveProperty('size_source');
    expect(old).toMatchObject({ id: 'o', size_source: 'scan-estimate' });
    expect(old).not.toHaveProperty('size_estimated');
    expect(plain).not.toHaveProperty('size_source');
  });
});
