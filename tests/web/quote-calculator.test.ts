import { describe, expect, it } from 'vitest';
import type { ColourDto } from '../../worker/shared/catalogue-api';
import { orderSubmitSchema } from '../../worker/shared/orders-api';
import {
  attemptFor,
  buildOrderPayload,
  buildQuoteLine,
  canAddBlind,
  canOrderBlindNow,
  canSubmitOrder,
  COMPLETE_BLIND_CONFIGURATION,
  confirmationPath,
  customerDetailsComplete,
  editSize,
  emptyBlindForm,
  EMPTY_CUSTOMER,
  lineTotal,
  livePriceFromAnswer,
  livePriceFromFailure,
  MISSING_CUSTOMER_DETAILS,
  MISSING_INFORMATION,
  ORDER_FAILED_FALLBACK,
  ORDER_FAILED_TITLE,
  orderFailureDescription,
  parseAutoMeasurements,
  parseMm,
  parseQuantity,
  priceCheckInput,
  pricePathFromAnswer,
  pricePathFromFailure,
  pricingRequest,
  removeLabel,
  removeLine,
  swatchColours,
  withServerPrices,
  ZERO_PRICE,
  type BlindForm,
  type CustomerDetails,
} from '../../web/src/features/quote/calculator-model';
import { CALCULATOR_PRODUCTS, parseQuoteBlinds, type QuoteLine } from '../../web/src/features/quote/quote-storage';

const complete: BlindForm = {
  productType: 'venetian-aluminium-25mm',
  widthText: '1200',
  dropText: '1500',
  controlSide: 'right',
  mountType: 'outside-facefix',
  colour: 'Pure White',
  quantityText: '2',
};

const okAnswer = (price: number, sample = true) => ({ success: true, quote: { success: true, price, total_price: price, sample_prices: sample } });
const outOfRange = (contact: boolean, message = 'server says so') => ({ success: false, error_type: 'out_of_range', message, contact_required: contact });

const line = (over: Partial<QuoteLine> = {}): QuoteLine => ({
  id: 'a',
  product_type: 'roller-blockout',
  product_name: 'Roller Blind - Blockout',
  width_mm: 900,
  drop_mm: 1200,
  control_side: 'left',
  mount_type: 'inside-recess',
  colour: 'Charcoal',
  quantity: 1,
  price: 1000,
  total_price: 1000,
  ...over,
});

const customer: CustomerDetails = {
  customer_name: '  Thandi Mokoena ',
  customer_email: 'thandi@example.co.za ',
  customer_phone: '082 555 0101',
  customer_address: '',
  special_instructions: '  Gate code 1234 ',
};

describe('the Add Blind form', () => {
  it('starts with quantity 1 and no product or colour, prefilled with handed-over measurements', () => {
    expect(emptyBlindForm(null)).toMatchObject({ productType: '', widthText: '', dropText: '', colour: null, quantityText: '1' });
    expect(emptyBlindForm({ width_mm: 1450, drop_mm: 1720 })).toMatchObject({ widthText: '1450', dropText: '1720' });
  });

  it('reads numeric millimetres and whole quantities from 1', () => {
    expect(parseMm('1200')).toBe(1200);
    expect(parseMm('1200.6')).toBe(1201);
    expect(parseMm('')).toBeNull();
    expect(parseMm('abc')).toBeNull();
    expect(parseMm('0')).toBeNull();
    expect(parseMm('-5')).toBeNull();
    expect(parseQuantity('1')).toBe(1);
    expect(parseQuantity('0')).toBeNull();
    expect(parseQuantity('1.5')).toBeNull();
    expect(parseQuantity('101')).toBeNull();
  });

  it('runs the price check only when product, width and drop are all set', () => {
    expect(priceCheckInput(complete)).toEqual({ productType: 'venetian-aluminium-25mm', widthMm: 1200, dropMm: 1500 });
    expect(priceCheckInput({ ...complete, productType: '' })).toBeNull();
    expect(priceCheckInput({ ...complete, widthText: '' })).toBeNull();
    expect(priceCheckInput({ ...complete, dropText: 'x' })).toBeNull();
    // colour is not needed to see a price
    expect(priceCheckInput({ ...complete, colour: null })).not.toBeNull();
  });

  it('sends the calculator id with quantity 1 to the pricing API', () => {
    expect(pricingRequest({ productType: 'verticals-blockout', widthMm: 1800, dropMm: 2100 })).toEqual({
      width_mm: 1800,
      drop_mm: 2100,
      product_type: 'verticals-blockout',
      quantity: 1,
    });
  });

  it('enables Add only with product, width, drop and colour', () => {
    expect(canAddBlind(complete)).toBe(true);
    expect(canAddBlind({ ...complete, productType: '' })).toBe(false);
    expect(canAddBlind({ ...complete, widthText: '' })).toBe(false);
    expect(canAddBlind({ ...complete, dropText: '' })).toBe(false);
    expect(canAddBlind({ ...complete, colour: null })).toBe(false);
    expect(canAddBlind({ ...complete, quantityText: '0' })).toBe(false);
    expect(MISSING_INFORMATION).toEqual({ title: 'Missing Information', description: 'Please complete all required fields including colour selection.' });
  });

  it("allows 'Order This Blind Now' only with the four fields and a price above 0", () => {
    const ok = livePriceFromAnswer(okAnswer(950), 1200, 1500);
    expect(canOrderBlindNow(complete, ok)).toBe(true);
    expect(canOrderBlindNow(complete, null)).toBe(false);
    expect(canOrderBlindNow({ ...complete, colour: null }, ok)).toBe(false);
    expect(canOrderBlindNow(complete, livePriceFromAnswer(okAnswer(0), 1200, 1500))).toBe(false);
    expect(COMPLETE_BLIND_CONFIGURATION.title).toBe('Complete Blind Configuration');
  });
});

describe('the live price check messages (spec section 8)', () => {
  it('shows the server unit price and whether it is a sample price', () => {
    expect(livePriceFromAnswer(okAnswer(1234.5), 1200, 1500)).toEqual({ status: 'ok', unitPrice: 1234.5, samplePrices: true });
    expect(livePriceFromAnswer(okAnswer(99, false), 1200, 1500)).toMatchObject({ samplePrices: false });
  });

  it("answers 'Contact Team for Custom Made Orders' for out_of_range over 3000 mm, with the team contact", () => {
    for (const [w, d] of [
      [3001, 1500],
      [1200, 3200],
    ] as const) {
      const result = livePriceFromAnswer(outOfRange(true, 'Blinds wider or longer than 3000 mm are custom made.'), w, d);
      expect(result).toMatchObject({ status: 'problem', title: 'Contact Team for Custom Made Orders', contactTeam: true });
    }
    // The flag alone decides it when the server says the product is not made that large.
    expect(livePriceFromAnswer(outOfRange(true), 2450, 1500)).toMatchObject({ title: 'Contact Team for Custom Made Orders', contactTeam: true });
  });

  it("answers 'Size Too Small' with the server message or a re-enter hint", () => {
    expect(livePriceFromAnswer(outOfRange(false, 'The smallest blind we make is 600 mm wide.'), 200, 200)).toMatchObject({
      title: 'Size Too Small',
      description: 'The smallest blind we make is 600 mm wide.',
      contactTeam: false,
    });
    expect(livePriceFromAnswer({ success: false, error_type: 'out_of_range' }, 200, 200)).toMatchObject({
      title: 'Size Too Small',
      description: 'Please check your measurements and re-enter them.',
    });
  });

  it("answers 'Invalid Dimensions' for any other failed pricing", () => {
    expect(livePriceFromAnswer({ success: false, error_type: 'invalid', message: 'bad' }, 1000, 1000)).toMatchObject({ title: 'Invalid Dimensions', description: 'bad' });
    expect(livePriceFromFailure({ kind: 'http', status: 404, message: "We do not have a price list for 'x'." })).toMatchObject({
      title: 'Invalid Dimensions',
      description: "We do not have a price list for 'x'.",
      retry: false,
    });
  });

  it("answers 'Failed to validate dimensions' when the check cannot reach the server", () => {
    expect(livePriceFromFailure({ kind: 'network' })).toMatchObject({ title: 'Failed to validate dimensions', retry: true });
    expect(livePriceFromFailure({ kind: 'http', status: 503, message: null })).toMatchObject({ title: 'Failed to validate dimensions' });
    expect(livePriceFromFailure({ kind: 'http', status: 429, message: 'slow down' })).toMatchObject({ title: 'Failed to validate dimensions' });
  });

  it("answers 'Pricing Error' - 'Unable to calculate price for these dimensions.' for a zero price", () => {
    expect(livePriceFromAnswer(okAnswer(0), 1200, 1500)).toMatchObject({ status: 'problem', ...ZERO_PRICE });
    expect(ZERO_PRICE).toEqual({ title: 'Pricing Error', description: 'Unable to calculate price for these dimensions.' });
  });
});

describe('the price path messages (adding or ordering a line)', () => {
  it("answers 'Custom Size Required' for a width over 2500 or a drop over 3000", () => {
    expect(pricePathFromAnswer(outOfRange(true), 2501, 1500)).toMatchObject({ ok: false, title: 'Custom Size Required', contactTeam: true });
    expect(pricePathFromAnswer(outOfRange(true), 1200, 3001)).toMatchObject({ ok: false, title: 'Custom Size Required' });
  });

  it("answers 'Size Not Available' for other out-of-size answers", () => {
    expect(pricePathFromAnswer(outOfRange(true, 'The largest Honeycomb we make is 2400 mm wide.'), 2450, 1500)).toMatchObject({
      ok: false,
      title: 'Size Not Available',
      description: 'The largest Honeycomb we make is 2400 mm wide.',
    });
    expect(pricePathFromAnswer(outOfRange(false), 100, 100)).toMatchObject({ ok: false, title: 'Size Not Available', contactTeam: false });
  });

  it("answers 'Pricing Error' for other errors and a zero price", () => {
    expect(pricePathFromAnswer({ success: false, message: 'nope' }, 1000, 1000)).toMatchObject({ ok: false, title: 'Pricing Error', description: 'nope' });
    expect(pricePathFromFailure({ kind: 'network' })).toMatchObject({ ok: false, title: 'Pricing Error' });
    expect(pricePathFromAnswer(okAnswer(0), 1000, 1000)).toEqual({ ok: false, title: 'Pricing Error', description: 'Unable to calculate price for these dimensions.', contactTeam: false });
  });

  it('gives the unit price of a good answer', () => {
    expect(pricePathFromAnswer(okAnswer(1499.99, false), 1000, 1000)).toEqual({ ok: true, unitPrice: 1499.99, samplePrices: false });
  });
});

describe('quote lines', () => {
  it('builds the line from the form with the product label and the total for the quantity', () => {
    expect(buildQuoteLine(complete, 1234.55, 'id-1')).toEqual({
      id: 'id-1',
      product_type: 'venetian-aluminium-25mm',
      product_name: 'Venetian Blind - 25mm Aluminium',
      width_mm: 1200,
      drop_mm: 1500,
      control_side: 'right',
      mount_type: 'outside-facefix',
      colour: 'Pure White',
      quantity: 2,
      price: 1234.55,
      total_price: 2469.1,
      size_source: 'typed',
    });
    expect(buildQuoteLine({ ...complete, colour: null }, 100, 'x')).toBeNull();
    expect(buildQuoteLine(complete, 0, 'x')).toBeNull();
  });

  it('adds line totals to the cent', () => {
    expect(lineTotal(0.1, 3)).toBe(0.3);
    expect(lineTotal(1999.99, 7)).toBe(13999.93);
  });

  it('offers the 13 calculator products', () => {
    expect(CALCULATOR_PRODUCTS).toHaveLength(13);
  });

  it('removes one line by id and names its remove button', () => {
    const lines = [line({ id: 'a' }), line({ id: 'b', width_mm: 600 })];
    expect(removeLine(lines, 'a').map((l) => l.id)).toEqual(['b']);
    expect(removeLabel(lines[1]!)).toBe('Remove Roller Blind - Blockout 600 x 1200');
  });

  it("takes the server's current unit price for stored lines, keeping lines it could not price", () => {
    const stored = [line({ id: 'a', price: 900, total_price: 1800, quantity: 2 }), line({ id: 'b' })];
    const { lines, changed } = withServerPrices(stored, new Map([['a', 950.5]]));
    expect(changed).toBe(1);
    expect(lines[0]).toMatchObject({ price: 950.5, total_price: 1901 });
    expect(lines[1]).toBe(stored[1]);
    expect(withServerPrices(stored, new Map([['a', 900]])).changed).toBe(0);
  });
});

describe('colour swatches (spec section 5)', () => {
  const colour = (name: string, over: Partial<ColourDto> = {}): ColourDto => ({
    name,
    hex: '#FFFFFF',
    material: 'm',
    finish: 'f',
    description: '',
    imageUrl: null,
    swatchPath: null,
    ...over,
  });
  const list = [colour('With image', { imageUrl: '/media/a.png' }), colour('With path', { swatchPath: '/media/b.png' }), colour('Hex only')];

  it('shows only colours with an image or swatch path', () => {
    expect(swatchColours('roller-blockout', list).map((c) => c.name)).toEqual(['With image', 'With path']);
  });

  it('lets a hex value count for honeycomb products', () => {
    expect(swatchColours('honeycomb-duotone', list).map((c) => c.name)).toEqual(['With image', 'With path', 'Hex only']);
    expect(swatchColours('honeycomb-blockout', [colour('No hex', { hex: '' })])).toEqual([]);
  });
});

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
    const lines = [line({ id: 'a', price: 1000.5, quantity: 2, total_price: 2001 }), line({ id: 'b', product_type: 'honeycomb-duotone', product_name: 'Honeycomb Blind - Duotone', price: 1700, total_price: 1700 })];
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
  const customer: CustomerDetails = { ...EMPTY_CUSTOMER, customer_name: 'Thandi', customer_email: 't@example.co.za', customer_phone: '082 555 0101' };
  const filled = (form: BlindForm): BlindForm => ({ ...form, productType: 'roller-blockout', colour: 'White' });
  const ok = { status: 'ok' as const, unitPrice: 1000, samplePrices: false };

  it('reads where a handed-over size came from: a scan without the A4 sheet and the polygon tool are estimates, a scan with it is not', () => {
    expect(parseAutoMeasurements(estimatedJson)).toEqual({ width_mm: 1450, drop_mm: 1720, estimated: true, size_source: 'scan-estimate' });
    expect(parseAutoMeasurements('{"width_mm":1450,"drop_mm":1720,"size_source":"polygon-estimate"}')).toEqual({ width_mm: 1450, drop_mm: 1720, estimated: true, size_source: 'polygon-estimate' });
    expect(parseAutoMeasurements('{"width_mm":1450,"drop_mm":1720,"size_source":"scan-a4"}')).toEqual({ width_mm: 1450, drop_mm: 1720, size_source: 'scan-a4' });
    expect(parseAutoMeasurements('{"width_mm":1450,"drop_mm":1720,"estimated":"yes","size_source":"guess"}')).toEqual({ width_mm: 1450, drop_mm: 1720 });
    expect(emptyBlindForm(parseAutoMeasurements(estimatedJson))).toMatchObject({ widthText: '1450', dropText: '1720', sizeSource: 'scan-estimate' });
    expect(emptyBlindForm(null).sizeSource).toBe('typed');
  });

  it('typing a width or drop makes the size the customer\'s own (typed)', () => {
    const form = filled(emptyBlindForm(parseAutoMeasurements(estimatedJson)));
    expect(editSize(form, { widthText: '1460' })).toMatchObject({ widthText: '1460', dropText: '1720', sizeSource: 'typed' });
    expect(editSize(form, { dropText: '1700' }).sizeSource).toBe('typed');
  });

  it('an estimated form adds a line marked as an estimate, and it may be ordered: the team confirms it before production', () => {
    const form = filled(emptyBlindForm(parseAutoMeasurements(estimatedJson)));
    expect(canAddBlind(form)).toBe(true);
    expect(buildQuoteLine(form, 1000, 'e1')).toMatchObject({ width_mm: 1450, drop_mm: 1720, size_source: 'scan-estimate' });
    expect(canOrderBlindNow(form, ok)).toBe(true);
    expect(buildQuoteLine(editSize(form, { widthText: '1450' }), 1000, 'e2')).toMatchObject({ size_source: 'typed' });
  });

  it('the order payload carries each line\'s size source to the server; a line without one is typed', () => {
    const lines = [line({ id: 'm' }), line({ id: 'e', width_mm: 1450, drop_mm: 1720, size_source: 'ar-typical' })];
    expect(canSubmitOrder(customer, lines)).toBe(true);
    expect(buildOrderPayload(customer, lines).blinds.map((l) => l.size_source)).toEqual(['typed', 'ar-typical']);
  });

  it('keeps the source across reloads (quote-blinds); a line kept with the earlier size_estimated flag is a scan estimate', () => {
    const stored = JSON.stringify([line({ id: 'e', size_source: 'walkthrough-estimate' }), { ...line({ id: 'x' }), size_source: 'maybe' }, { ...line({ id: 'o' }), size_estimated: true }, line({ id: 'c' })]);
    const [estimated, odd, old, plain] = parseQuoteBlinds(stored);
    expect(estimated).toMatchObject({ id: 'e', size_source: 'walkthrough-estimate' });
    expect(odd).not.toHaveProperty('size_source');
    expect(old).toMatchObject({ id: 'o', size_source: 'scan-estimate' });
    expect(old).not.toHaveProperty('size_estimated');
    expect(plain).not.toHaveProperty('size_source');
  });
});
