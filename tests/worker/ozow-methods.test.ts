// PAYMENT_PROVIDER names more than one way to pay (a card gateway and ozow): the public
// configuration says which can take a payment, each is started by its own method, and the ways to
// pay the shop does not offer are refused. Ozow's redirect back (a form post to the result page)
// is answered with the page itself, never trusted.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Env } from '../../worker/env';
import { publicConfig } from '../../worker/routes/config';
import { payPhrase } from '../../worker/shared/public-config';
import { appRequest, createPayment, insertOrder } from './payments-fixtures';
import { OZOW } from './ozow-fixtures';

const YOCO = { YOCO_SECRET_KEY: 'sk_test_methods', YOCO_WEBHOOK_SECRET: 'whsec_dGVzdA==' };
const payment = (overrides: Partial<Env>) => publicConfig({ ...env, ...overrides }).payment;

describe('PAYMENT_PROVIDER with more than one way to pay', () => {
  it('offers each configured method that can take a payment, and no other', () => {
    expect(payment({ ...OZOW, ...YOCO, PAYMENT_PROVIDER: 'yoco,ozow' })).toMatchObject({ card: true, instantEft: true });
    expect(payment({ ...OZOW, PAYMENT_PROVIDER: ' Sandbox , OZOW ' })).toMatchObject({ card: true, instantEft: true });
    expect(payment({ ...OZOW, PAYMENT_PROVIDER: 'ozow' })).toMatchObject({ card: false, instantEft: true });
    expect(payment({ ...OZOW, PAYMENT_PROVIDER: 'sandbox' })).toMatchObject({ card: true, instantEft: false });
    // Ozow named without its keys: not offered (the log says what is missing when it is tried).
    expect(payment({ ...OZOW, OZOW_API_KEY: '', PAYMENT_PROVIDER: 'sandbox,ozow' })).toMatchObject({ card: true, instantEft: false });
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
