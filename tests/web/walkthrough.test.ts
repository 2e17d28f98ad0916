import { describe, expect, it } from 'vitest';
import {
  appendQuoteLines,
  buildQuoteLines,
  leadProductInterest,
  leadSessionData,
  newWindow,
  nextStep,
  parseAutoMeasurements,
  parseMm,
  parseWindowCount,
  previousStep,
  priceKey,
  pricedWindow,
  pricingRequest,
  readPricingResponse,
  resizeWindows,
  roomTotals,
  typedSize,
  type PricedWindow,
  type PriceResult,
  type Step,
} from '../../web/src/features/walkthrough/walkthrough-model';

const venetian: PricedWindow = {
  productId: 'venetian-aluminium-25mm',
  colour: 'Pure White',
  widthMm: 1200,
  dropMm: 1500,
  mountType: 'inside-recess',
  controlSide: 'right',
  price: 1234.5,
  samplePrices: true,
  sizeSource: 'typed',
};
/** Its size is the measuring tool's prefill, left as it was: an estimate. */
const roller: PricedWindow = {
  ...venetian,
  productId: 'roller-blockout',
  colour: 'Charcoal',
  widthMm: 900,
  dropMm: 1200,
  mountType: 'outside-facefix',
  controlSide: 'left',
  price: 899.99,
  sizeSource: 'walkthrough-estimate',
};

describe('room set-up', () => {
  it('takes 1 to 8 windows', () => {
    expect(parseWindowCount('1')).toBe(1);
    expect(parseWindowCount('8')).toBe(8);
    expect(parseWindowCount('0')).toBeNull();
    expect(parseWindowCount('9')).toBeNull();
    expect(parseWindowCount('2.5')).toBeNull();
    expect(parseWindowCount('')).toBeNull();
  });

  it('keeps the windows already filled in when the count changes', () => {
    const first = { ...newWindow('/demo.jpg', 'roller-blockout'), colour: 'Charcoal' };
    const grown = resizeWindows([first], 3, () => newWindow('/demo.jpg', 'venetian-wood'));
    expect(grown).toHaveLength(3);
    expect(grown[0]).toBe(first);
    expect(grown[2]!.productId).toBe('venetian-wood');
    expect(resizeWindows(grown, 1, () => newWindow('/x', 'x'))).toEqual([first]);
  });

  it('prefills sizes from the measuring tools, and reads typed millimetres', () => {
    expect(parseAutoMeasurements('{"width_mm":1400,"drop_mm":1650}')).toEqual({ width_mm: 1400, drop_mm: 1650 });
    expect(parseAutoMeasurements('{"width_mm":"x"}')).toBeNull();
    expect(parseAutoMeasurements('not json')).toBeNull();
    expect(parseAutoMeasurements(null)).toBeNull();
    const w = newWindow('/demo.jpg', 'roller-blockout', { width_mm: 1400, drop_mm: 1650 });
    expect([w.widthText, w.dropText, w.mountType, w.controlSide]).toEqual(['1400', '1650', 'inside-recess', 'right']);
    // The prefill (the same size for every window) is an estimate until the customer types a size.
    expect(w.sizeSource).toBe('walkthrough-estimate');
    expect({ ...w, ...typedSize({ widthText: '1410' }) }).toMatchObject({ widthText: '1410', dropText: '1650', sizeSource: 'typed' });
    expect(newWindow('/demo.jpg', 'roller-blockout').widthText).toBe('');
    expect(newWindow('/demo.jpg', 'roller-blockout').sizeSource).toBe('typed');
    expect(parseMm('1200')).toBe(1200);
    expect(parseMm('1200.4')).toBe(1200);
    expect(parseMm('')).toBeNull();
    expect(parseMm('0')).toBeNull();
    expect(parseMm('-5')).toBeNull();
    expect(parseMm('abc')).toBeNull();
  });
});

describe('step navigation', () => {
  it('walks room, then each window photo -> blind -> preview, then the summary, and back again', () => {
    const forward: Step[] = [{ kind: 'room' }];
    for (let i = 0; i < 7; i++) forward.push(nextStep(forward.at(-1)!, 2));
    expect(forward).toEqual([
      { kind: 'room' },
      { kind: 'window', index: 0, stage: 'photo' },
      { kind: 'window', index: 0, stage: 'blind' },
      { kind: 'window', index: 0, stage: 'preview' },
      { kind: 'window', index: 1, stage: 'photo' },
      { kind: 'window', index: 1, stage: 'blind' },
      { kind: 'window', index: 1, stage: 'preview' },
      { kind: 'summary' },
    ]);
    expect(nextStep({ kind: 'summary' }, 2)).toEqual({ kind: 'summary' });
    const back: Step[] = [{ kind: 'summary' }];
    for (let i = 0; i < 7; i++) back.push(previousStep(back.at(-1)!, 2));
    expect(back).toEqual([...forward].reverse());
    expect(previousStep({ kind: 'room' }, 2)).toEqual({ kind: 'room' });
  });
});

describe('pricing answers (spec sections 7 and 8)', () => {
  it('asks for one blind of the calculator product', () => {
    expect(pricingRequest('roller-blockout', 900, 1200)).toEqual({
      width_mm: 900,
      drop_mm: 1200,
      product_type: 'roller-blockout',
      quantity: 1,
    });
  });

  it('reads the unit price and the sample flag', () => {
    expect(
      readPricingResponse({ success: true, quote: { success: true, price: 1234.5, total_price: 1234.5, sample_prices: true } }),
    ).toEqual({
      status: 'ok',
      price: 1234.5,
      samplePrices: true,
    });
    expect(readPricingResponse({ success: true, quote: { total_price: 80 } })).toMatchObject({
      status: 'ok',
      price: 80,
      samplePrices: false,
    });
  });

  it("says 'Contact Team for Custom Made Orders' when contact is required, else 'Size Too Small' with the message", () => {
    expect(readPricingResponse({ success: false, error_type: 'out_of_range', contact_required: true, message: 'Custom made.' })).toEqual({
      status: 'unavailable',
      title: 'Contact Team for Custom Made Orders',
      message: 'Custom made.',
      contactRequired: true,
    });
    expect(
      readPricingResponse({ success: false, error_type: 'out_of_range', contact_required: false, message: 'Smallest is 300 mm.' }),
    ).toMatchObject({
      title: 'Size Too Small',
      message: 'Smallest is 300 mm.',
    });
    expect(readPricingResponse({ success: false, message: 'width_mm must be more than 0 mm' })).toMatchObject({
      title: 'Invalid Dimensions',
    });
    expect(readPricingResponse({ success: true, quote: { price: 0 } })).toMatchObject({ title: 'Pricing Error' });
    expect(readPricingResponse(null)).toMatchObject({ status: 'unavailable' });
  });

  it('prices a window only when it is sized, coloured and priced', () => {
    const w = { ...newWindow('/demo.jpg', 'roller-blockout'), colour: 'Charcoal', widthText: '900', dropText: '1200' };
    const prices = new Map<string, PriceResult>([
      [priceKey('roller-blockout', 900, 1200), { status: 'ok', price: 899.99, samplePrices: false }],
    ]);
    expect(pricedWindow(w, prices)).toMatchObject({
      productId: 'roller-blockout',
      widthMm: 900,
      dropMm: 1200,
      price: 899.99,
      colour: 'Charcoal',
    });
    expect(pricedWindow({ ...w, colour: null }, prices)).toBeNull();
    expect(pricedWindow({ ...w, widthText: '' }, prices)).toBeNull();
    expect(pricedWindow({ ...w, widthText: '901' }, prices)).toBeNull();
    const refused = new Map<string, PriceResult>([
      [priceKey('roller-blockout', 900, 1200), { status: 'unavailable', title: 'x', message: 'y', contactRequired: true }],
    ]);
    expect(pricedWindow(w, refused)).toBeNull();
  });
});

describe('quote lines, totals and the lead', () => {
  it("builds the calculator's lines in the spec's blind-form shape", () => {
    let n = 0;
    const lines = buildQuoteLines([venetian, roller], () => `id-${++n}`);
    expect(lines).toEqual([
      {
        id: 'id-1',
        product_type: 'venetian-aluminium-25mm',
        product_name: 'Venetian aluminium 25mm',
        width_mm: 1200,
        drop_mm: 1500,
        control_side: 'right',
        mount_type: 'inside-recess',
        colour: 'Pure White',
        quantity: 1,
        price: 1234.5,
        total_price: 1234.5,
        size_source: 'typed',
      },
      {
        id: 'id-2',
        product_type: 'roller-blockout',
        product_name: 'Roller blockout',
        width_mm: 900,
        drop_mm: 1200,
        control_side: 'left',
        mount_type: 'outside-facefix',
        colour: 'Charcoal',
        quantity: 1,
        price: 899.99,
        total_price: 899.99,
        size_source: 'walkthrough-estimate',
      },
    ]);
  });

  it('appends to the lines already in the calculator', () => {
    const lines = buildQuoteLines([roller], () => 'new');
    expect(appendQuoteLines(JSON.stringify([{ id: 'old' }]), lines)).toEqual([{ id: 'old' }, lines[0]]);
    expect(appendQuoteLines(null, lines)).toEqual(lines);
    expect(appendQuoteLines('{"not":"a list"}', lines)).toEqual(lines);
    expect(appendQuoteLines('broken', lines)).toEqual(lines);
  });

  it('totals the room in cents, VAT (15%) included', () => {
    const totals = roomTotals(buildQuoteLines([venetian, roller], () => 'x'));
    expect(totals.total).toBe(2134.49);
    expect(totals.vat).toBe(278.41);
    expect(totals.exVat).toBe(1856.08);
    expect(roomTotals([{ total_price: 0.1 }, { total_price: 0.2 }]).total).toBe(0.3);
    expect(roomTotals([])).toEqual({ total: 0, vat: 0, exVat: 0 });
  });

  it("gives the lead the first window's blind and every window's size", () => {
    expect(leadSessionData([venetian, roller])).toEqual({
      blindType: 'venetian-aluminium-25mm',
      colour: 'Pure White',
      openingType: 'room walk-through',
      mountType: 'inside-recess',
      dimensions: [
        { width_mm: 1200, drop_mm: 1500, sizeSource: 'customer' },
        { width_mm: 900, drop_mm: 1200, sizeSource: 'estimated' },
      ],
    });
    expect(leadProductInterest(' Main bedroom ')).toBe('Room walk-through: Main bedroom');
  });
});
