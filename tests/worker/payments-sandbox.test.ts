import { env, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { submitSandboxCheckout } from '../../worker/services/payments/sandbox';
import { BASE, clientIp } from './helpers';
import { insertOrder, orderRow, paymentRows } from './payments-fixtures';
import { GOOD_CARD, startCheckout, submit } from './payments-sandbox-fixtures';

const NBSP = '\u00a0';

describe('sandbox checkout (PAYMENT_PROVIDER=sandbox)', () => {
  it('creates a hosted checkout on this site and records provider and checkout id on the order', async () => {
    const order = await insertOrder();
    const url = await startCheckout(order.reference);
    expect(url).toMatch(/^https:\/\/shop\.test\/pay\/sandbox\/sbx_chk_[a-z2-7]{24}$/);
    const row = await orderRow(order.reference);
    expect(row.paymentProvider).toBe('sandbox');
    expect(row.checkoutId).toBe(url.split('/').pop());
    expect(row.paymentStatus).toBe('pending');
  });

  it('renders the checkout page: merchant, reference, amount, card form, test cards; no inline script or style', async () => {
    const order = await insertOrder({ totalCents: 162_400 });
    const res = await SELF.fetch(await startCheckout(order.reference));
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(res.headers.get('Content-Security-Policy')).toContain("script-src 'self'");
    const page = await res.text();
    expect(page).toContain('<p class="sbx-merchant">Custom Blinds</p>');
    expect(page).toContain(`<dd>${order.reference}</dd>`);
    expect(page).toContain(`<h1>Pay R${NBSP}1${NBSP}624,00</h1>`);
    for (const label of ['Card number', 'Expiry date', 'Security code (CVC)', 'Name on card']) expect(page).toContain(`>${label}</label>`);
    expect(page).toContain('autocomplete="cc-number"');
    expect(page).toContain('<code>4242 4242 4242 4242</code> succeeds');
    expect(page).toContain('<code>4000 0000 0000 0002</code> is declined');
    expect(page).toMatch(/<button type="submit" name="action" value="pay" class="sbx-pay">Pay R/);
    expect(page).toContain('value="cancel" class="sbx-cancel" formnovalidate>Cancel</button>');
    expect(page).toContain('<link rel="stylesheet" href="/sandbox-checkout.css" />');
    expect(page).toMatch(/This checkout is open for 30 minutes, until \d{2}:\d{2} \(South African time\)\./);
    expect(page).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=/i);
  });

  it('escapes what it shows (the merchant name comes from configuration)', async () => {
    const { sandboxCheckoutPage } = await import('../../worker/services/payments/sandbox-page');
    const page = await sandboxCheckoutPage(
      {
        id: 'sbx_chk_aaaaaaaaaaaaaaaaaaaaaaaa',
        reference: 'CB-"><script>',
        amountCents: 100,
        currency: 'ZAR',
        merchantName: '<img src=x onerror=alert(1)>',
        createdAt: new Date().toISOString(),
        expiresAt: new Date(Date.now() + 60_000).toISOString(),
        status: 'open',
        urls: { success: 'x', cancel: 'x', failure: 'x' },
      },
      { card_number: '"><b>', expiry: '', cvc: '', name: '' },
    );
    const text = page.toString();
    expect(text).not.toContain('<img src=x');
    expect(text).not.toContain('"><script>');
    expect(text).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(text).toContain('value="&quot;&gt;&lt;b&gt;"');
  });

  it('pays with 4242 4242 4242 4242: 303 to the success page, order paid, one payment row', async () => {
    const order = await insertOrder();
    const url = await startCheckout(order.reference);
    const res = await submit(url, GOOD_CARD);
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe(`${BASE}/payment-success?reference=${order.reference}`);
    const row = await orderRow(order.reference);
    expect(row.paymentStatus).toBe('paid');
    expect(row.paidAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const rows = await paymentRows(order.reference);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ provider: 'sandbox', status: 'succeeded', amountCents: order.totalCents });
    expect(rows[0]!.providerPaymentId).toMatch(/^sbx_pay_/);
    // The card number is never stored.
    expect(JSON.stringify(rows[0]!.raw)).not.toContain('4242');
  });

  it('a repeated submit (double click) lands on the same page and records one payment', async () => {
    const order = await insertOrder();
    const url = await startCheckout(order.reference);
    const [first, second] = [await submit(url, GOOD_CARD), await submit(url, GOOD_CARD)];
    expect(first.headers.get('Location')).toBe(second.headers.get('Location'));
    expect(await paymentRows(order.reference)).toHaveLength(1);
    const again = await SELF.fetch(url, { redirect: 'manual' });
    expect(again.status).toBe(303);
    expect(again.headers.get('Location')).toBe(`${BASE}/payment-success?reference=${order.reference}`);
  });

  it('declines 4000 0000 0000 0002: the failed page, the order is not paid; a new checkout can then pay', async () => {
    const order = await insertOrder();
    const url = await startCheckout(order.reference);
    const res = await submit(url, { ...GOOD_CARD, card_number: '4000000000000002' });
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe(`${BASE}/payment-failed?reference=${order.reference}`);
    expect((await orderRow(order.reference)).paymentStatus).toBe('failed');
    expect((await paymentRows(order.reference)).map((p) => p.status)).toEqual(['failed']);

    const retry = await startCheckout(order.reference);
    expect(retry).not.toBe(url);
    expect((await orderRow(order.reference)).paymentStatus).toBe('pending');
    expect((await submit(retry, GOOD_CARD)).headers.get('Location')).toBe(`${BASE}/payment-success?reference=${order.reference}`);
    expect((await orderRow(order.reference)).paymentStatus).toBe('paid');
  });

  it('Cancel goes to the cancelled page and marks the order cancelled, without a card', async () => {
    const order = await insertOrder();
    const url = await startCheckout(order.reference);
    const res = await submit(url, { action: 'cancel' });
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe(`${BASE}/payment-cancelled?reference=${order.reference}`);
    const row = await orderRow(order.reference);
    expect(row.paymentStatus).toBe('cancelled');
    expect(row.paidAt).toBeNull();
  });

  it('an invalid card number (Luhn) re-renders the form with the error; nothing is charged', async () => {
    const order = await insertOrder();
    const url = await startCheckout(order.reference);
    const res = await submit(url, { ...GOOD_CARD, card_number: '4242 4242 4242 4241' });
    expect(res.status).toBe(422);
    const page = await res.text();
    expect(page).toContain('role="alert"');
    expect(page).toContain('<a href="#card_number">That card number is not valid. Check the digits and try again.</a>');
    expect(page).toMatch(/id="card_number"[^>]*aria-describedby="card_number-error"[^>]*aria-invalid="true"/);
    expect(page).toContain('value="4242 4242 4242 4241"');
    expect((await orderRow(order.reference)).paymentStatus).toBe('pending');
    expect(await paymentRows(order.reference)).toHaveLength(0);
  });

  it('asks for a future expiry, a CVC and a name, and only takes the listed test cards', async () => {
    const order = await insertOrder();
    const url = await startCheckout(order.reference);
    const page = await (
      await submit(url, { card_number: '5555 5555 5555 4444', expiry: '01/20', cvc: '1', name: ' ', action: 'pay' })
    ).text();
    expect(page).toContain('This is a test checkout: use one of the test cards listed below.');
    expect(page).toContain('This card has expired. Use a future expiry date.');
    expect(page).toContain('Enter the 3 or 4 digit security code (CVC).');
    expect(page).toContain('Enter the name on the card.');
    expect(await paymentRows(order.reference)).toHaveLength(0);
  });

  it('an expired checkout (30 minutes) charges nothing', async () => {
    const order = await insertOrder();
    const id = (await startCheckout(order.reference)).split('/').pop()!;
    const later = new Date(Date.now() + 31 * 60_000);
    const result = await submitSandboxCheckout(
      env,
      id,
      'pay',
      { card_number: '4242424242424242', expiry: '12/40', cvc: '123', name: 'T' },
      later,
    );
    expect(result.kind).toBe('expired');
    expect(await paymentRows(order.reference)).toHaveLength(0);
  });

  it('an unknown checkout shows a not-found page', async () => {
    const res = await SELF.fetch(`${BASE}/pay/sandbox/sbx_chk_aaaaaaaaaaaaaaaaaaaaaaaa`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('<h1>Checkout not found</h1>');
    expect((await submit(`${BASE}/pay/sandbox/not-an-id`, GOOD_CARD)).status).toBe(404);
  });

  it('the charged amount is the order total whatever amount the client sends', async () => {
    const order = await insertOrder({ totalCents: 245_050 });
    const url = await startCheckout(order.reference, clientIp(), { amount: 1, total: 1, product_name: 'Cheap' });
    expect(await (await SELF.fetch(url)).text()).toContain(`Pay R${NBSP}2${NBSP}450,50`);
    await submit(url, GOOD_CARD);
    expect((await paymentRows(order.reference))[0]!.amountCents).toBe(245_050);
  });
});
