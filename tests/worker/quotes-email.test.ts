// Stored quotes and their e-mails (storefront spec sections 2 '/quote-document', 7, 9; staff spec
// 2.1): POST /api/email/quote, POST /api/email/quote-internal, GET /api/quotes/{id}?key=, the order
// made once from a quote, and the order confirmation e-mails queued once per order.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { coloursForProduct } from '../../worker/services/catalogue';
import { orderFromQuote } from '../../worker/services/order-from-quote';
import { gridForProduct, priceForSize } from '../../worker/services/pricing';
import { quoteValidUntil } from '../../worker/services/quotes';
import { clearOfWindowEnd, get, postJson, WINDOW_WAIT_TIMEOUT_MS } from './helpers';

let ipCounter = 0;
/** The quote e-mail is rate limited per client: each call comes from its own address. */
const ip = () => ({ 'CF-Connecting-IP': `198.51.100.${(ipCounter++ % 250) + 1}` });

const BUSINESS_EMAIL = 'info@example.co.za'; // the vitest bindings (vitest.worker.config.ts)

/** en-ZA rand as the e-mails write it: 'R 1 624,00' with no-break spaces. */
function rand(cents: number): string {
  return `R\u00a0${String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')},${String(cents % 100).padStart(2, '0')}`;
}

async function firstColour(product: string): Promise<string> {
  return (await coloursForProduct(env.DB, product)).colours[0]!.name;
}

async function serverPriceCents(product: string, width: number, drop: number): Promise<number> {
  const price = priceForSize((await gridForProduct(env.DB, product))!, width, drop);
  if (!price.ok) throw new Error(price.message);
  return price.priceCents;
}

/** A quote number of this test's own, so tests never collide with each other by accident. */
function freshQuoteId(): string {
  return `CB-${String(100_000 + Math.floor(Math.random() * 800_000)).padStart(6, '0')}`;
}

async function blinds() {
  return [
    { product_type: 'roller-blockout', product_name: 'Roller Blind - Blockout', width_mm: 1200, drop_mm: 1500, control_side: 'left', mount_type: 'inside-recess', colour: await firstColour('roller-blockout'), quantity: 2, price: 1, total_price: 2 },
    { product_type: 'verticals-blockout', product_name: 'Vertical', width_mm: 2000, drop_mm: 2100, control_side: 'right', mount_type: 'outside-facefix', colour: await firstColour('verticals-blockout'), quantity: 1, price: 1, total_price: 1 },
  ];
}

async function expectedTotalCents(): Promise<number> {
  return (await serverPriceCents('roller-blockout', 1200, 1500)) * 2 + (await serverPriceCents('vertical-blockout', 2000, 2100));
}

let recipientCounter = 0;
async function emailQuoteBody(overrides: Record<string, unknown> = {}) {
  return {
    // One address may get ten quote e-mails a day: each test's quote goes to its own address.
    recipient_email: `lerato.${++recipientCounter}@example.co.za`,
    recipient_name: 'Lerato Dube',
    recipient_mobile: '082 555 0199',
    quote_id: freshQuoteId(),
    quote_date: '2026-11-22',
    blinds: await blinds(),
    total_amount: 3,
    total_quantity: 3,
    send_copy_to_business: true,
    ...overrides,
  };
}

interface OutboxRow {
  id: number;
  dedupe_key: string;
  kind: string;
  to_address: string;
  to_name: string | null;
  reply_to: string | null;
  subject: string;
  html: string;
  text: string;
  status: string;
}

async function outboxRows(prefix: string): Promise<OutboxRow[]> {
  return (await env.DB.prepare('SELECT * FROM email_outbox WHERE dedupe_key LIKE ? ORDER BY id').bind(`${prefix}%`).all<OutboxRow>()).results;
}

/** Sending runs in waitUntil after the answer: wait until these messages have left 'pending'/'sending'. */
async function settled(prefix: string, count: number): Promise<OutboxRow[]> {
  for (let i = 0; i < 100; i++) {
    const rows = await outboxRows(prefix);
    if (rows.length === count && rows.every((r) => r.status === 'sent' || r.status === 'failed')) return rows;
    await new Promise((r) => setTimeout(r, 20));
  }
  return outboxRows(prefix);
}

async function quoteRow(id: string) {
  return env.DB.prepare('SELECT * FROM quotes WHERE id = ?').bind(id).first<Record<string, any>>();
}

describe('POST /api/email/quote', () => {
  it('stores the quote at server prices (a tampered price and total change nothing) and answers its number, key and validity', async () => {
    const body = await emailQuoteBody();
    const res = await postJson('/api/email/quote', body, ip());
    expect(res.status).toBe(201);
    const answer = await res.json<any>();
    const total = await expectedTotalCents();
    expect(answer).toMatchObject({ success: true, quote_id: body.quote_id, total_amount: total / 100 });
    expect(answer.access_key).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(answer.message).toBe(`Quote ${body.quote_id} is saved and on its way to ${body.recipient_email}.`);
    // Valid to the end of the 30th day in South Africa.
    expect(Date.parse(answer.valid_until) - Date.now()).toBeGreaterThan(30 * 86_400_000 - 1000);
    expect(Date.parse(answer.valid_until) - Date.now()).toBeLessThan(31 * 86_400_000);
    expect(answer.valid_until).toMatch(/T21:59:59\.999Z$/);

    const row = (await quoteRow(body.quote_id))!;
    expect(row).toMatchObject({ total_cents: total, total_quantity: 3, origin: 'email', customer_name: 'Lerato Dube', customer_email: body.recipient_email, customer_mobile: '082 555 0199', access_key: answer.access_key });
    const lines = JSON.parse(row.lines);
    expect(lines.map((l: any) => [l.product_type, l.quantity, l.unit_price_cents, l.total_cents])).toEqual([
      ['roller-blockout', 2, await serverPriceCents('roller-blockout', 1200, 1500), (await serverPriceCents('roller-blockout', 1200, 1500)) * 2],
      ['vertical-blockout', 1, await serverPriceCents('vertical-blockout', 2000, 2100), await serverPriceCents('vertical-blockout', 2000, 2100)],
    ]);
  });

  it('queues the quote to the recipient and a copy to the business, once each, with everything the quote says', async () => {
    const body = await emailQuoteBody();
    const answer = await (await postJson('/api/email/quote', body, ip())).json<any>();
    const rows = await settled(`quote:${body.quote_id}:`, 2);
    expect(rows.map((r) => [r.dedupe_key, r.kind, r.to_address, r.status])).toEqual([
      [`quote:${body.quote_id}:customer`, 'quote', body.recipient_email, 'sent'],
      [`quote:${body.quote_id}:business`, 'quote-copy', BUSINESS_EMAIL, 'sent'],
    ]);
    const [customer, business] = rows as [OutboxRow, OutboxRow];
    expect(customer.reply_to).toBe(BUSINESS_EMAIL);
    expect(business.reply_to).toBe(body.recipient_email);
    expect(customer.subject).toBe(`Your quote ${body.quote_id} from Custom Blinds`);
    expect(business.subject).toBe(`Copy: quote ${body.quote_id} sent to Lerato Dube`);

    const total = await expectedTotalCents();
    const vat = Math.round((total * 15) / 115);
    const link = `https://shop.test/quote?quote_id=${body.quote_id}&key=${answer.access_key}`;
    const colour = body.blinds[0]!.colour;
    for (const part of [customer.text, customer.html.replaceAll('&amp;', '&')]) {
      expect(part).toContain(body.quote_id);
      expect(part).toContain('Valid until');
      expect(part).toContain('Roller Blind - Blockout');
      expect(part).toContain('1200 x 1500 mm');
      expect(part).toContain(colour);
      expect(part).toContain('Inside the recess');
      expect(part).toContain('Outside (face fix)');
      expect(part).toContain(`Total (incl. VAT)`);
      expect(part).toContain(rand(total));
      expect(part).toContain(`VAT (15%)`);
      expect(part).toContain(rand(vat));
      expect(part).toContain(rand(total - vat));
      expect(part).toContain('This quote is valid for 30 days.');
      expect(part).toContain('All prices include VAT at 15%.');
      expect(part).toContain('Order processing takes 1-2 business days.');
      expect(part).toContain('Production takes 7-10 business days.');
      expect(part).toContain('Delivery is by courier within our service area.');
      expect(part).toContain(link);
    }
    expect(customer.html).toContain(`href="${link.replace('&', '&amp;')}"`);
    expect(business.text).toContain('Mobile: 082 555 0199');
    expect(business.text).toContain(link);
  });

  it("without send_copy_to_business only the customer's e-mail is queued", async () => {
    const body = await emailQuoteBody({ send_copy_to_business: false });
    expect((await postJson('/api/email/quote', body, ip())).status).toBe(201);
    const rows = await settled(`quote:${body.quote_id}:`, 1);
    expect(rows.map((r) => r.dedupe_key)).toEqual([`quote:${body.quote_id}:customer`]);
  });

  it("a name that is not a plain name (markup, '&') is a 400: only letters, spaces, apostrophes and hyphens reach a customer", async () => {
    const body = await emailQuoteBody({ recipient_name: `<img src=x onerror="alert(1)"> O'Brien & Sons` });
    const res = await postJson('/api/email/quote', body, ip());
    expect(res.status).toBe(400);
    expect((await res.json<any>()).issues[0].path).toBe('recipient_name');
    expect(await outboxRows(`quote:${body.quote_id}:`)).toEqual([]);
  });

  it.each([
    ['recipient_email', { recipient_email: 'lerato-at-example' }],
    ['recipient_email', { recipient_email: undefined }],
    ['recipient_name', { recipient_name: '  ' }],
    ['quote_id', { quote_id: 'Q-12' }],
    ['blinds', { blinds: [] }],
  ])('a missing or bad %s is a 400 naming it; nothing is stored or queued', async (field, change) => {
    const body = await emailQuoteBody(change);
    const res = await postJson('/api/email/quote', body, ip());
    expect(res.status).toBe(400);
    const answer = await res.json<any>();
    expect(answer.error).toBe('validation_error');
    expect(answer.message).toContain(field);
    if (typeof body.quote_id === 'string') expect(await quoteRow(body.quote_id)).toBeNull();
  });

  it('a blind that cannot be made is a 400 naming the blind; nothing is stored or queued', async () => {
    const base = await emailQuoteBody();
    const cases: [Record<string, unknown>, string][] = [
      [{ product_type: 'teleporter' }, "Blind 2: we do not make 'teleporter'"],
      [{ width_mm: 3200 }, 'Blind 2 (3200 x 2100 mm)'],
      [{ colour: 'Neon Plaid' }, "does not come in 'Neon Plaid'"],
    ];
    for (const [change, message] of cases) {
      const res = await postJson('/api/email/quote', { ...base, blinds: [base.blinds[0], { ...base.blinds[1], ...change }] }, ip());
      expect(res.status, message).toBe(400);
      expect((await res.json<any>()).message).toContain(message);
    }
    expect(await quoteRow(base.quote_id)).toBeNull();
    expect(await outboxRows(`quote:${base.quote_id}:`)).toEqual([]);
  });

  it('a quote number already taken moves on to the next free one, and says so', async () => {
    const body = await emailQuoteBody();
    const n = Number(body.quote_id.slice(3));
    const next = (k: number) => `CB-${String(n + k).padStart(6, '0')}`;
    const first = await (await postJson('/api/email/quote', body, ip())).json<any>();
    expect(first.quote_id).toBe(body.quote_id);
    // The next number is taken as well: the third request lands two further on.
    await env.DB.prepare(`INSERT INTO quotes (id, quote_date, valid_until, customer_name, lines, total_cents, total_quantity, origin, access_key) VALUES (?, '2026-01-01', '2026-01-31', 'Other', '[]', 100, 1, 'email', 'other-key')`).bind(next(1)).run();
    const second = await postJson('/api/email/quote', body, ip());
    expect(second.status).toBe(201);
    const moved = await second.json<any>();
    expect(moved.quote_id).toBe(next(2));
    expect(moved.access_key).not.toBe(first.access_key);
    expect(moved.message).toContain(`Quote number ${body.quote_id} was already taken, so this quote is ${next(2)}.`);
    // Each stored quote keeps its own e-mails.
    const rows = await settled(`quote:${next(2)}:`, 2);
    expect(rows[0]!.text).toContain(next(2));
    expect((await quoteRow(next(1)))!.customer_name).toBe('Other');
  });

  it('ten simultaneous saves of one number store ten quotes under ten different numbers', async () => {
    // Ten recipients: one address may get at most ten quote e-mails a day.
    const body = await emailQuoteBody({ send_copy_to_business: false });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => postJson('/api/email/quote', { ...body, recipient_email: `parallel-${i}@example.co.za` }, ip()).then((r) => r.json<any>())));
    const ids = new Set(answers.map((a) => a.quote_id));
    expect(ids.size).toBe(10);
    for (const id of ids) expect((await quoteRow(id))!.customer_email).toMatch(/^parallel-\d@example\.co\.za$/);
  });

  it('is rate limited per client: the 11th quote e-mail within 10 minutes is a 429', async () => {
    const client = { 'CF-Connecting-IP': '198.51.100.251' };
    const body = (i: number) => emailQuoteBody({ send_copy_to_business: false, recipient_email: `client-limit-${i}@example.co.za` });
    await clearOfWindowEnd(600);
    for (let i = 0; i < 10; i++) expect((await postJson('/api/email/quote', await body(i), client)).status).toBe(201);
    const limited = await postJson('/api/email/quote', await body(10), client);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toMatch(/^\d+$/);
  }, WINDOW_WAIT_TIMEOUT_MS);

  it('is rate limited per recipient too: the 11th quote e-mail to one address in a day is a 429, from any client', async () => {
    const body = await emailQuoteBody({ send_copy_to_business: false, recipient_email: 'Flooded@Example.co.za' });
    for (let i = 0; i < 10; i++) expect((await postJson('/api/email/quote', { ...body, recipient_email: i % 2 ? 'flooded@example.co.za' : body.recipient_email }, ip())).status).toBe(201);
    const limited = await postJson('/api/email/quote', body, ip());
    expect(limited.status).toBe(429);
    expect((await limited.json<any>()).message).toMatch(/^Flooded@Example\.co\.za has been sent several quotes already\. Please wait \d+ (hours|minutes)? ?/);
    expect(limited.headers.get('Retry-After')).toMatch(/^\d+$/);
  });
});

describe('POST /api/email/quote-internal', () => {
  async function internalBody(overrides: Record<string, unknown> = {}) {
    return { quote_id: freshQuoteId(), quote_date: '2026-11-22', blinds: await blinds(), total_amount: 3, total_quantity: 3, customer_name: '', customer_email: '', customer_mobile: '', ...overrides };
  }

  it("with no customer details: stored as 'Walk-in Customer' (e-mail and mobile unknown), and the business gets 'Quote saved' with the placeholders", async () => {
    const body = await internalBody();
    const res = await postJson('/api/email/quote-internal', body, ip());
    expect(res.status).toBe(201);
    const answer = await res.json<any>();
    expect(answer).toMatchObject({ success: true, quote_id: body.quote_id, total_amount: (await expectedTotalCents()) / 100, message: `Quote ${body.quote_id} is saved for the business.` });
    expect(await quoteRow(body.quote_id)).toMatchObject({ origin: 'internal', customer_name: 'Walk-in Customer', customer_email: null, customer_mobile: null });
    const rows = await settled(`quote:${body.quote_id}:`, 1);
    expect(rows.map((r) => [r.dedupe_key, r.kind, r.to_address])).toEqual([[`quote:${body.quote_id}:internal`, 'quote-saved', BUSINESS_EMAIL]]);
    const saved = rows[0]!;
    expect(saved.subject).toBe(`Quote saved: ${body.quote_id} - Walk-in Customer`);
    expect(saved.text).toContain('Name: Walk-in Customer');
    expect(saved.text).toContain('E-mail: Not provided');
    expect(saved.text).toContain('Mobile: Not provided');
    expect(saved.text).toContain(`https://shop.test/quote?quote_id=${body.quote_id}&key=${answer.access_key}`);
    expect(saved.reply_to).toBeNull();
  });

  it("the client's placeholders are placeholders too; real details are stored", async () => {
    const placeholders = await internalBody({ customer_name: 'Walk-in Customer', customer_email: 'Not provided', customer_mobile: 'Not provided' });
    expect((await postJson('/api/email/quote-internal', placeholders, ip())).status).toBe(201);
    expect(await quoteRow(placeholders.quote_id)).toMatchObject({ customer_name: 'Walk-in Customer', customer_email: null, customer_mobile: null });

    const real = await internalBody({ customer_name: 'Sipho Dlamini', customer_email: 'sipho@example.co.za', customer_mobile: '083 000 1111' });
    expect((await postJson('/api/email/quote-internal', real, ip())).status).toBe(201);
    expect(await quoteRow(real.quote_id)).toMatchObject({ customer_name: 'Sipho Dlamini', customer_email: 'sipho@example.co.za', customer_mobile: '083 000 1111' });
    const [saved] = await settled(`quote:${real.quote_id}:`, 1);
    expect(saved!.reply_to).toBe('sipho@example.co.za');
  });

  it('an e-mail address that is not one is a 400, not a quote nobody can pay', async () => {
    const body = await internalBody({ customer_email: 'sipho-at-home' });
    const res = await postJson('/api/email/quote-internal', body, ip());
    expect(res.status).toBe(400);
    expect(await res.json<any>()).toMatchObject({ error: 'validation_error', message: 'customer_email: must be a valid email address (or leave it empty)' });
    expect(await quoteRow(body.quote_id)).toBeNull();
  });
});

describe('GET /api/quotes/{quote_id}?key=', () => {
  it('answers the stored quote with its key, and the same 404 for a wrong key, no key or an unknown number', async () => {
    const body = await emailQuoteBody();
    const { quote_id, access_key } = await (await postJson('/api/email/quote', body, ip())).json<any>();
    const res = await get(`/api/quotes/${quote_id.toLowerCase()}?key=${access_key}&t=123`);
    expect(res.status).toBe(200);
    const { quote } = await res.json<any>();
    const total = await expectedTotalCents();
    const vat = Math.round((total * 15) / 115);
    expect(quote).toMatchObject({
      quote_id,
      customer_name: 'Lerato Dube',
      customer_email: body.recipient_email,
      customer_mobile: '082 555 0199',
      total_amount: total / 100,
      vat: vat / 100,
      subtotal: (total - vat) / 100,
      total_quantity: 3,
      order_reference: null,
    });
    expect(quote.blinds).toHaveLength(2);
    expect(quote.blinds[0]).toMatchObject({ line_no: 1, product_type: 'roller-blockout', width_mm: 1200, drop_mm: 1500, quantity: 2 });
    expect(Date.parse(quote.valid_until)).toBeGreaterThan(Date.parse(quote.quote_date));

    const notFound = 'Quote Not Found. Please generate a new quote through the measurement tool.';
    for (const path of [`/api/quotes/${quote_id}?key=wrong`, `/api/quotes/${quote_id}`, `/api/quotes/${quote_id}?key=${access_key.slice(0, -1)}`, `/api/quotes/CB-000000?key=${access_key}`, `/api/quotes/not-a-quote?key=x`]) {
      const miss = await get(path);
      expect(miss.status, path).toBe(404);
      expect((await miss.json<any>()).message, path).toBe(notFound);
    }
  });

  it('the order made from a quote is made once, and the quote then names it', async () => {
    const body = await emailQuoteBody();
    const { quote_id, access_key } = await (await postJson('/api/email/quote', body, ip())).json<any>();
    const customer = { name: 'Lerato Dube', email: 'lerato@example.co.za', phone: '082 555 0199' };
    const [first, second] = await Promise.all([orderFromQuote(env, quote_id, access_key, customer), orderFromQuote(env, quote_id, access_key, customer)]);
    expect(second.reference).toBe(first.reference);
    expect(first.total_cents).toBe(await expectedTotalCents());
    expect(first.quote_id).toBe(quote_id);
    const again = await orderFromQuote(env, quote_id, access_key, customer);
    expect(again.reference).toBe(first.reference);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM orders WHERE quote_id = ?').bind(quote_id).first('n')).toBe(1);
    const { quote } = await (await get(`/api/quotes/${quote_id}?key=${access_key}`)).json<any>();
    expect(quote.order_reference).toBe(first.reference);
  });
});

describe('order confirmation e-mails', () => {
  async function orderBody() {
    return { customer_name: 'Thandi <b>Mokoena</b>', customer_email: 'thandi@example.co.za', customer_phone: '082 555 0101', customer_address: '12 Main Road, George', special_instructions: 'Gate code 1234', blinds: (await blinds()).slice(0, 1), total_amount: 1 };
  }

  it('a new order queues the customer and business confirmations once each, even when the submission is retried', async () => {
    const key = `mail-${crypto.randomUUID()}`;
    const body = await orderBody();
    const first = await (await postJson('/api/orders/submit', body, { ...ip(), 'Idempotency-Key': key })).json<any>();
    const ref = first.reference;
    const rows = await settled(`order-confirmation:${ref}:`, 2);
    expect(rows.map((r) => [r.dedupe_key, r.to_address, r.status])).toEqual([
      [`order-confirmation:${ref}:customer`, 'thandi@example.co.za', 'sent'],
      [`order-confirmation:${ref}:business`, BUSINESS_EMAIL, 'sent'],
    ]);
    const retry = await postJson('/api/orders/submit', body, { ...ip(), 'Idempotency-Key': key });
    expect((await retry.json<any>()).reference).toBe(ref);
    await new Promise((r) => setTimeout(r, 100));
    expect(await outboxRows(`order-confirmation:${ref}:`)).toHaveLength(2);

    const [customer, business] = rows as [OutboxRow, OutboxRow];
    const total = first.order.total_cents as number;
    const vat = Math.round((total * 15) / 115);
    const link = `https://shop.test/order-confirmation?ref=${ref}`;
    expect(customer.subject).toBe(`Order ${ref} received - Custom Blinds`);
    for (const part of [customer.text, customer.html]) {
      expect(part).toContain(ref);
      expect(part).toContain('Payment status');
      expect(part).toContain('Pending');
      expect(part).toContain('Roller Blind - Blockout');
      expect(part).toContain('1200 x 1500 mm');
      expect(part).toContain(rand(vat));
      expect(part).toContain(rand(total));
      expect(part).toContain('Order processing takes 1-2 business days.');
      expect(part).toContain('Production takes 7-10 business days.');
      expect(part).toContain('Delivery is by courier within our service area.');
      expect(part).toContain(link);
    }
    // A name that is not a plain name is left out of the customer's e-mail (a neutral greeting);
    // the business's copy shows it as typed, escaped.
    expect(customer.html).not.toContain('Mokoena');
    expect(customer.text).toContain('Hi there,');
    expect(business.html).not.toContain('<b>Mokoena</b>');
    expect(business.html).toContain('Thandi &lt;b&gt;Mokoena&lt;/b&gt;');
    expect(business.reply_to).toBe('thandi@example.co.za');
    for (const detail of ['082 555 0101', '12 Main Road, George', 'Gate code 1234']) expect(business.text).toContain(detail);
  });
});

describe('quote validity', () => {
  it('runs to the end of the 30th day in South Africa (UTC+2), whatever the hour of saving', () => {
    expect(quoteValidUntil(new Date('2026-01-10T10:00:00Z'))).toBe('2026-02-09T21:59:59.999Z');
    // 23:30 UTC is already 11 January in South Africa.
    expect(quoteValidUntil(new Date('2026-01-10T23:30:00Z'))).toBe('2026-02-10T21:59:59.999Z');
  });
});
