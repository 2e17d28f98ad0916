// Quote e-mails (storefront spec sections 2 '/quote-document', 7, 9): POST /api/email/quote stores the
// quote at server prices and queues it to the customer and the business. The rest of the stored quotes:
// quotes-stored.test.ts.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { clearOfWindowEnd, postJson, WINDOW_WAIT_TIMEOUT_MS } from './helpers';
import {
  BUSINESS_EMAIL,
  emailQuoteBody,
  expectedTotalCents,
  ip,
  outboxRows,
  quoteRow,
  rand,
  serverPriceCents,
  settled,
  type OutboxRow,
} from './quotes-email-fixtures';

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
    expect(row).toMatchObject({
      total_cents: total,
      total_quantity: 3,
      origin: 'email',
      customer_name: 'Lerato Dube',
      customer_email: body.recipient_email,
      customer_mobile: '082 555 0199',
      access_key: answer.access_key,
    });
    const lines = JSON.parse(row.lines);
    expect(lines.map((l: any) => [l.product_type, l.quantity, l.unit_price_cents, l.total_cents])).toEqual([
      [
        'roller-blockout',
        2,
        await serverPriceCents('roller-blockout', 1200, 1500),
        (await serverPriceCents('roller-blockout', 1200, 1500)) * 2,
      ],
      [
        'vertical-blockout',
        1,
        await serverPriceCents('vertical-blockout', 2000, 2100),
        await serverPriceCents('vertical-blockout', 2000, 2100),
      ],
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
    await env.DB.prepare(
      `INSERT INTO quotes (id, quote_date, valid_until, customer_name, lines, total_cents, total_quantity, origin, access_key) VALUES (?, '2026-01-01', '2026-01-31', 'Other', '[]', 100, 1, 'email', 'other-key')`,
    )
      .bind(next(1))
      .run();
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
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        postJson('/api/email/quote', { ...body, recipient_email: `parallel-${i}@example.co.za` }, ip()).then((r) => r.json<any>()),
      ),
    );
    const ids = new Set(answers.map((a) => a.quote_id));
    expect(ids.size).toBe(10);
    for (const id of ids) expect((await quoteRow(id))!.customer_email).toMatch(/^parallel-\d@example\.co\.za$/);
  });

  it(
    'is rate limited per client: the 11th quote e-mail within 10 minutes is a 429',
    async () => {
      const client = { 'CF-Connecting-IP': '198.51.100.251' };
      const body = (i: number) => emailQuoteBody({ send_copy_to_business: false, recipient_email: `client-limit-${i}@example.co.za` });
      await clearOfWindowEnd(600);
      for (let i = 0; i < 10; i++) expect((await postJson('/api/email/quote', await body(i), client)).status).toBe(201);
      const limited = await postJson('/api/email/quote', await body(10), client);
      expect(limited.status).toBe(429);
      expect(limited.headers.get('Retry-After')).toMatch(/^\d+$/);
    },
    WINDOW_WAIT_TIMEOUT_MS,
  );

  it('is rate limited per recipient too: the 11th quote e-mail to one address in a day is a 429, from any client', async () => {
    const body = await emailQuoteBody({ send_copy_to_business: false, recipient_email: 'Flooded@Example.co.za' });
    for (let i = 0; i < 10; i++)
      expect(
        (await postJson('/api/email/quote', { ...body, recipient_email: i % 2 ? 'flooded@example.co.za' : body.recipient_email }, ip()))
          .status,
      ).toBe(201);
    const limited = await postJson('/api/email/quote', body, ip());
    expect(limited.status).toBe(429);
    expect((await limited.json<any>()).message).toMatch(
      /^Flooded@Example\.co\.za has been sent several quotes already\. Please wait \d+ (hours|minutes)? ?/,
    );
    expect(limited.headers.get('Retry-After')).toMatch(/^\d+$/);
  });
});
