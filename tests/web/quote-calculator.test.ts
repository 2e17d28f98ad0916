import { describe, expect, it } from 'vitest';
import type { ColourDto } from '@shared/catalogue-api';
import {
  buildQuoteLine,
  canAddBlind,
  canOrderBlindNow,
  COMPLETE_BLIND_CONFIGURATION,
  emptyBlindForm,
  lineTotal,
  livePriceFromAnswer,
  livePriceFromFailure,
  MISSING_INFORMATION,
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
} from '../../web/src/features/quote/calculator-model';
import { calculatorProductsOf, type CalculatorProduct } from '../../web/src/lib/calculator-products';
import { line } from './quote-fixtures';

const complete: BlindForm = {
  productType: 'venetian-aluminium-25mm',
  widthText: '1200',
  dropText: '1500',
  controlSide: 'right',
  mountType: 'outside-facefix',
  colour: 'Pure White',
  quantityText: '2',
};

const okAnswer = (price: number, sample = true) => ({
  success: true,
  quote: { success: true, price, total_price: price, sample_prices: sample },
});
const outOfRange = (contact: boolean, message = 'server says so') => ({
  success: false,
  error_type: 'out_of_range',
  message,
  contact_required: contact,
});

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
    expect(MISSING_INFORMATION).toEqual({
      title: 'Missing Information',
      description: 'Please complete all required fields including colour selection.',
    });
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
    expect(livePriceFromAnswer(outOfRange(true), 2450, 1500)).toMatchObject({
      title: 'Contact Team for Custom Made Orders',
      contactTeam: true,
    });
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
    expect(livePriceFromAnswer({ success: false, error_type: 'invalid', message: 'bad' }, 1000, 1000)).toMatchObject({
      title: 'Invalid Dimensions',
      description: 'bad',
    });
    expect(livePriceFromFailure({ kind: 'http', status: 404, message: "We do not have a price list for 'x'." })).toMatchObject({
      title: 'Invalid Dimensions',
      description: "We do not have a price list for 'x'.",
      retry: false,
    });
  });

  it("answers 'Failed to validate dimensions' when the check cannot reach the server", () => {
    expect(livePriceFromFailure({ kind: 'network' })).toMatchObject({ title: 'Failed to validate dimensions', retry: true });
    expect(livePriceFromFailure({ kind: 'http', status: 503, message: null })).toMatchObject({ title: 'Failed to validate dimensions' });
    expect(livePriceFromFailure({ kind: 'http', status: 429, message: 'slow down' })).toMatchObject({
      title: 'Failed to validate dimensions',
    });
  });

  it("answers 'Pricing Error' - 'Unable to calculate price for these dimensions.' for a zero price", () => {
    expect(livePriceFromAnswer(okAnswer(0), 1200, 1500)).toMatchObject({ status: 'problem', ...ZERO_PRICE });
    expect(ZERO_PRICE).toEqual({ title: 'Pricing Error', description: 'Unable to calculate price for these dimensions.' });
  });
});

describe('the price path messages (adding or ordering a line)', () => {
  it("answers 'Custom Size Required' for a width over 2500 or a drop over 3000", () => {
    expect(pricePathFromAnswer(outOfRange(true), 2501, 1500)).toMatchObject({
      ok: false,
      title: 'Custom Size Required',
      contactTeam: true,
    });
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
    expect(pricePathFromAnswer({ success: false, message: 'nope' }, 1000, 1000)).toMatchObject({
      ok: false,
      title: 'Pricing Error',
      description: 'nope',
    });
    expect(pricePathFromFailure({ kind: 'network' })).toMatchObject({ ok: false, title: 'Pricing Error' });
    expect(pricePathFromAnswer(okAnswer(0), 1000, 1000)).toEqual({
      ok: false,
      title: 'Pricing Error',
      description: 'Unable to calculate price for these dimensions.',
      contactTeam: false,
    });
  });

  it('gives the unit price of a good answer', () => {
    expect(pricePathFromAnswer(okAnswer(1499.99, false), 1000, 1000)).toEqual({ ok: true, unitPrice: 1499.99, samplePrices: false });
  });
});

describe('quote lines', () => {
  const products: CalculatorProduct[] = [{ value: 'venetian-aluminium-25mm', label: 'Venetian Blind - 25mm Aluminium', priced: true }];

  it('builds the line from the form with the product label and the total for the quantity', () => {
    expect(buildQuoteLine(complete, 1234.55, 'id-1', products)).toEqual({
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
    expect(buildQuoteLine({ ...complete, colour: null }, 100, 'x', products)).toBeNull();
    expect(buildQuoteLine(complete, 0, 'x', products)).toBeNull();
  });

  it('adds line totals to the cent', () => {
    expect(lineTotal(0.1, 3)).toBe(0.3);
    expect(lineTotal(1999.99, 7)).toBe(13999.93);
  });

  it("offers the catalogue's products with a calculator id, in catalogue order, priced or 'price on request'", () => {
    const item = (id: string, calculator_id: string | null, from_price: number | null) => ({
      id,
      name: `Name of ${id}`,
      calculator_id,
      description: '',
      from_price,
      from_size: null,
      sample_prices: false,
      colour_count: 0,
      swatches: [],
    });
    const catalog = {
      indoor_blinds: [item('roller-blockout', 'roller-blockout', 850), item('linen-roller', 'linen-roller', null)],
      indoor_shutters: [item('shutter-pvc', null, 4700)],
      outdoor_blinds: [{ ...item('outdoor-blinds', 'outdoor-blinds', 2600), sample_prices: true }],
      outdoor_shutters: [],
      outdoor_awnings: [],
      color_schemes: [],
      last_updated: null,
      sample_data_note: null,
    };
    expect(calculatorProductsOf(catalog)).toEqual([
      { value: 'roller-blockout', label: 'Name of roller-blockout', priced: true, samplePrices: false },
      { value: 'linen-roller', label: 'Name of linen-roller', priced: false, samplePrices: false },
      { value: 'outdoor-blinds', label: 'Name of outdoor-blinds', priced: true, samplePrices: true },
    ]);
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
  const list = [
    colour('With image', { imageUrl: '/media/a.png' }),
    colour('With path', { swatchPath: '/media/b.png' }),
    colour('Hex only'),
  ];

  it('shows only colours with an image or swatch path', () => {
    expect(swatchColours('roller-blockout', list).map((c) => c.name)).toEqual(['With image', 'With path']);
  });

  it('lets a hex value count for honeycomb products', () => {
    expect(swatchColours('honeycomb-duotone', list).map((c) => c.name)).toEqual(['With image', 'With path', 'Hex only']);
    expect(swatchColours('honeycomb-blockout', [colour('No hex', { hex: '' })])).toEqual([]);
  });
});
