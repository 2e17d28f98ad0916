// Every e-mail and PDF that shows a price from a sample grid says so (DESIGN.md section 6), in the
// one wording of worker/shared/sample-prices.ts; one priced from an uploaded list does not.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { like } from 'drizzle-orm';
import { database } from '../../worker/lib/db';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { app } from '../../worker/app';
import { emailOutbox } from '../../worker/db/schema';
import { coloursForProduct } from '../../worker/services/catalog';
import { bulkUploadPriceLists, templateFor } from '../../worker/services/staff/price-lists';
import { SAMPLE_PRICES_NOTE, SAMPLE_PRICES_TEXT } from '../../worker/shared/sample-prices';
import { clientIp } from './helpers';
import { pageText } from './pdf-text';

async function post(path: string, body: unknown): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await app.request(
    `https://shop.test${path}`,
    { method: 'POST', headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': clientIp() }, body: JSON.stringify(body) },
    env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

async function blind(product: string) {
  const colour = (await coloursForProduct(env.DB, product)).colours[0]!.name;
  return { product_type: product, width_mm: 1200, drop_mm: 1500, control_side: 'left', mount_type: 'inside-recess', colour, quantity: 1 };
}

async function placeOrder(product: string): Promise<string> {
  const res = await post('/api/orders/submit', {
    customer_name: 'Thandi Nkosi',
    customer_email: 'thandi@example.co.za',
    customer_phone: '082 555 0101',
    blinds: [await blind(product)],
  });
  expect(res.status).toBe(201);
  return (await res.json<{ reference: string }>()).reference;
}

async function emailsAbout(marker: string) {
  return database(env.DB)
    .select()
    .from(emailOutbox)
    .where(like(emailOutbox.text, `%${marker}%`));
}

async function receiptText(reference: string): Promise<string> {
  const res = await app.request(
    `https://shop.test/api/receipts/${reference}.pdf`,
    { headers: { 'CF-Connecting-IP': clientIp() } },
    env,
    createExecutionContext(),
  );
  expect(res.status).toBe(200);
  const doc = await PDFDocument.load(new Uint8Array(await res.arrayBuffer()));
  return doc
    .getPages()
    .map((p) => pageText(doc, p))
    .join(' ')
    .replace(/\s+/g, ' ');
}

describe('prices from a sample grid are labelled', () => {
  it('in the order confirmation e-mails (customer and business), HTML and text', async () => {
    const reference = await placeOrder('roller-blockout');
    const rows = await emailsAbout(reference);
    expect(rows.map((r) => r.kind).sort()).toEqual(['order-confirmation', 'order-notification']);
    for (const row of rows) {
      expect(row.text).toContain(SAMPLE_PRICES_TEXT);
      expect(row.html).toContain('Sample prices');
      expect(row.html).toContain(SAMPLE_PRICES_NOTE);
    }
  });

  it('in the quote e-mails (customer, business copy and the internal quote)', async () => {
    // Letters only: a quote e-mail's recipient name is a plain name (digits are refused).
    const name = `Lerato ${crypto
      .randomUUID()
      .slice(0, 6)
      .replace(/\d/g, (d) => 'ghijklmnop'[Number(d)]!)}`;
    const emailed = await post('/api/email/quote', {
      recipient_email: 'lerato@example.co.za',
      recipient_name: name,
      quote_id: 'CB-515151',
      blinds: [await blind('roller-blockout')],
    });
    expect(emailed.status).toBe(201);
    const { quote_id } = await emailed.json<{ quote_id: string }>();
    const internal = await post('/api/email/quote-internal', { quote_id: 'CB-616161', blinds: [await blind('roller-blockout')] });
    expect(internal.status).toBeLessThan(300);
    const internalId = (await internal.json<{ quote_id: string }>()).quote_id;
    const rows = [...(await emailsAbout(quote_id)), ...(await emailsAbout(internalId))];
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const row of rows) {
      expect(row.text).toContain(SAMPLE_PRICES_TEXT);
      expect(row.html).toContain(SAMPLE_PRICES_NOTE);
    }
  });

  it('on the receipt PDF', async () => {
    const reference = await placeOrder('roller-blockout');
    expect(await receiptText(reference)).toContain(SAMPLE_PRICES_TEXT);
  });

  it('but not where the price came from an uploaded price list', async () => {
    const { csv } = await templateFor(env.DB, 'verticals-blockout');
    expect(
      (
        await bulkUploadPriceLists(
          env.DB,
          [{ name: 'verticals-blockout-pricing-template.csv', text: async () => csv, size: csv.length }],
          'test-staff',
          64 * 1024,
        )
      ).successful_uploads,
    ).toBe(1);
    const reference = await placeOrder('verticals-blockout');
    for (const row of await emailsAbout(reference)) {
      expect(row.text).not.toContain('sample prices');
      expect(row.html).not.toContain('Sample prices');
    }
    const text = await receiptText(reference);
    expect(text).toContain(reference);
    expect(text).not.toContain('sample prices');
  });
});
