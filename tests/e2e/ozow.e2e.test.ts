// A paid order by instant EFT in a browser: a site with PAYMENT_PROVIDER=sandbox,ozow (a second site
// of this file's own, the build of the global setup, its own port and data folder) whose
// OZOW_API_BASE is the Ozow stand-in (tests/stand-ins/ozow.ts) served here. The order page offers
// card, instant EFT and bank transfer in that order; 'Pay by instant EFT' goes to the stand-in's
// hosted page, which notifies the site server to server (signed with the private key) and sends the
// browser back with a form post, as Ozow does; the result page says 'Payment Successful' only once
// the site has the verified notification. At 375 px, axe clean.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleOzow, STAND_IN_OZOW } from '../stand-ins/ozow';
import { seriousAxeViolations } from './axe';
import { screenshot, useBrowser, watchErrors } from './browser';
import { startSecondSite, type SecondSite } from './second-site';

const browser = useBrowser();

let site: SecondSite | undefined;
let standIn: http.Server | undefined;
let baseUrl = '';
let ozowBase = '';

/** The stand-in in this process: Node's http in front of its web-standard handler. */
async function startStandIn(): Promise<string> {
  standIn = http.createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const url = new URL(req.url ?? '/', ozowBase);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
      const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : Buffer.concat(chunks);
      const answer = url.pathname.startsWith('/ozow/')
        ? await handleOzow(new Request(url, { method: req.method, headers, body }), url.pathname.slice('/ozow'.length), `${ozowBase}/ozow`)
        : new Response('Not found', { status: 404 });
      res.writeHead(answer.status, Object.fromEntries(answer.headers));
      res.end(Buffer.from(await answer.arrayBuffer()));
    })().catch((err: unknown) => {
      res.writeHead(500);
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => standIn!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(standIn.address() as { port: number }).port}`;
}

beforeAll(async () => {
  ozowBase = await startStandIn();
  site = await startSecondSite('ozow', {
    APP_ENV: 'development',
    PAYMENT_PROVIDER: 'sandbox,ozow',
    OZOW_SITE_CODE: STAND_IN_OZOW.siteCode,
    OZOW_PRIVATE_KEY: STAND_IN_OZOW.privateKey,
    OZOW_API_KEY: STAND_IN_OZOW.apiKey,
    OZOW_IS_TEST: 'true',
    OZOW_API_BASE: `${ozowBase}/ozow`,
  });
  baseUrl = site.baseUrl;
}, 300_000);

afterAll(async () => {
  await site?.stop();
  standIn?.closeAllConnections();
  standIn?.close();
}, 60_000);

describe('instant EFT with Ozow (stand-in)', () => {
  it('the order page offers card, instant EFT and bank transfer; paying by instant EFT at 375 px ends on a paid order', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, bypassCSP: true });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const colours = (await (await page.request.get(`${baseUrl}/api/colours/roller-blockout`)).json()) as { colours: { name: string }[] };
    const placed = await page.request.post(`${baseUrl}/api/orders/submit`, {
      data: {
        customer_name: 'Naledi Khumalo',
        customer_email: `ozow-${Date.now()}@example.co.za`,
        customer_phone: '082 555 0199',
        customer_address: '7 Waterfront Drive, Knysna',
        blinds: [{ product_type: 'roller-blockout', width_mm: 1200, drop_mm: 1500, colour: colours.colours[0]!.name, quantity: 1 }],
      },
    });
    expect(placed.status()).toBe(201);
    const { reference } = (await placed.json()) as { reference: string };

    await page.goto(`${baseUrl}/order-confirmation?ref=${reference}`);
    const eft = page.getByRole('button', { name: 'Pay by instant EFT' });
    await eft.waitFor();
    // Card first, then instant EFT, then bank transfer, each saying what happens next.
    const order = await page
      .locator('.pay-card, [data-testid="bank-transfer"]')
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-method') ?? n.getAttribute('data-testid')));
    expect(order).toEqual(['card', 'instant_eft', 'bank-transfer']);
    await page.getByRole('heading', { name: 'Instant EFT with Ozow' }).waitFor();
    await page.getByText(/approve the payment in your banking app/).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'ozow-order-page-375');

    await eft.click();
    await page.waitForURL((url) => url.href.startsWith(`${ozowBase}/ozow/pay/`));
    await page.getByRole('heading', { name: /Ozow stand-in: pay R [\d.]+ by bank/ }).waitFor();
    await page.getByRole('button', { name: 'Pay with my bank' }).click();

    // Back on the site by Ozow's form post, answered with the result page itself.
    await page.waitForURL(`${baseUrl}/payment-success?reference=${reference}`);
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
    await page.getByText(reference).first().waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'ozow-payment-success-375');

    // The server agrees: paid through Ozow, once.
    await expect
      .poll(async () => ((await (await page.request.get(`${baseUrl}/api/orders/${reference}`)).json()) as any).order.paymentStatus)
      .toBe('paid');
    expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
    await context.close();
  });

  it('cancelling at Ozow brings the customer back to a page that says so, and the order stays unpaid', async () => {
    const page = await browser.newPage();
    const colours = (await (await page.request.get(`${baseUrl}/api/colours/roller-blockout`)).json()) as { colours: { name: string }[] };
    const placed = await page.request.post(`${baseUrl}/api/orders/submit`, {
      data: {
        customer_name: 'Pieter van Wyk',
        customer_email: `ozow-cancel-${Date.now()}@example.co.za`,
        customer_phone: '082 555 0198',
        blinds: [{ product_type: 'roller-blockout', width_mm: 900, drop_mm: 1200, colour: colours.colours[0]!.name, quantity: 1 }],
      },
    });
    const { reference } = (await placed.json()) as { reference: string };
    await page.goto(`${baseUrl}/order-confirmation?ref=${reference}`);
    await page.getByRole('button', { name: 'Pay by instant EFT' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${ozowBase}/ozow/pay/`));
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(`${baseUrl}/payment-cancelled?reference=${reference}`);
    await page.getByRole('heading', { name: 'Payment Cancelled' }).waitFor();
    await expect
      .poll(async () => ((await (await page.request.get(`${baseUrl}/api/orders/${reference}`)).json()) as any).order.paymentStatus)
      .toBe('cancelled');
    await page.close();
  });
});
