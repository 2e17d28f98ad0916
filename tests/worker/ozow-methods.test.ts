// PAYMENT_PROVIDER names more than one way to pay (a card gateway and ozow): the public
// configuration says which can take a payment, each is started by its own method, and the ways to
// pay the shop does not offer are refused. Ozow's redirect back (a form post to the result page)
// is answered with the page itself, never trusted.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Env } from '../../worker/env';
import { publicConfig } from '../../worker/routes/config';
import { payPhrase } from '../../worker/shared/public-config';
import { coloursForProduct } from '../../worker/services/catalog';
import worker from '../../worker/index';
import { BASE } from './helpers';
import { appRequest, createPayment, insertOrder } from './payments-fixtures';
import { OZOW } from './ozow-fixtures';

const YOCO = { YOCO_SECRET_KEY: 'sk_test_methods', YOCO_WEBHOOK_SECRET: 'whsec_dGVzdA==' };
const payment = (overrides: Partial<Env>) => publicConfig({ ...env, ...overrides }).payment;

describe('PAYMENT_PROVIDER with more than one way to pay', () => {
  it('offers each configured method that can take a payment, and no other', () => {
    expect(payment({ ...OZOW, ...YOCO, PAYMENT_PROVIDER: 'yoco,ozow' })).toMatchObject({ card: true, instantEft: true });
    expect(payment({ ...OZOW, PAYMENT_PROVIDER: ' Sandbox , OZOW ' })).toMatchObject({ card: true, instantEft: true });
    expect(payment({ ...OZOW, PAYMENT_PROVIDER: 'ozow' })).toMatchObject({ card: false, instantEft: true });
    // The sandbox alone stands in for both (its instant EFT is a test page, said so); beside ozow, Ozow's is real.
    expect(payment({ ...OZOW, PAYMENT_PROVIDER: 'sandbox' })).toMatchObject({ card: true, instantEft: true, instantEftTest: true });
    expect(payment({ ...OZOW, PAYMENT_PROVIDER: 'sandbox,ozow' })).toMatchObject({ card: true, instantEft: true, instantEftTest: false });
    expect(payment({ ...OZOW, ...YOCO, PAYMENT_PROVIDER: 'yoco' })).toMatchObject({ card: true, instantEft: false, instantEftTest: false });
    // Ozow named without its keys: not offered (the log says what is missing when it is tried).
    expect(payment({ ...OZOW, OZOW_API_KEY: '', PAYMENT_PROVIDER: 'sandbox,ozow' })).toMatchObject({ card: true, instantEft: false });
    expect(payment({ ...OZOW, OZOW_API_KEY: '', PAYMENT_PROVIDER: 'yoco,ozow', ...YOCO })).toMatchObject({ card: true, instantEft: false });
    // A list that cannot mean anything offers nothing rather than a guess.
    expect(payment({ ...OZOW, ...YOCO, PAYMENT_PROVIDER: 'yoco,sandbox,ozow' })).toMatchObject({ card: false, instantEft: false });
    expect(payment({ ...OZOW, PAYMENT_PROVIDER: 'none,ozow' })).toMatchObject({ card: false, instantEft: false });
    expect(payment({ ...OZOW, PAYMENT_PROVIDER: 'ozow,stripe' })).toMatchObject({ card: false, instantEft: false });
  });

  it('names the ways to pay in the order South Africans expect them', () => {
    const bank = { accountName: 'a', bankName: 'b', accountNumber: '1', branchCode: '2', accountType: 'c' };
    expect(payPhrase({ card: true, instantEft: true, bankTransfer: bank })).toBe('pay by card, instant EFT or bank transfer');
    expect(payPhrase({ card: false, instantEft: true, bankTransfer: bank })).toBe('pay by instant EFT or bank transfer');
    expect(payPhrase({ card: true, instantEft: false, bankTransfer: null })).toBe('pay by card');
    expect(payPhrase({ card: false, instantEft: false, bankTransfer: null })).toBe('arrange payment with our team');
  });

  it('GET /api/config tells the web app, and each method starts its own gateway', async () => {
    const config = await appRequest('/api/config', { method: 'GET' }, OZOW);
    expect((await config.json<any>()).payment).toMatchObject({ card: true, instantEft: true });
    const order = await insertOrder();
    const card = await createPayment({ quote_id: order.reference }, OZOW);
    expect(await card.json()).toMatchObject({ provider: 'sandbox' });
    const eft = await createPayment({ quote_id: order.reference, method: 'instant_eft' }, OZOW);
    expect(await eft.json()).toMatchObject({ provider: 'ozow' });
    const unknown = await createPayment({ quote_id: order.reference, method: 'bitcoin' }, OZOW);
    expect(unknown.status).toBe(400);
    // Ozow alone: no card checkout.
    const noCard = await createPayment({ quote_id: order.reference }, { ...OZOW, PAYMENT_PROVIDER: 'ozow' });
    expect(noCard.status).toBe(409);
  });

  it('an order on a site taking instant EFT only links to its page to pay, and its e-mail says how', async () => {
    const colour = (await coloursForProduct(env.DB, 'roller-blockout')).colours[0]!.name;
    // The Worker itself with a context (the e-mails are sent after the answer). Development: the seeded
    // grids are sample prices, which elsewhere are never offered for payment.
    const ctx = createExecutionContext();
    const res = (await worker.fetch!(
      new Request(`${BASE}/api/orders/submit`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '198.51.100.231' },
        body: JSON.stringify({
          customer_name: 'Naledi Khumalo',
          customer_email: 'naledi@example.co.za',
          customer_phone: '082 555 0199',
          blinds: [{ product_type: 'roller-blockout', width_mm: 1000, drop_mm: 1400, colour, quantity: 1 }],
        }),
      }) as Request<unknown, IncomingRequestCfProperties>,
      { ...env, ...OZOW, PAYMENT_PROVIDER: 'ozow', APP_ENV: 'development' },
      ctx,
    )) as Response;
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(201);
    const { reference, paymentUrl } = await res.json<{ reference: string; paymentUrl: string | null }>();
    expect(paymentUrl).toContain(`/order-confirmation?ref=${reference}&pay=1`);
    const email = await env.DB.prepare('SELECT text FROM email_outbox WHERE dedupe_key = ?')
      .bind(`order-confirmation:${reference}:customer`)
      .first<{ text: string }>();
    expect(email!.text).toContain('Pay securely by instant EFT from your order page');
    expect(email!.text).not.toMatch(/by card/);
  });

  it("Ozow's form post back to a result page is answered with that page by GET, its fields unread", async () => {
    for (const page of ['/payment-success', '/payment-cancelled', '/payment-failed']) {
      const res = await appRequest(
        `${page}?reference=CB-ABCDEF2345`,
        { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'Status=Complete&Hash=00' },
        OZOW,
      );
      expect(res.status).toBe(303);
      expect(res.headers.get('Location')).toBe(`${page}?reference=CB-ABCDEF2345`);
    }
  });
});
