// Products staff add are products customers can buy (staff spec 2.3, storefront spec sections 3, 7):
// a product added in the catalogue editor is 'price on request' everywhere until its first price
// list, has a template to fill in, is priced and ordered once that list is uploaded; a hidden
// product leaves the storefront but its stored quote still opens and orders at its stored prices;
// a product is deleted only while nothing refers to it, else a 409 saying what and to hide it.
import { env, SELF } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { invalidatePriceCache } from '../../worker/services/pricing';
import { invalidateProductCatalogue } from '../../worker/services/product-catalog';
import { formatRandFromCents } from '../../worker/shared/money';
import { PRICE_ON_REQUEST_ERROR } from '../../worker/shared/product-offer';
import { answerBuiltIn } from '../../worker/services/consultant/built-in-consultant';
import { BASE, get, postJson } from './helpers';
import { callTool, connectAgent, textOf } from './mcp-fixtures';
import { filledInTemplate as filledIn } from './price-template-fixtures';

let staffCookie = '';
beforeAll(async () => {
  const res = await postJson('/api/admin/session', { pin: '4321' }, { 'CF-Connecting-IP': '192.0.2.141' });
  expect(res.status).toBe(200);
  staffCookie = res.headers
    .getSetCookie()
    .find((l) => l.startsWith('__Host-cb_staff='))!
    .split(';')[0]!;
});

let ipCounter = 0;
const ip = () => ({ 'CF-Connecting-IP': `198.51.100.${(ipCounter++ % 250) + 1}` });

function asStaff(path: string, init: { method?: string; body?: unknown; form?: FormData } = {}) {
  const headers: Record<string, string> = { Cookie: staffCookie, Origin: BASE };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  return SELF.fetch(`${BASE}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  });
}

async function addProduct(name: string): Promise<string> {
  const res = await asStaff('/api/admin/catalog/products', { method: 'POST', body: { name, category: 'roller' } });
  expect(res.status).toBe(201);
  const { product } = await res.json<any>();
  const colour = await asStaff(`/api/admin/catalog/products/${product.id}/colours`, {
    method: 'POST',
    body: { name: 'Sea Mist', hex: '#A8C3C0' },
  });
  expect(colour.status).toBe(201);
  return product.id as string;
}

async function uploadGrid(productId: string, csv: string) {
  const form = new FormData();
  form.append('price_lists', new File([csv], `${productId}-pricing-template.csv`, { type: 'text/csv' }));
  const res = await asStaff('/api/pricing/bulk-upload', { method: 'POST', form });
  expect(res.status).toBe(200);
  expect((await res.json<any>()).successful_uploads).toBe(1);
}

const calculatorItems = async () => {
  const body = await (await get('/api/products/catalog')).json<any>();
  return ['indoor_blinds', 'indoor_shutters', 'outdoor_blinds', 'outdoor_shutters', 'outdoor_awnings'].flatMap((s) => body[s] as any[]);
};

const line = (productType: string, colour = 'Sea Mist') => ({
  product_type: productType,
  product_name: 'anything',
  width_mm: 1200,
  drop_mm: 1500,
  control_side: 'left',
  mount_type: 'inside-recess',
  colour,
  quantity: 1,
  price: 1,
});

const orderBody = (productType: string) => ({
  customer_name: 'Thandi Mokoena',
  customer_email: 'thandi@example.co.za',
  customer_phone: '082 555 0101',
  customer_address: '',
  special_instructions: '',
  blinds: [line(productType)],
  total_amount: 1,
});

const contact = {
  phoneGardenRoute: '',
  phoneNational: '',
  whatsappNational: '',
  email: 'info@example.co.za',
  businessName: 'Custom Blinds',
  assistantName: 'Melvin',
};
const consultantSays = async (message: string) =>
  (await answerBuiltIn({ message, history: [], memory: {}, deps: { db: env.DB, contact } })).response;

describe('staff APIs: anonymous callers', () => {
  it.each([
    ['PUT', '/api/admin/catalog/products/roller-blockout/visibility'],
    ['DELETE', '/api/admin/catalog/products/roller-blockout'],
    ['GET', '/api/pricing/template/roller-blockout'],
  ])('%s %s is 401 and changes nothing', async (method, path) => {
    const res = await SELF.fetch(`${BASE}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', Origin: BASE },
      body: method === 'PUT' ? JSON.stringify({ hidden: true }) : undefined,
    });
    expect(res.status).toBe(401);
    const row = await env.DB.prepare("SELECT hidden_at FROM products WHERE id = 'roller-blockout'").first<any>();
    expect(row).toEqual({ hidden_at: null });
  });
});

describe('a product staff add', () => {
  it('is price on request until priced, has a blank template, then is priced and ordered through the calculator ids', async () => {
    const id = await addProduct(`Linen Roller ${Date.now()}`);

    // On the storefront at once, with no 'from' price; the calculator offers it under its own id. No
    // browser or edge cache keeps the list: the isolate's own copy lives at most 60 s.
    expect((await get('/api/products/catalog')).headers.get('Cache-Control')).toBe('no-store');
    const item = (await calculatorItems()).find((p) => p.id === id);
    expect(item).toMatchObject({ calculator_id: id, from_price: null });

    // The pricing API answers 'price on request' (the calculator's lead form), the orders API refuses it.
    const quote = await postJson('/api/pricing/quote', { width_mm: 1200, drop_mm: 1500, product_type: id, quantity: 1 });
    expect(quote.status).toBe(200);
    expect(await quote.json<any>()).toMatchObject({ success: false, error_type: PRICE_ON_REQUEST_ERROR, contact_required: true });
    const refused = await postJson('/api/orders/submit', orderBody(id), ip());
    expect(refused.status).toBe(400);
    expect((await refused.json<any>()).message).toMatch(/priced on request/);

    // The template is not a 404: the bands with empty prices, which the upload refuses until filled in.
    const template = await asStaff(`/api/pricing/template/${id}`);
    expect(template.status).toBe(200);
    expect(template.headers.get('Content-Disposition')).toBe(`attachment; filename="${id}-pricing-template.csv"`);
    const csv = await template.text();
    expect(csv.split('\r\n')[0]).toBe('drop_mm \\ width_mm,600,900,1200,1500,1800,2100,2400,2700,3000');
    expect(csv.split('\r\n')[1]).toBe('600,,,,,,,,,');
    const empty = new FormData();
    empty.append('price_lists', new File([csv], `${id}.csv`, { type: 'text/csv' }));
    expect((await (await asStaff('/api/pricing/bulk-upload', { method: 'POST', form: empty })).json<any>()).successful_uploads).toBe(0);

    // The consultant and the MCP tools hand it to the team instead of pricing it.
    const agent = await connectAgent();
    const onRequest = await callTool(agent, 'price_blind', { product_id: id, width_mm: 1200, drop_mm: 1500 });
    expect(onRequest.isError).toBe(true);
    expect(textOf(onRequest)).toMatch(/priced on request/);
    expect(await consultantSays(`How much is the ${item.name} 1200 x 1500 mm?`)).toContain('our team will quote it');

    await uploadGrid(id, filledIn(csv));
    expect(await consultantSays(`How much is the ${item.name} 1200 x 1500 mm?`)).toContain(formatRandFromCents(77_000));
    const mcpPrice = await callTool(agent, 'price_blind', { product_id: id, width_mm: 1200, drop_mm: 1500 });
    expect(mcpPrice.isError).toBeFalsy();
    // 1200 x 1500 is priced at its own bands: 500 + (1200 + 1500) / 10 = R 770.
    const priced = await (
      await postJson('/api/pricing/quote', { width_mm: 1200, drop_mm: 1500, product_type: id, quantity: 1 })
    ).json<any>();
    expect(priced).toMatchObject({ success: true, quote: { product_type: id, price_cents: 77_000, sample_prices: false } });
    expect((await calculatorItems()).find((p) => p.id === id)).toMatchObject({ from_price: 620 });

    const order = await postJson('/api/orders/submit', orderBody(id), ip());
    expect(order.status).toBe(201);
    const body = await order.json<any>();
    expect(body.order.blinds[0]).toMatchObject({ product_type: id, unit_price_cents: 77_000 });
  });
});

describe('hiding a product', () => {
  it('takes it off the storefront; its stored quote still opens and orders at the stored price; showing it brings it back', async () => {
    const name = `Harbour Roller ${Date.now()}`;
    const id = await addProduct(name);
    await uploadGrid(id, filledIn(await (await asStaff(`/api/pricing/template/${id}`)).text()));
    const saved = await postJson('/api/email/quote-internal', { quote_id: 'CB-123456', blinds: [line(id)] }, ip());
    expect(saved.status).toBe(201);
    const { quote_id, access_key } = await saved.json<any>();

    const hide = await asStaff(`/api/admin/catalog/products/${id}/visibility`, { method: 'PUT', body: { hidden: true } });
    expect(hide.status).toBe(200);
    expect((await hide.json<any>()).product).toMatchObject({ id, hidden: true });
    const audit = await env.DB.prepare("SELECT actor FROM audit_log WHERE action = 'catalog.product.hide' AND target = ?")
      .bind(id)
      .first<any>();
    expect(audit?.actor).toBeTruthy();

    // Gone from the catalogue, its colours list and the structured data's source; not priced or sold anew.
    expect((await calculatorItems()).some((p) => p.id === id)).toBe(false);
    const withColours = await (await get('/api/products/colours')).json<any>();
    expect(withColours.products.some((p: any) => p.id === id)).toBe(false);
    const quote = await postJson('/api/pricing/quote', { width_mm: 1200, drop_mm: 1500, product_type: id, quantity: 1 });
    expect(quote.status).toBe(404);
    expect((await quote.json<any>()).message).toMatch(/no longer offer/);
    const refused = await postJson('/api/orders/submit', orderBody(id), ip());
    expect(refused.status).toBe(400);

    // The stored quote still opens, and orders, with the line as it was priced.
    const opened = await get(`/api/quotes/${quote_id}?key=${access_key}`);
    expect(opened.status).toBe(200);
    const stored = await opened.json<any>();
    expect(JSON.stringify(stored)).toContain(id);
    const ordered = await postJson(
      `/api/quotes/${quote_id}/order`,
      { quote_key: access_key, customer_info: { name: 'Thandi Mokoena', email: 'thandi@example.co.za' } },
      ip(),
    );
    expect(ordered.status).toBe(200);
    expect((await ordered.json<any>()).order.blinds[0]).toMatchObject({ product_type: id, unit_price_cents: 77_000 });

    // The MCP tools and the consultant no longer offer or price it.
    const agent = await connectAgent();
    const listed = await callTool(agent, 'list_products');
    expect((listed.structuredContent as any).products.some((p: any) => p.id === id)).toBe(false);
    const price = await callTool(agent, 'price_blind', { product_id: id, width_mm: 1200, drop_mm: 1500 });
    expect(price.isError).toBe(true);
    expect(textOf(price)).toMatch(/no longer offer/);
    expect(await consultantSays(`How much is the ${name} 1200 x 1500 mm?`)).not.toContain(formatRandFromCents(77_000));

    // Shown again: sold again.
    expect((await asStaff(`/api/admin/catalog/products/${id}/visibility`, { method: 'PUT', body: { hidden: false } })).status).toBe(200);
    const again = await postJson('/api/pricing/quote', { width_mm: 1200, drop_mm: 1500, product_type: id, quantity: 1 });
    expect((await again.json<any>()).success).toBe(true);
  });

  it('reaches other isolates within the cache TTL (here: the caches dropped as a minute passing would)', async () => {
    const id = await addProduct(`Dune Roller ${Date.now()}`);
    await env.DB.prepare('UPDATE products SET hidden_at = ? WHERE id = ?').bind(new Date().toISOString(), id).run();
    invalidateProductCatalogue();
    invalidatePriceCache();
    expect((await calculatorItems()).some((p) => p.id === id)).toBe(false);
  });

  it('answers 404 for an unknown product and 400 for a body without hidden', async () => {
    expect((await asStaff('/api/admin/catalog/products/teleporter/visibility', { method: 'PUT', body: { hidden: true } })).status).toBe(
      404,
    );
    expect((await asStaff('/api/admin/catalog/products/roller-blockout/visibility', { method: 'PUT', body: {} })).status).toBe(400);
  });
});

describe('deleting a product', () => {
  it('deletes one nothing refers to, with its own colours, audited', async () => {
    const id = await addProduct(`Typo Roller ${Date.now()}`);
    const res = await asStaff(`/api/admin/catalog/products/${id}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(await res.json<any>()).toEqual({ success: true, deleted: id });
    expect(await env.DB.prepare('SELECT id FROM products WHERE id = ?').bind(id).first()).toBeNull();
    const setKey = id.replace(/-/g, '_');
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM colours WHERE set_key = ?').bind(setKey).first('n')).toBe(0);
    expect(
      await env.DB.prepare("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'catalog.product.delete' AND target = ?")
        .bind(id)
        .first('n'),
    ).toBe(1);
  });

  it('refuses (409) while a price list, a quote or an order refers to it, naming them and offering to hide it', async () => {
    const id = await addProduct(`Kept Roller ${Date.now()}`);
    await uploadGrid(id, filledIn(await (await asStaff(`/api/pricing/template/${id}`)).text()));
    let res = await asStaff(`/api/admin/catalog/products/${id}`, { method: 'DELETE' });
    expect(res.status).toBe(409);
    expect((await res.json<any>()).message).toMatch(
      /cannot be deleted while records refer to it \(1 price-list version\)\. Hide it instead/,
    );

    expect((await postJson('/api/email/quote-internal', { quote_id: 'CB-654321', blinds: [line(id)] }, ip())).status).toBe(201);
    expect((await postJson('/api/orders/submit', orderBody(id), ip())).status).toBe(201);
    res = await asStaff(`/api/admin/catalog/products/${id}`, { method: 'DELETE' });
    expect(res.status).toBe(409);
    expect((await res.json<any>()).message).toContain('(1 order, 1 saved quote and 1 price-list version)');
    expect(await env.DB.prepare('SELECT id FROM products WHERE id = ?').bind(id).first()).not.toBeNull();

    // A seeded product that only has its price list is refused too.
    expect((await asStaff('/api/admin/catalog/products/roller-blockout', { method: 'DELETE' })).status).toBe(409);
  });
});
