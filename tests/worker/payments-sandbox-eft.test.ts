// The sandbox's instant EFT page: the offline stand-in for Ozow while PAYMENT_PROVIDER names the
// sandbox (and no ozow). Each outcome Ozow can report (complete, cancelled, error) goes through the
// sandbox's signed notification and is recorded like any payment, marked as a test payment.
import { env, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { submitSandboxCheckout } from '../../worker/services/payments/sandbox';
import { BASE, clientIp, postJson } from './helpers';
import { OZOW } from './ozow-fixtures';
import { appRequest, createPayment, insertOrder, orderRow, outboxRows, paymentRows } from './payments-fixtures';
import { GOOD_CARD, submit } from './payments-sandbox-fixtures';

const TEST_NOTE = 'Test payment: no money was taken';

async function startEft(reference: string): Promise<string> {
  const res = await postJson(
    '/api/payment/create',
    { quote_id: reference, customer_info: {}, method: 'instant_eft' },
    { 'CF-Connecting-IP': clientIp() },
  );
  expect(res.status).toBe(200);
  const body = await res.json<{ checkout_url: string; provider: string }>();
  expect(body.provider).toBe('sandbox');
  return body.checkout_url;
}

describe('instant EFT through the sandbox (PAYMENT_PROVIDER=sandbox)', () => {
  it('GET /api/config offers card and instant EFT, the instant EFT marked as the test page', async () => {
    const config = await (await SELF.fetch(`${BASE}/api/config`)).json<{ payment: Record<string, unknown> }>();
    expect(config.payment).toMatchObject({ card: true, instantEft: true, instantEftTest: true });
  });

  it('renders a test bank page that says no money is taken, with the three outcomes and no card form', async () => {
    const order = await insertOrder({ totalCents: 162_400 });
    const url = await startEft(order.reference);
    expect(url).toMatch(/^https:\/\/shop\.test\/pay\/sandbox\/sbx_chk_[a-z2-7]{24}$/);
    const res = await SELF.fetch(url);
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain('Test checkout: no real money is charged');
    expect(page).toContain('by instant EFT</h1>');
    expect(page).toContain('no bank is contacted and no money is taken');
    expect(page).toContain(`<dd>${order.reference}</dd>`);
    expect(page).toContain('value="pay" class="sbx-pay">Approve the payment of R');
    expect(page).toContain('value="fail" class="sbx-cancel">The bank reports an error</button>');
    expect(page).toContain('value="cancel" class="sbx-cancel">Cancel</button>');
    expect(page).not.toContain('Card number');
    expect(page).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=/i);
  });

  it('approving pays the order once, as a test payment with its receipt; a repeat changes nothing', async () => {
    const order = await insertOrder();
    const url = await startEft(order.reference);
    const res = await submit(url, { action: 'pay' });
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe(`${BASE}/payment-success?reference=${order.reference}`);
    expect((await orderRow(order.reference)).paymentStatus).toBe('paid');
    const again = await submit(url, { action: 'pay' });
    expect(again.headers.get('Location')).toBe(`${BASE}/payment-success?reference=${order.reference}`);
    const rows = await paymentRows(order.reference);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ provider: 'sandbox', status: 'succeeded', amountCents: order.totalCents });
    const api = await (await SELF.fetch(`${BASE}/api/orders/${order.reference}`)).json<{ order: { test_payment: boolean } }>();
    expect(api.order.test_payment).toBe(true);
    const [receipt] = await outboxRows(`payment-receipt:${order.reference}`);
    expect(receipt!.text).toContain(`${TEST_NOTE}.`);
  });

  it('cancel and a bank error are recorded as the card checkout records them (cancelled, failed: not paid), each on its own page', async () => {
    const cancelled = await insertOrder();
    const cancel = await submit(await startEft(cancelled.reference), { action: 'cancel' });
    expect(cancel.headers.get('Location')).toBe(`${BASE}/payment-cancelled?reference=${cancelled.reference}`);
    expect((await orderRow(cancelled.reference)).paymentStatus).toBe('cancelled');
    expect(await paymentRows(cancelled.reference)).toMatchObject([{ status: 'cancelled' }]);

    const failed = await insertOrder();
    const fail = await submit(await startEft(failed.reference), { action: 'fail' });
    expect(fail.headers.get('Location')).toBe(`${BASE}/payment-failed?reference=${failed.reference}`);
    expect((await orderRow(failed.reference)).paymentStatus).toBe('failed');
    expect(await paymentRows(failed.reference)).toMatchObject([{ status: 'failed' }]);
  });

  it('an instant EFT checkout takes no card form, and a card checkout no bank outcome', async () => {
    const order = await insertOrder();
    const url = await startEft(order.reference);
    const id = url.split('/').pop()!;
    expect(
      await submitSandboxCheckout(env, id, 'pay', { card_number: GOOD_CARD.card_number, expiry: '12/30', cvc: '123', name: 'x' }),
    ).toEqual({
      kind: 'not_found',
    });
    expect((await orderRow(order.reference)).paymentStatus).toBe('pending');

    const other = await insertOrder();
    const card = await postJson(
      '/api/payment/create',
      { quote_id: other.reference, customer_info: {} },
      { 'CF-Connecting-IP': clientIp() },
    );
    const cardUrl = (await card.json<{ checkout_url: string }>()).checkout_url;
    // 'fail' is not a card action: the card form is checked (and is empty), nothing is recorded.
    expect((await submit(cardUrl, { action: 'fail' })).status).toBe(422);
    expect(await paymentRows(other.reference)).toHaveLength(0);
  });

  it('beside ozow, instant EFT is Ozow and never the sandbox; a card-only or no-gateway set-up offers no instant EFT', async () => {
    const order = await insertOrder();
    const yoco = { PAYMENT_PROVIDER: 'yoco', YOCO_SECRET_KEY: 'sk_test_x', YOCO_WEBHOOK_SECRET: 'whsec_dGVzdA==' };
    const res = await createPayment({ quote_id: order.reference, customer_info: {}, method: 'instant_eft' }, yoco);
    expect(res.status).toBe(409);
    const ozow = await appRequest('/api/config', { method: 'GET' }, { ...OZOW, PAYMENT_PROVIDER: 'sandbox,ozow' });
    expect((await ozow.json<any>()).payment).toMatchObject({ instantEft: true, instantEftTest: false });
    const config = await (
      await appRequest('/api/config', { method: 'GET' }, { PAYMENT_PROVIDER: 'none', APP_ENV: 'production' })
    ).json<any>();
    expect(config.payment).toMatchObject({ card: false, instantEft: false, instantEftTest: false });
  });
});
