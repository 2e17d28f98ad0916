// POST /api/email/quote cannot send mail in the business's name to arbitrary people:
// recipient limits count normalised addresses, a daily cap holds (with one alert to the business),
// and the customer's e-mail carries no request text beyond a short, link-free name.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { hitLimit } from '../../worker/middleware/rate-limit';
import { coloursForProduct } from '../../worker/services/catalog';
import { normaliseEmailAddress, QUOTE_EMAIL_DAILY_CAP, QUOTE_RECIPIENT_LIMIT } from '../../worker/services/quotes';
import { postJson } from './helpers';

let ipCounter = 0;
/** Each call from its own client address: the per-client limit is not what these tests pin. */
const ip = () => ({ 'CF-Connecting-IP': `198.51.100.${(ipCounter++ % 250) + 1}` });

let quoteCounter = 0;
async function quoteBody(overrides: Record<string, unknown> = {}) {
  const colour = (await coloursForProduct(env.DB, 'roller-blockout')).colours[0]!.name;
  return {
    recipient_email: `naledi.${++quoteCounter}@example.co.za`,
    recipient_name: 'Naledi Khumalo',
    quote_id: `CB-${String(300_000 + quoteCounter * 7).padStart(6, '0')}`,
    blinds: [{ product_type: 'roller-blockout', width_mm: 1200, drop_mm: 1500, colour, quantity: 1 }],
    send_copy_to_business: false,
    ...overrides,
  };
}

interface OutboxRow {
  dedupe_key: string;
  to_address: string;
  to_name: string | null;
  subject: string;
  html: string;
  text: string;
}

async function customerMail(quoteId: string): Promise<OutboxRow | null> {
  return env.DB.prepare('SELECT * FROM email_outbox WHERE dedupe_key = ?').bind(`quote:${quoteId}:customer`).first<OutboxRow>();
}

describe('normaliseEmailAddress', () => {
  it.each([
    ['Lerato.Dube@Example.co.za', 'lerato.dube@example.co.za'],
    ['lerato+quotes@example.co.za', 'lerato@example.co.za'],
    ['lerato+a+b@example.co.za', 'lerato@example.co.za'],
    ['L.e.r.a.t.o+x@GMAIL.com', 'lerato@gmail.com'],
    ['lerato.dube@googlemail.com', 'leratodube@gmail.com'],
    ['  lerato.dube@gmail.com. ', 'leratodube@gmail.com'],
    // Only Gmail ignores dots: elsewhere they name another mailbox.
    ['lerato.dube@outlook.com', 'lerato.dube@outlook.com'],
    ['+tag@example.co.za', '+tag@example.co.za'],
  ])('%s counts as %s', (address, normalised) => {
    expect(normaliseEmailAddress(address)).toBe(normalised);
  });
});

describe('the per-recipient limit', () => {
  it(`counts one mailbox however it is spelt: the ${QUOTE_RECIPIENT_LIMIT.limit + 1}th quote to it in a day is a 429`, async () => {
    const spellings = (i: number) =>
      [`Sipho.Ndlovu+${i}@gmail.com`, `siphondlovu+q${i}@googlemail.com`, `S.I.P.H.O.N.D.L.O.V.U@GMAIL.COM`][i % 3]!;
    for (let i = 0; i < QUOTE_RECIPIENT_LIMIT.limit; i++) {
      const res = await postJson('/api/email/quote', await quoteBody({ recipient_email: spellings(i) }), ip());
      expect(res.status, `quote ${i + 1}`).toBe(201);
    }
    const res = await postJson('/api/email/quote', await quoteBody({ recipient_email: 'sipho.ndlovu+new@gmail.com' }), ip());
    expect(res.status).toBe(429);
    expect((await res.json<any>()).message).toContain('has been sent several quotes already');
  });
});

describe('what reaches the customer', () => {
  it('a phishing note, link or product name in the request appears nowhere in the e-mail', async () => {
    const body = await quoteBody({
      notes: 'Your account is locked: log in at https://evil.example/login',
      message: 'Pay the deposit to account 123456 at www.evil.example',
      custom_message: 'URGENT: verify your card',
      customer_address: '1 Phish Street, Scamtown',
      special_instructions: 'Click here http://evil.example',
    });
    body.blinds = body.blinds.map((l) => ({
      ...l,
      product_name: 'Refund due - claim at https://evil.example/refund',
      id: 'https://evil.example',
    }));
    const res = await postJson('/api/email/quote', body, ip());
    expect(res.status).toBe(201);
    const { quote_id } = await res.json<any>();
    const mail = (await customerMail(quote_id))!;
    expect(mail.to_address).toBe(body.recipient_email);
    expect(mail.html).toContain('Roller');
    for (const part of [mail.html, mail.text, mail.subject]) {
      for (const phrase of ['evil.example', 'account is locked', 'deposit', 'URGENT', 'Phish Street', 'Click here', 'Refund due'])
        expect(part).not.toContain(phrase);
    }
  });

  it.each([
    ['a web address', 'Naledi, see https://evil.example'],
    ['www.', 'Claim your refund at www.evil.co.za'],
    ['a bare domain', 'Visit bit.ly now'],
    ['an e-mail address', 'Write to support@evil.example'],
    ['more than 60 characters', 'N'.repeat(61)],
  ])('a recipient name with %s is a 400, and nothing is queued', async (_what, name) => {
    const body = await quoteBody({ recipient_name: name });
    const res = await postJson('/api/email/quote', body, ip());
    expect(res.status).toBe(400);
    const answer = await res.json<any>();
    expect(answer.issues[0].path).toBe('recipient_name');
    expect(await customerMail(body.quote_id)).toBeNull();
  });

  it('the name is trimmed and its spaces collapsed; 60 characters are fine', async () => {
    const name = 'Thandiwe  Nomvula \n Mokoena-Dlamini';
    const res = await postJson('/api/email/quote', await quoteBody({ recipient_name: `  ${name}  ` }), ip());
    expect(res.status).toBe(201);
    const mail = (await customerMail((await res.json<any>()).quote_id))!;
    expect(mail.to_name).toBe('Thandiwe Nomvula Mokoena-Dlamini');
    expect(mail.text).toContain('Hi Thandiwe Nomvula Mokoena-Dlamini,');
    expect((await postJson('/api/email/quote', await quoteBody({ recipient_name: 'N'.repeat(60) }), ip())).status).toBe(201);
  });
});

// Last in this file: it uses up the day's cap (each test file has its own limiter storage).
describe('the daily cap on quote e-mails', () => {
  it(`after ${QUOTE_EMAIL_DAILY_CAP.limit} a day: a 429 asking the customer to call or WhatsApp, one alert to the business, nothing queued`, async () => {
    // The quotes above counted too; fill the rest of the day's budget through the limiter itself.
    for (let i = 0; i < QUOTE_EMAIL_DAILY_CAP.limit; i++) {
      try {
        await hitLimit(env, QUOTE_EMAIL_DAILY_CAP, 'all', '');
      } catch {
        break;
      }
    }
    const day = new Date().toISOString().slice(0, 10);
    for (let i = 0; i < 2; i++) {
      const body = await quoteBody();
      const res = await postJson('/api/email/quote', body, ip());
      expect(res.status).toBe(429);
      const answer = await res.json<any>();
      expect(answer.error).toBe('rate_limited');
      expect(answer.message).toMatch(
        /^We cannot e-mail any more quotes today\. Please call us on \+27[\d ]+ or WhatsApp us on \+27[\d ]+ and we will help you with your quote\.$/,
      );
      expect(await customerMail(body.quote_id)).toBeNull();
    }
    // The cap is the customer-e-mail guard's, shared with order confirmations: so is its alert.
    const { results } = await env.DB.prepare('SELECT * FROM email_outbox WHERE dedupe_key LIKE ?')
      .bind('customer-email-cap:%')
      .all<OutboxRow>();
    expect(results.map((r) => [r.dedupe_key, r.to_address])).toEqual([[`customer-email-cap:${day}`, 'info@example.co.za']]);
    expect(results[0]!.text).toContain(`${QUOTE_EMAIL_DAILY_CAP.limit} e-mails to customers`);
  });
});
