// The fit guarantee (the /fit-guarantee page's terms, shared/fit-guarantee.ts): which lines are
// covered, staff confirming a size from the customer's photo (kept with the original measurement,
// actor and time, in the confirmation's batch), remakes claimed against lines, and the dashboard's
// figures of what the guarantee costs. No client can claim coverage or a staff confirmation.
import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:test';
import { coloursForProduct } from '../../worker/services/catalog';
import { orderFromQuote } from '../../worker/services/order-from-quote';
import { dashboardFigures } from '../../worker/services/staff/dashboard';
import { fitGuaranteeOf } from '../../worker/shared/fit-guarantee';
import { get, postJson } from './helpers';
import { auditOf, call, correct, emailsAbout, ip, move, useStaffWrites } from './admin-orders-write-fixtures';

useStaffWrites();

let photoCounter = 0;
/** A photo scan's key whose photo is in R2, as POST /api/ar/analyze-window leaves it. */
async function storedPhoto(): Promise<string> {
  const key = `windows/fit-test/${1_764_000_000_000 + photoCounter++}.jpg`;
  await env.MEDIA.put(key, new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), { httpMetadata: { contentType: 'image/jpeg' } });
  return key;
}

async function order(line: Record<string, unknown>): Promise<{ status: number; ref: string; body: any }> {
  const colour = (await coloursForProduct(env.DB, 'roller-blockout')).colours[0]!.name;
  const res = await postJson(
    '/api/orders/submit',
    {
      customer_name: 'Lindiwe Dube',
      customer_email: `lindiwe${photoCounter++}@example.co.za`,
      customer_phone: '082 555 0199',
      blinds: [{ product_type: 'roller-blockout', width_mm: 1200, drop_mm: 1500, colour, quantity: 1, ...line }],
    },
    { 'CF-Connecting-IP': ip() },
  );
  const body = await res.json<any>();
  return { status: res.status, ref: body.order?.reference, body };
}

describe('fitGuaranteeOf: which lines the guarantee covers', () => {
  it('covers an A4 scan or a polygon from a real size, with its photo, once staff confirmed it from the photo', () => {
    expect(fitGuaranteeOf({ measuredSource: 'scan-a4', hasPhoto: true, photoConfirmed: true })).toBe('covered');
    expect(fitGuaranteeOf({ measuredSource: 'polygon-known', hasPhoto: true, photoConfirmed: true })).toBe('covered');
    expect(fitGuaranteeOf({ measuredSource: 'scan-a4', hasPhoto: true, photoConfirmed: false })).toBe('pending');
    expect(fitGuaranteeOf({ measuredSource: 'polygon-known', hasPhoto: true, photoConfirmed: false })).toBe('pending');
  });
  it('never covers a typed size, an estimate, a staff measurement or a line without its photo', () => {
    for (const source of ['typed', 'polygon-estimate', 'scan-estimate', 'walkthrough-estimate', 'ar-typical', 'staff-confirmed', null])
      expect(fitGuaranteeOf({ measuredSource: source, hasPhoto: true, photoConfirmed: true })).toBeNull();
    expect(fitGuaranteeOf({ measuredSource: 'scan-a4', hasPhoto: false, photoConfirmed: true })).toBeNull();
  });
});

describe('orders: the guarantee on each line, computed by the server', () => {
  it('an A4-scanned line with its photo is pending until staff confirm it from the photo, then covered', async () => {
    const placed = await order({ size_source: 'scan-a4', photo_key: await storedPhoto() });
    expect(placed.status).toBe(201);
    const ref = placed.ref;
    expect(placed.body.order.blinds[0]).toMatchObject({ fit_guarantee: 'pending', measured_size_source: 'scan-a4' });

    const res = await correct(ref, 1, {
      widthMm: 1210,
      dropMm: 1500,
      reason: 'Checked against the A4 sheet in the photo',
      confirmedFromPhoto: true,
    });
    expect(res.status).toBe(200);
    const line = res.body.order.lines[0]!;
    expect(line).toMatchObject({
      size_source: 'staff-confirmed',
      measured_size_source: 'scan-a4',
      fit_guarantee: 'covered',
      width_mm: 1210,
    });
    expect(line.photo_confirmed?.by).toBeTruthy();
    expect(line.size_source_label).toBe('confirmed by staff (first measured by photo scan with an A4 sheet)');
    const row = await env.DB.prepare(
      'SELECT size_source, measured_size_source, photo_confirmed_at, photo_confirmed_by FROM order_lines WHERE order_reference = ?',
    )
      .bind(ref)
      .first<Record<string, string | null>>();
    expect(row).toMatchObject({ size_source: 'staff-confirmed', measured_size_source: 'scan-a4' });
    expect(row!.photo_confirmed_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(row!.photo_confirmed_by).toBe(line.photo_confirmed!.by);
    const [audit] = await auditOf(ref);
    expect(audit).toMatchObject({ action: 'order.line-size', details: { confirmedFromPhoto: true, measuredSizeSource: 'scan-a4' } });

    // The customer's order says so, and the sizes-confirmed e-mail says why and links the terms.
    const seen = await (await get(`/api/orders/${ref}`)).json<any>();
    expect(JSON.stringify(seen)).toContain('"fit_guarantee":"covered"');
    expect((await move(ref, 'sizes_confirmed')).status).toBe(200);
    const mail = (await emailsAbout(ref)).find((m) => m.kind === 'order-sizes-confirmed')!;
    expect(mail.text).toContain('Fit guarantee: measured with the A4 photo scan and confirmed by our team from your photo.');
    expect(mail.text).toContain('/fit-guarantee');
  });

  it('a polygon line from a real size is covered once confirmed from its photo; confirming again without the photo takes it back', async () => {
    const { ref } = await order({ size_source: 'polygon-known', photo_key: await storedPhoto() });
    const covered = await correct(ref, 1, { widthMm: 1200, dropMm: 1500, reason: 'Photo checked', confirmedFromPhoto: true });
    expect(covered.body.order.lines[0]!.fit_guarantee).toBe('covered');
    const plain = await correct(ref, 1, { widthMm: 1200, dropMm: 1520, reason: 'Customer phoned with a new drop' });
    expect(plain.status).toBe(200);
    expect(plain.body.order.lines[0]).toMatchObject({
      fit_guarantee: 'pending',
      measured_size_source: 'polygon-known',
      photo_confirmed: null,
    });
  });

  it('refuses a photo confirmation for a typed size, an assumed-width polygon or a line without its photo', async () => {
    for (const line of [
      { size_source: 'typed' },
      { size_source: 'polygon-estimate', photo_key: await storedPhoto() },
      { size_source: 'scan-a4' },
    ]) {
      const { ref, body } = await order(line);
      expect(body.order.blinds[0].fit_guarantee ?? null).toBeNull();
      const res = await correct(ref, 1, { widthMm: 1200, dropMm: 1500, reason: 'Photo checked', confirmedFromPhoto: true });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('cannot be confirmed from the photo');
      const row = await env.DB.prepare('SELECT size_source, photo_confirmed_at FROM order_lines WHERE order_reference = ?')
        .bind(ref)
        .first();
      expect(row).toMatchObject({ photo_confirmed_at: null });
      expect(row!.size_source).not.toBe('staff-confirmed');
    }
  });

  it('no client can claim the guarantee or a staff confirmation', async () => {
    const claimed = await order({ size_source: 'staff-confirmed' });
    expect(claimed.status).toBe(400);
    const sneaky = await order({
      size_source: 'scan-a4',
      photo_key: await storedPhoto(),
      fit_guarantee: 'covered',
      photo_confirmed_at: '2026-01-01T00:00:00.000Z',
      measured_size_source: 'scan-a4',
    });
    expect(sneaky.status).toBe(201);
    expect(sneaky.body.order.blinds[0].fit_guarantee).toBe('pending');
    // A photo key the client made up is not a photo the team can check: no guarantee.
    const madeUp = await order({ size_source: 'scan-a4', photo_key: 'windows/fit-test/1111111111111.jpg' });
    expect(madeUp.body.order.blinds[0].fit_guarantee ?? null).toBeNull();
  });
});

describe('quotes: an eligible line says it will be covered, and an order from the quote keeps its photo', () => {
  it('the stored quote and its e-mail say so; the order made from it is pending with the photo kept', async () => {
    const colour = (await coloursForProduct(env.DB, 'roller-blockout')).colours[0]!.name;
    const photo = await storedPhoto();
    const email = `quote-fit${photoCounter++}@example.co.za`;
    const res = await postJson(
      '/api/email/quote',
      {
        recipient_email: email,
        recipient_name: 'Lerato Dube',
        recipient_mobile: '082 555 0199',
        quote_id: `CB-${String(100_000 + Math.floor(Math.random() * 800_000))}`,
        quote_date: '2026-11-22',
        blinds: [
          { product_type: 'roller-blockout', width_mm: 1200, drop_mm: 1500, colour, quantity: 1, size_source: 'scan-a4', photo_key: photo },
          { product_type: 'roller-blockout', width_mm: 1000, drop_mm: 1500, colour, quantity: 1, size_source: 'typed' },
        ],
        total_amount: 1,
        total_quantity: 2,
        send_copy_to_business: false,
      },
      { 'CF-Connecting-IP': ip() },
    );
    expect(res.status).toBe(201);
    const { quote_id, access_key } = await res.json<any>();
    const { quote } = await (await get(`/api/quotes/${quote_id}?key=${access_key}`)).json<any>();
    expect(quote.blinds.map((b: any) => b.fit_guarantee ?? null)).toEqual(['pending', null]);
    const mail = await env.DB.prepare(`SELECT text FROM email_outbox WHERE to_address = ? AND kind LIKE 'quote%'`)
      .bind(email)
      .first<string>('text');
    expect(mail).toContain('Fit guarantee: measured with the A4 photo scan; covered once our team confirms the size from your photo.');
    expect(mail).toContain('/fit-guarantee');

    const order = await orderFromQuote(env, quote_id, access_key, { name: 'Lerato Dube', email });
    expect(order.blinds.map((b) => b.fit_guarantee ?? null)).toEqual(['pending', null]);
    const row = await env.DB.prepare('SELECT photo_key FROM order_lines WHERE order_reference = ? AND line_no = 1')
      .bind(order.reference)
      .first();
    expect(row).toMatchObject({ photo_key: photo });
  });
});

describe('remakes and the dashboard', () => {
  it('records a remake with coverage computed from the line, audited, and the dashboard counts it', async () => {
    const before = (await dashboardFigures(env.DB)).fitGuarantee;
    const covered = await order({ size_source: 'scan-a4', photo_key: await storedPhoto() });
    await correct(covered.ref, 1, { widthMm: 1200, dropMm: 1500, reason: 'Photo checked', confirmedFromPhoto: true });
    const typed = await order({ size_source: 'typed' });

    const claim = await call('POST', `/api/admin/orders/${covered.ref}/lines/1/remakes`, {
      reason: 'Blind 8 mm too narrow for the recess',
      cost: 850.5,
    });
    expect(claim.status).toBe(201);
    expect((claim.body as any).covered).toBe(true);
    expect(claim.body.order.remakes).toEqual([expect.objectContaining({ lineNo: 1, covered: true, costCents: 85_050 })]);
    const other = await call('POST', `/api/admin/orders/${typed.ref}/lines/1/remakes`, {
      reason: 'Customer measured the wrong window',
      cost: 400,
    });
    expect((other.body as any).covered).toBe(false);
    // Coverage is the server's: a client's 'covered' is refused, not believed.
    const forged = await call('POST', `/api/admin/orders/${typed.ref}/lines/1/remakes`, { reason: 'x', cost: 1, covered: true });
    expect(forged.status).toBe(400);
    expect((await call('POST', `/api/admin/orders/${typed.ref}/lines/2/remakes`, { reason: 'x', cost: 1 })).status).toBe(404);
    expect((await call('POST', `/api/admin/orders/${typed.ref}/lines/1/remakes`, { reason: '', cost: -1 })).status).toBe(400);
    expect((await auditOf(covered.ref)).map((a) => a.action)).toContain('order.remake');

    const after = (await dashboardFigures(env.DB)).fitGuarantee;
    expect(after.linesCovered - before.linesCovered).toBe(1);
    expect(after.coveredRemakes - before.coveredRemakes).toBe(1);
    expect(after.coveredRemakeCostCents - before.coveredRemakeCostCents).toBe(85_050);
    expect(after.uncoveredRemakes - before.uncoveredRemakes).toBe(1);
    expect(after.uncoveredRemakeCostCents - before.uncoveredRemakeCostCents).toBe(40_000);
  });

  it('needs staff', async () => {
    const { ref } = await order({ size_source: 'typed' });
    const res = await postJson(`/api/admin/orders/${ref}/lines/1/remakes`, { reason: 'x', cost: 1 }, { 'CF-Connecting-IP': ip() });
    expect(res.status).toBe(401);
  });
});
