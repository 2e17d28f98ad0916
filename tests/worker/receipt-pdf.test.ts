import { env } from 'cloudflare:test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { PAGE_HEIGHT, PAGE_WIDTH, winAnsiSafe, wrapText, type TextMetrics } from '../../worker/services/pdf-pages';
import { layoutReceipt, receiptPdf, type ReceiptBusiness } from '../../worker/services/receipt-pdf';
import type { OrderDto, PricedLineDto } from '../../worker/shared/orders-api';
import { get } from './helpers';
import { readBack } from './pdf-text';

const business: ReceiptBusiness = {
  name: 'Custom Blinds',
  phones: [
    { label: 'Garden Route', number: '044 555 0100' },
    { label: 'National', number: '021 555 0199' },
  ],
  whatsapp: '+27 82 555 0123',
  email: 'orders@example.co.za',
  website: 'https://blinds.example.co.za',
};

function line(n: number, overrides: Partial<PricedLineDto> = {}): PricedLineDto {
  return {
    line_no: n,
    product_type: 'roller-blockout',
    product_name: `Roller Blind - Blockout #${n}`,
    width_mm: 1200,
    drop_mm: 1500,
    control_side: 'left',
    mount_type: 'inside-recess',
    colour: 'Bedford Charcoal',
    quantity: 2,
    price: 1624,
    total_price: 3248,
    unit_price_cents: 162_400,
    total_cents: 324_800,
    price_list_version: 1,
    sample_price: false,
    size_source: 'typed',
    size_estimated: false,
    ...overrides,
  };
}

function order(overrides: Partial<OrderDto> = {}): OrderDto {
  const blinds = overrides.blinds ?? [line(1)];
  const totalCents = blinds.reduce((s, l) => s + l.total_cents, 0);
  const vatCents = Math.round((totalCents * 15) / 115);
  return {
    reference: 'CB-K7Q2M9X4PA',
    customer_name: 'Thandi Mokoena',
    customer_email: 'thandi@example.co.za',
    customer_phone: '082 555 0101',
    customer_address: '12 Marine Drive, Mossel Bay',
    special_instructions: 'Please call before delivery.',
    quote_id: null,
    blinds,
    subtotal: (totalCents - vatCents) / 100,
    vat: vatCents / 100,
    total_amount: totalCents / 100,
    total_cents: totalCents,
    paymentStatus: 'pending',
    paid_at: null,
    order_date: '2026-03-02T08:30:00.000Z',
    test_payment: false,
    sample_prices: blinds.some((l) => l.sample_price),
    sizes_to_confirm: false,
    ...overrides,
  };
}

describe('receiptPdf', () => {
  it('is a real A4 PDF with the reference, date, customer, lines, totals with VAT and the next steps', async () => {
    const bytes = await receiptPdf(order(), business);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const { pages, texts } = await readBack(bytes);
    expect(pages).toHaveLength(1);
    expect(pages[0]!.getWidth()).toBeCloseTo(PAGE_WIDTH, 1);
    expect(pages[0]!.getHeight()).toBeCloseTo(PAGE_HEIGHT, 1);
    // Wrapped cells come back one line per Tj: compare on the text joined by spaces.
    const text = texts[0]!.replace(/\u00a0/g, ' ').replace(/\n/g, ' ');
    for (const expected of [
      'Custom Blinds',
      'Receipt',
      'Reference: CB-K7Q2M9X4PA',
      'Date: 2 March 2026',
      'Thandi Mokoena',
      'thandi@example.co.za',
      '082 555 0101',
      'Please call before delivery.',
      'Roller Blind - Blockout #1',
      '1200 × 1500',
      'Bedford Charcoal',
      'Left control, Inside recess',
      'R 1 624,00',
      'R 3 248,00',
      'Subtotal (excl. VAT)',
      'R 2 824,35',
      'VAT (15%)',
      'R 423,65',
      'Total (incl. VAT)',
      'Pending payment',
      'Production takes 7-10 business days once your order is confirmed.',
      'Page 1 of 1',
      'National: 021 555 0199',
      'E-mail: orders@example.co.za',
    ]) {
      expect(text).toContain(expected);
    }
    expect(texts[0]).not.toMatch(/^Paid$/m);
  });

  it("lists a shutter's options where a blind's control and mount stand", async () => {
    const shutter = line(1, {
      product_name: 'Plantation Shutter - Basswood',
      options: [
        { group: 'louvre', group_label: 'Louvre size', code: '114mm', label: '114 mm', charge_cents: 45000 },
        { group: 'frame', group_label: 'Frame', code: 'z-frame', label: 'Z-frame', charge_cents: 95000 },
      ],
    });
    const { texts } = await readBack(await receiptPdf(order({ blinds: [shutter] }), business));
    const flat = texts.join('\n').replace(/\s+/g, ' ');
    expect(flat).toContain('Louvre size: 114 mm; Frame: Z-frame');
    expect(flat).not.toContain('Left control');
  });

  it("says 'Paid' with the payment date once the order is paid", async () => {
    const { texts } = await readBack(await receiptPdf(order({ paymentStatus: 'paid', paid_at: '2026-03-03T10:00:00.000Z' }), business));
    expect(texts[0]).toMatch(/^Paid$/m);
    expect(texts[0]).toContain('Paid on 3 March 2026');
    expect(texts[0]).not.toContain('Pending payment');
  });

  it("an order paid through the sandbox says 'Test payment: no money was taken'; a real payment does not", async () => {
    const test = await readBack(
      await receiptPdf(order({ paymentStatus: 'paid', paid_at: '2026-03-03T10:00:00.000Z', test_payment: true }), business),
    );
    expect(test.texts[0]).toMatch(/^Test payment: no money was taken$/m);
    const real = await readBack(await receiptPdf(order({ paymentStatus: 'paid', paid_at: '2026-03-03T10:00:00.000Z' }), business));
    expect(real.texts[0]).not.toContain('Test payment');
  });

  it("says 'Refunded' once the payment was refunded, not 'Paid' or 'Pending payment'", async () => {
    const { texts } = await readBack(await receiptPdf(order({ paymentStatus: 'refunded', paid_at: '2026-03-03T10:00:00.000Z' }), business));
    expect(texts[0]).toMatch(/^Refunded$/m);
    expect(texts[0]).toContain('The payment for this order was refunded.');
    expect(texts[0]).not.toMatch(/^Paid$/m);
    expect(texts[0]).not.toContain('Pending payment');
  });

  it('draws text the standard font cannot encode instead of failing: accents kept or simplified, the rest as ?', async () => {
    const tricky = order({
      customer_name: 'Zoë Nguyễn-Ťest 😀',
      customer_address: 'Ulica Łódzka 5\u202f/\u20097',
      blinds: [line(1, { colour: 'Crème – “Ivory”', product_name: 'Roller ✓ Blockout' })],
    });
    const { texts } = await readBack(await receiptPdf(tricky, business));
    expect(texts[0]).toContain('Zoë Nguyen-Test ?');
    expect(texts[0]!.replace(/\u00a0/g, ' ')).toContain('Ulica ?ódzka 5 / 7');
    expect(texts[0]!.replace(/\n/g, ' ')).toContain('Crème – “Ivory”');
    expect(texts[0]).toContain('Roller ? Blockout');
  });

  it('runs 300 lines onto several pages, repeating the table header and numbering every page', async () => {
    const blinds = Array.from({ length: 300 }, (_, i) => line(i + 1));
    const { pages, texts } = await readBack(await receiptPdf(order({ blinds }), business));
    expect(pages.length).toBeGreaterThan(5);
    texts.forEach((text, i) => expect(text).toContain(`Page ${i + 1} of ${pages.length}`));
    for (const text of texts.slice(1)) {
      expect(text).toContain('Receipt CB-K7Q2M9X4PA (continued)');
      // A page that carries lines carries the table header too.
      if (text.includes('Roller Blind')) expect(text).toMatch(/^Product$/m);
    }
    const all = texts.join('\n').replace(/\n/g, ' ');
    for (let n = 1; n <= 300; n++) expect(all).toMatch(new RegExp(`Roller Blind - Blockout #${n}(?!\\d)`));
    expect(texts.at(-1)).toContain('Total (incl. VAT)');
    expect(texts.at(-1)).toContain('What happens next');
  });
});

describe('layoutReceipt', () => {
  async function realMetrics(): Promise<TextMetrics> {
    const doc = await PDFDocument.create();
    const regular = await doc.embedFont(StandardFonts.Helvetica);
    const bold = await doc.embedFont(StandardFonts.HelveticaBold);
    const supported = new Set(regular.getCharacterSet());
    return { clean: (s) => winAnsiSafe(s, supported), width: (s, size, b) => (b ? bold : regular).widthOfTextAtSize(s, size) };
  }

  it('wraps a long product name inside its column and keeps every text on the page, above the footer margin', async () => {
    const metrics = await realMetrics();
    const longName = 'Venetian Blind - 50mm Aluwood with a very long bespoke description that cannot fit on one line of the table';
    const pages = layoutReceipt(order({ blinds: [line(1, { product_name: longName }), line(2)] }), business, metrics);
    const texts = pages[0]!.items.filter((i) => i.kind === 'text');
    const nameParts = texts.filter((t) => t.kind === 'text' && longName.includes(t.text) && t.text.length > 3);
    expect(nameParts.length).toBeGreaterThan(2);
    expect(nameParts.map((t) => (t.kind === 'text' ? t.text : '')).join(' ')).toBe(longName);
    for (const item of pages.flatMap((p) => p.items)) {
      if (item.kind !== 'text') continue;
      expect(item.x).toBeGreaterThanOrEqual(40);
      expect(item.x + metrics.width(item.text, item.size, item.bold)).toBeLessThanOrEqual(PAGE_WIDTH - 40);
      expect(item.y).toBeGreaterThan(30);
      expect(item.y).toBeLessThan(PAGE_HEIGHT - 40);
    }
  });

  it('wrapText breaks words longer than the width', async () => {
    const metrics = await realMetrics();
    const lines = wrapText('A'.repeat(80), 100, 9, false, metrics);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join('')).toBe('A'.repeat(80));
    for (const l of lines) expect(metrics.width(l, 9, false)).toBeLessThanOrEqual(100);
  });
});

async function insertOrder(reference: string, status: 'pending' | 'paid' = 'pending', provider: string | null = null) {
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO orders (reference, customer_name, customer_email, customer_phone, subtotal_cents, vat_cents, total_cents, payment_status, paid_at, payment_provider)
       VALUES (?, 'Pieter van Wyk', 'pieter@example.co.za', '082 123 4567', 282435, 42365, 324800, ?, ?, ?)`,
    ).bind(reference, status, status === 'paid' ? '2026-03-03T10:00:00.000Z' : null, provider),
    env.DB.prepare(
      `INSERT INTO order_lines (order_reference, line_no, product_id, product_name, width_mm, drop_mm, control_side, mount_type, colour, quantity, unit_price_cents, total_cents, price_list_version)
       VALUES (?, 1, 'roller-blockout', 'Roller Blind - Blockout', 1200, 1500, 'right', 'outside-facefix', 'Linen White', 2, 162400, 324800, 1)`,
    ).bind(reference),
  ]);
}

describe('GET /api/receipts/{reference}.pdf', () => {
  it("answers the server's order as a PDF attachment, never cached", async () => {
    await insertOrder('CB-RCPTTEST23', 'paid');
    const res = await get('/api/receipts/CB-RCPTTEST23.pdf', { 'CF-Connecting-IP': '198.51.100.41' });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/pdf');
    expect(res.headers.get('Content-Disposition')).toBe('attachment; filename="receipt-CB-RCPTTEST23.pdf"');
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const { texts } = await readBack(new Uint8Array(await res.arrayBuffer()));
    expect(texts[0]).toContain('Reference: CB-RCPTTEST23');
    expect(texts[0]).toContain('Pieter van Wyk');
    expect(texts[0]!.replace(/\n/g, ' ')).toContain('Right control, Outside (face fix)');
    expect(texts[0]).toContain('Paid on 3 March 2026');
  });

  it("an order paid through the sandbox gateway says 'Test payment: no money was taken' on its PDF", async () => {
    await insertOrder('CB-RCPTSBX234', 'paid', 'sandbox');
    await insertOrder('CB-RCPTYOC234', 'paid', 'yoco');
    const test = await readBack(
      new Uint8Array(await (await get('/api/receipts/CB-RCPTSBX234.pdf', { 'CF-Connecting-IP': '198.51.100.43' })).arrayBuffer()),
    );
    expect(test.texts[0]).toContain('Test payment: no money was taken');
    const real = await readBack(
      new Uint8Array(await (await get('/api/receipts/CB-RCPTYOC234.pdf', { 'CF-Connecting-IP': '198.51.100.43' })).arrayBuffer()),
    );
    expect(real.texts[0]).not.toContain('Test payment');
  });

  it.each([['CB-DOESNOTEXIST.pdf'], ['CB-RCPTTEST23.txt'], ['nope.pdf']])('answers 404 JSON for %s', async (file) => {
    const res = await get(`/api/receipts/${file}`, { 'CF-Connecting-IP': '198.51.100.42' });
    expect(res.status).toBe(404);
    expect(res.headers.get('Content-Type')).toContain('application/json');
    expect(await res.json()).toMatchObject({ success: false, error: 'not_found' });
  });
});
