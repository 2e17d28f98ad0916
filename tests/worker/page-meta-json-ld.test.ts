// 'Found by search engines and by AI agents': the schema.org JSON-LD in the HTML the Worker
// sends (services/page-meta.ts): the business with its configured contacts, the products following the
// price lists, and JSON in a <script> element that cannot close it. The rest of the head: page-meta.test.ts.
import { env, SELF } from 'cloudflare:test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicConfig } from '../../worker/routes/config';
import { GARDEN_ROUTE_TOWNS, jsonForScript, pageHeadFor, renderHead, withPageHead, type PageHead } from '../../worker/services/page-meta';
import { gridForProduct } from '../../worker/services/pricing';
import { BASE, postJson } from './helpers';
import {
  businessOf,
  canonicals,
  expectValidProduct,
  graphOf,
  metasNamed,
  ogs,
  pageHead,
  parseHead,
  productsOf,
} from './page-meta-fixtures';

describe('the business in JSON-LD', () => {
  it('has the configured contacts, the Garden Route towns and South Africa', async () => {
    const business = businessOf(graphOf((await pageHead('/tracking')).head));
    expect(business['@type']).toBe('HomeAndConstructionBusiness');
    expect(business.telephone).toBe('+27 21 000 0000');
    expect(business.email).toBe('info@example.co.za');
    expect(business.sameAs).toEqual(['https://example.co.za']);
    const served = business.areaServed.map((a: any) => a.name);
    for (const town of ['Mossel Bay', 'George', 'Knysna', 'Plettenberg Bay']) expect(served).toContain(town);
    expect(served).toEqual([...GARDEN_ROUTE_TOWNS, 'South Africa']);
    expect(business.areaServed.at(-1)['@type']).toBe('Country');
    expect(business.address).toMatchObject({ '@type': 'PostalAddress', addressCountry: 'ZA' });
  });

  it('leaves unset contacts out', async () => {
    const bare = { ...env, BUSINESS_PHONE_NATIONAL: '', BUSINESS_PHONE_GARDEN_ROUTE: '', BUSINESS_EMAIL: '', MAIN_WEBSITE_URL: '' };
    const head = (await pageHeadFor(bare, publicConfig(bare), `${BASE}/`))!;
    const business = head.jsonLd[0]!;
    expect(business).not.toHaveProperty('telephone');
    expect(business).not.toHaveProperty('email');
    expect(business).not.toHaveProperty('sameAs');
    expect(renderHead(head)).not.toContain('"telephone"');
  });

  it('uses the configured public origin for canonical, og:url, images and ids, like the sitemap', async () => {
    const configured = { ...env, PUBLIC_BASE_URL: 'https://www.customblinds.example/' };
    const head = (await pageHeadFor(configured, publicConfig(configured), 'https://preview.workers.dev/measurement?utm_source=x'))!;
    expect(head.canonical).toBe('https://www.customblinds.example/measurement');
    expect(head.url).toBe('https://www.customblinds.example/measurement');
    expect(head.image.url).toBe('https://www.customblinds.example/media/social-card.jpg');
    expect(head.jsonLd[0]).toMatchObject({ url: 'https://www.customblinds.example/', '@id': 'https://www.customblinds.example/#business' });
  });
});

describe('products in JSON-LD follow the price lists', () => {
  let staffCookie = '';
  let seedVersion = 0;
  const staffIp = '192.0.2.121';

  const asStaff = (path: string, init: RequestInit = {}) =>
    SELF.fetch(`${BASE}${path}`, {
      ...init,
      headers: { Cookie: staffCookie, Origin: BASE, 'CF-Connecting-IP': staffIp, ...(init.headers as Record<string, string>) },
    });

  function upload(name: string, csv: string) {
    const form = new FormData();
    form.append('price_lists', new File([csv], name, { type: 'text/csv' }));
    // Staff confirm: the cheap test cell (R 123,45) is a drop of more than half, which asks first.
    form.append('confirm', 'true');
    return asStaff('/api/pricing/bulk-upload', { method: 'POST', body: form });
  }

  /** The template CSV with every price set by `price(rand, row, column)`. */
  async function pricedTemplate(productId: string, price: (rand: number, row: number, col: number) => number): Promise<string> {
    const csv = await (await asStaff(`/api/pricing/template/${productId}`)).text();
    return csv
      .trim()
      .split(/\r?\n/)
      .map((line, i) =>
        i === 0
          ? line
          : line
              .split(',')
              .map((cell, j) => (j === 0 ? cell : price(Number(cell), i - 1, j - 1).toFixed(2)))
              .join(','),
      )
      .join('\r\n');
  }

  const landingProducts = async () => productsOf(graphOf((await pageHead('/')).head));

  beforeAll(async () => {
    const res = await postJson('/api/admin/session', { pin: '4321' }, { 'CF-Connecting-IP': staffIp });
    expect(res.status).toBe(200);
    staffCookie = res.headers
      .getSetCookie()
      .find((l) => l.startsWith('__Host-cb_staff='))!
      .split(';')[0]!;
    const versions = (await (await asStaff('/api/pricing/versions/roller-blockout')).json<any>()).versions;
    seedVersion = versions[0].version;
  });

  afterAll(async () => {
    await asStaff('/api/pricing/rollback/roller-blockout', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ version: seedVersion }),
    });
  });

  it('sample prices are not published as offers; an uploaded list is, with its lowest and highest grid price; a new list moves them', async () => {
    const grid = await gridForProduct(env.DB, 'roller-blockout');
    expect(grid?.isSample).toBe(true);
    expect((await landingProducts()).map((p) => p.sku)).not.toContain('roller-blockout');

    // The cheapest cell is not the first one: lowPrice is the grid's minimum, not its 'from' price.
    const first = await upload(
      'roller-blockout.csv',
      await pricedTemplate('roller-blockout', (rand, row, col) => (row === 1 && col === 1 ? 123.45 : rand + 500)),
    );
    expect(first.status).toBe(200);
    const uploaded = (await gridForProduct(env.DB, 'roller-blockout'))!;
    const cells = uploaded.pricesCents.flat();
    expect(Math.min(...cells)).toBe(12_345);

    let product = (await landingProducts()).find((p) => p.sku === 'roller-blockout')!;
    expect(product).toBeDefined();
    expectValidProduct(product);
    expect(product.name).toBe(uploaded.productName);
    expect(product.offers.lowPrice).toBe('123.45');
    expect(Number(product.offers.highPrice) * 100).toBeCloseTo(Math.max(...cells), 5);
    expect(product.offers.offerCount).toBe(cells.length);
    // The business's price range on every public page comes from the published prices.
    const business = businessOf(graphOf((await pageHead('/measurement')).head));
    expect(business.priceRange).toContain('123,45');
    expect(productsOf(graphOf((await pageHead('/measurement')).head))).toEqual([]);

    const second = await upload('roller-blockout.csv', await pricedTemplate('roller-blockout', (rand) => rand + 10));
    expect(second.status).toBe(200);
    const raised = (await gridForProduct(env.DB, 'roller-blockout'))!.pricesCents.flat();
    product = (await landingProducts()).find((p) => p.sku === 'roller-blockout')!;
    expect(Number(product.offers.lowPrice) * 100).toBeCloseTo(Math.min(...raised), 5);
    expect(product.offers.lowPrice).not.toBe('123.45');

    const back = await asStaff('/api/pricing/rollback/roller-blockout', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ version: seedVersion }),
    });
    expect(back.status).toBe(200);
    expect((await landingProducts()).map((p) => p.sku)).not.toContain('roller-blockout');
  });
});

describe('JSON in a <script> element', () => {
  it('cannot close the element: < > & are escaped, and the data reads back the same', async () => {
    const evil = { name: '</script><script>alert(1)</script><!-- & \u2028' };
    const text = jsonForScript(evil);
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual(evil);

    const head: PageHead = {
      ...(await pageHeadFor(env, publicConfig(env), `${BASE}/track`))!,
      jsonLd: [{ '@context': 'https://schema.org', ...evil }],
    };
    const parsed = await parseHead(`<html><head></head><body></body></html>`.replace('</head>', `${renderHead(head)}</head>`));
    expect(parsed.jsonLd).toHaveLength(1);
    expect(JSON.parse(parsed.jsonLd[0]!).name).toBe(evil.name);
  });

  it('replaces the built index.html own tags, so each appears once', async () => {
    // The head of web/index.html (plus tags a later build might add), as the Worker receives it.
    const built = `<!doctype html><html lang="en-ZA"><head><meta charset="UTF-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="description" content="Old description" />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <link rel="canonical" href="https://old.example/" />
      <meta property="og:title" content="Old" /><meta name="twitter:card" content="summary" />
      <script type="application/ld+json">{"old":true}</script>
      <title>Custom Blinds | Made-to-measure blinds, shutters and awnings</title></head><body><div id="root"></div></body></html>`;
    const head = (await pageHeadFor(env, publicConfig(env), `${BASE}/privacy`))!;
    const parsed = await parseHead(await withPageHead(new Response(built, { headers: { 'Content-Type': 'text/html' } }), head).text());
    expect(parsed.titles).toEqual(['Privacy Notice | Custom Blinds']);
    expect(metasNamed(parsed, 'description')).toEqual([head.description]);
    expect(canonicals(parsed)).toEqual([`${BASE}/privacy`]);
    expect(ogs(parsed, 'og:title')).toEqual(['Privacy Notice | Custom Blinds']);
    expect(metasNamed(parsed, 'twitter:card')).toEqual(['summary_large_image']);
    expect(parsed.jsonLd).toHaveLength(1);
    expect(JSON.parse(parsed.jsonLd[0]!)).not.toHaveProperty('old');
    expect(metasNamed(parsed, 'viewport')).toHaveLength(1);
    expect(parsed.links.filter((l) => l.rel === 'icon')).toHaveLength(1);
  });
});
