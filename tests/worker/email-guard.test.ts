// The shop's e-mails cannot be borrowed: every e-mail to a customer that an anonymous request can
// cause (order confirmations, orders from stored quotes, payment starts, quote e-mails) passes one
// guard. It shows a name only when it is a plain name (letters, spaces, apostrophes, hyphens), and
// it holds per-recipient (normalised address) and global daily limits, shared by all those e-mails.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { app } from '../../worker/app';
import type { Env } from '../../worker/env';
import { hitLimit } from '../../worker/middleware/rate-limit';
import { coloursForProduct } from '../../worker/services/catalog';
import { CUSTOMER_EMAIL_DAILY_CAP, CUSTOMER_EMAIL_RECIPIENT_LIMIT } from '../../worker/services/email/customer-email-guard';
import { trackingUpdateEmail } from '../../worker/services/email/tracking-emails';
import { paymentReceiptEmail } from '../../worker/services/payments/receipt';
import { postJson } from './helpers';

const PHISHING_NAMES = ['Your account is locked - verify at https://evil.example/login', 'Click evil.de/r now'];
/** Words of the phishing names: none may reach an e-mail to the customer. */
const PHISHING_WORDS = ['evil', 'locked', 'verify at', 'Click', '/r now', '/login'];

let ipCounter = 0;
/** Each call from its own client address: the per-client limits are not what these tests pin. */
const ip = () => ({ 'CF-Connecting-IP': `203.0.113.${(ipCounter++ % 250) + 1}` });

let mailboxCounter = 0;
/** A fresh mailbox per test, so the per-recipient limit only counts what the test sends. */
const mailbox = (who = 'victim') => `${who}.${Date.now().toString(36)}.${++mailboxCounter}@example.org`;

interface OutboxRow {
  dedupe_key: string;
  kind: string;
  to_address: string;
  to_name: string | null;
  subject: string;
  html: string;
  text: string;
}

async function mailTo(address: string): Promise<OutboxRow[]> {
  return (await env.DB.prepare('SELECT * FROM email_outbox WHERE lower(to_address) = lower(?) ORDER BY id').bind(address).all<OutboxRow>())
    .results;
}

async function mailByKey(prefix: string): Promise<OutboxRow[]> {
  return (await env.DB.prepare('SELECT * FROM email_outbox WHERE dedupe_key LIKE ? ORDER BY id').bind(`${prefix}%`).all<OutboxRow>())
    .results;
}

function expectNoPhishing(mails: readonly OutboxRow[]) {
  for (const mail of mails) {
    for (const part of [mail.subject, mail.html, mail.text, mail.to_name ?? '']) {
      for (const word of PHISHING_WORDS) expect(part, `${mail.dedupe_key} carries '${word}'`).not.toContain(word);
    }
  }
}

async function colour(product = 'roller-blockout'): Promise<string> {
  return (await coloursForProduct(env.DB, product)).colours[0]!.name;
}

async function orderBody(name: string, email: string) {
  return {
    customer_name: name,
    customer_email: email,
    customer_phone: '082 555 0101',
    customer_address: '1 Main Road, Knysna',
    special_instructions: 'Please phone before delivery',
    blinds: [
      {
        product_type: 'roller-blockout',
        product_name: 'Roller Blind - Blockout',
        width_mm: 1200,
        drop_mm: 1500,
        control_side: 'left',
        mount_type: 'inside-recess',
        colour: await colour(),
        quantity: 1,
        price: 1,
      },
    ],
  };
}

function appRequest(path: string, body: unknown, overrides: Partial<Env> = {}): Promise<Response> {
  return Promise.resolve(
    app.request(
      `https://shop.test${path}`,
      { method: 'POST', headers: { 'Content-Type': 'application/json', ...ip() }, body: JSON.stringify(body) },
      { ...env, ...overrides },
    ),
  );
}

/** A quote stored for the business (no customer e-mail): its number and key, to order or pay it. */
async function storedQuote(): Promise<{ quote_id: string; access_key: string }> {
  const body = {
    quote_id: `CB-${String(Math.floor(Math.random() * 900_000) + 100_000)}`,
    blinds: [{ product_type: 'roller-blockout', width_mm: 1200, drop_mm: 1500, colour: await colour(), quantity: 1 }],
  };
  const res = await postJson('/api/email/quote-internal', body, ip());
  expect(res.status).toBe(201);
  return res.json();
}

async function submitOrder(name: string, email: string): Promise<string> {
  const res = await postJson('/api/orders/submit', await orderBody(name, email), ip());
  expect(res.status).toBe(201);
  return (await res.json<any>()).order.reference;
}

describe('a phishing name reaches no e-mail to the customer', () => {
  it("POST /api/orders/submit: each phishing name is stored as typed but greeted neutrally; a plain name 'Zoë O'Neil-Smith' is kept", async () => {
    for (const name of PHISHING_NAMES) {
      const email = mailbox();
      const reference = await submitOrder(name, email);
      const stored = await env.DB.prepare('SELECT customer_name FROM orders WHERE reference = ?')
        .bind(reference)
        .first<{ customer_name: string }>();
      expect(stored!.customer_name).toBe(name);
      const mails = await mailTo(email);
      expect(mails.map((m) => m.kind)).toEqual(['order-confirmation']);
      expect(mails[0]!.subject).toContain(reference);
      expect(mails[0]!.text).toContain('Hi there,');
      expect(mails[0]!.html).toContain('Thank you for your order');
      expect(mails[0]!.to_name).toBeNull();
      expectNoPhishing(mails);
      // Staff still see what was typed, in the business's own mailbox.
      const [business] = await mailByKey(`order-confirmation:${reference}:business`);
      expect(business!.to_address).toBe('info@example.co.za');
      expect(business!.text).toContain(name);
    }

    const name = "Zoë O'Neil-Smith";
    const email = mailbox('zoe');
    await submitOrder(name, email);
    const [mail] = await mailTo(email);
    expect(mail!.to_name).toBe(name);
    expect(mail!.text).toContain(`Hi ${name},`);
    expect(mail!.html).toContain('Thank you for your order, Zoë O&#39;Neil-Smith');
  });

  it.each(PHISHING_NAMES)('POST /api/quotes/{id}/order with %j', async (name) => {
    const quote = await storedQuote();
    const email = mailbox();
    const res = await postJson(
      `/api/quotes/${quote.quote_id}/order`,
      { quote_key: quote.access_key, customer_info: { name, email } },
      ip(),
    );
    expect(res.status).toBe(200);
    const mails = await mailTo(email);
    expect(mails.map((m) => m.kind)).toEqual(['order-confirmation']);
    expect(mails[0]!.text).toContain('Hi there,');
    expectNoPhishing(mails);
  });

  it.each(PHISHING_NAMES)('POST /api/payment/create for a stored quote with %j', async (name) => {
    const quote = await storedQuote();
    const email = mailbox();
    // The seeded prices are samples: only outside production does a payment start for them.
    const res = await appRequest(
      '/api/payment/create',
      { quote_id: quote.quote_id, quote_key: quote.access_key, customer_info: { name, email } },
      { APP_ENV: 'development' },
    );
    expect(res.status).toBe(200);
    const mails = await mailTo(email);
    expect(mails.map((m) => m.kind)).toEqual(['order-confirmation']);
    expectNoPhishing(mails);
  });

  it("POST /api/email/quote: each phishing name is refused (400) and queues nothing; 'Zoë O'Neil-Smith' is kept", async () => {
    const quoteBody = async (name: string, email: string) => ({
      recipient_email: email,
      recipient_name: name,
      quote_id: `CB-${String(Math.floor(Math.random() * 900_000) + 100_000)}`,
      blinds: [{ product_type: 'roller-blockout', width_mm: 1200, drop_mm: 1500, colour: await colour(), quantity: 1 }],
      send_copy_to_business: false,
    });
    for (const name of PHISHING_NAMES) {
      const email = mailbox();
      const res = await postJson('/api/email/quote', await quoteBody(name, email), ip());
      expect(res.status, name).toBe(400);
      expect((await res.json<any>()).issues[0].path).toBe('recipient_name');
      expect(await mailTo(email)).toEqual([]);
    }
    const name = "Zoë O'Neil-Smith";
    const email = mailbox('zoe');
    expect((await postJson('/api/email/quote', await quoteBody(name, email), ip())).status).toBe(201);
    const [mail] = await mailTo(email);
    expect(mail!.to_name).toBe(name);
    expect(mail!.text).toContain(`Hi ${name},`);
  });
});

describe("e-mails that follow an order carry the order's name only when it is a plain name", () => {
  it.each(PHISHING_NAMES)('the payment receipt and the tracking e-mail for an order placed as %j greet neutrally', async (name) => {
    const order = {
      reference: 'CB-ABCDEFGH23',
      customerName: name,
      customerEmail: 'victim@example.org',
      totalCents: 162_400,
      paymentStatus: 'pending' as const,
      paymentProvider: 'sandbox',
      checkoutId: null,
    };
    const receipt = await paymentReceiptEmail(env, order, 162_400, 'sandbox');
    const tracking = trackingUpdateEmail(
      env,
      {
        id: 'trk-1',
        trackingNumber: 'TRK123',
        orderId: order.reference,
        courierName: 'The Courier Guy',
        estimatedDelivery: null,
        latest: { status: 'in_transit', message: 'On its way', location: null, timestamp: new Date().toISOString() },
        historyIndex: 0,
      },
      { name, email: order.customerEmail },
      'https://shop.test',
    );
    const mails = [receipt, tracking].map((m) => ({
      dedupe_key: m.dedupeKey,
      kind: m.kind,
      to_address: m.to,
      to_name: m.toName ?? null,
      subject: m.subject,
      html: m.html,
      text: m.text,
    }));
    expectNoPhishing(mails);
    expect(receipt.text).toContain('Hi there,');
  });
});

describe('the per-recipient limit counts every kind of customer e-mail, by normalised address', () => {
  it(`after ${CUSTOMER_EMAIL_RECIPIENT_LIMIT.limit} a day to one mailbox: orders are still taken without the customer's e-mail, quotes are refused`, async () => {
    const local = `ayanda.${Date.now().toString(36)}`;
    const spellings = (i: number) =>
      [`${local}+${i}@gmail.com`, `${local.replace('.', '')}@googlemail.com`, `${local.toUpperCase()}@GMAIL.COM`][i % 3]!;
    const references: string[] = [];
    for (let i = 0; i < CUSTOMER_EMAIL_RECIPIENT_LIMIT.limit; i++) references.push(await submitOrder('Ayanda Dube', spellings(i)));
    for (const reference of references) expect(await mailByKey(`order-confirmation:${reference}:customer`)).toHaveLength(1);

    const over = await submitOrder('Ayanda Dube', `${local}+more@gmail.com`);
    expect(await mailByKey(`order-confirmation:${over}:customer`)).toEqual([]);
    // The business still hears of the order.
    expect(await mailByKey(`order-confirmation:${over}:business`)).toHaveLength(1);

    const quote = await postJson(
      '/api/email/quote',
      {
        recipient_email: `${local}@gmail.com`,
        recipient_name: 'Ayanda Dube',
        quote_id: `CB-${String(Math.floor(Math.random() * 900_000) + 100_000)}`,
        blinds: [{ product_type: 'roller-blockout', width_mm: 1200, drop_mm: 1500, colour: await colour(), quantity: 1 }],
      },
      ip(),
    );
    expect(quote.status).toBe(429);
  });
});

// Last in this file: it uses up the day's cap (each test file has its own limiter storage).
describe('the global daily cap', () => {
  it(`after ${CUSTOMER_EMAIL_DAILY_CAP.limit} customer e-mails a day: orders are taken, no confirmation goes to the customer, the business is alerted once`, async () => {
    for (let i = 0; i < CUSTOMER_EMAIL_DAILY_CAP.limit; i++) {
      try {
        await hitLimit(env, CUSTOMER_EMAIL_DAILY_CAP, 'all', '');
      } catch {
        break;
      }
    }
    const day = new Date().toISOString().slice(0, 10);
    for (let i = 0; i < 2; i++) {
      const email = mailbox('late');
      const reference = await submitOrder('Lerato Mokoena', email);
      expect(await mailTo(email)).toEqual([]);
      expect(await mailByKey(`order-confirmation:${reference}:business`)).toHaveLength(1);
    }
    const alerts = await mailByKey('customer-email-cap:');
    expect(alerts.map((r) => [r.dedupe_key, r.to_address])).toEqual([[`customer-email-cap:${day}`, 'info@example.co.za']]);
    expect(alerts[0]!.text).toContain(`${CUSTOMER_EMAIL_DAILY_CAP.limit} e-mails to customers`);
  });
});
