// Helpers of the page head tests (page-meta.test.ts, page-meta-json-ld.test.ts): a served page's head read
// back with HTMLRewriter, its JSON-LD graph, and the checks every business and product in it must pass.
import { SELF } from 'cloudflare:test';
import { expect } from 'vitest';
import { BASE, get } from './helpers';

export interface Head {
  titles: string[];
  metas: { name: string | null; property: string | null; content: string | null }[];
  links: { rel: string | null; href: string | null }[];
  jsonLd: string[];
}

export const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The head as a crawler reads it, parsed with the same HTML parser the Worker runs. */
export async function parseHead(htmlText: string): Promise<Head> {
  const head: Head = { titles: [], metas: [], links: [], jsonLd: [] };
  await new HTMLRewriter()
    .on('title', {
      element: () => void head.titles.push(''),
      text: (t) => void (head.titles[head.titles.length - 1] += t.text),
    })
    .on('meta', {
      element: (e) =>
        void head.metas.push({
          name: e.getAttribute('name'),
          property: e.getAttribute('property'),
          content: e.getAttribute('content') && decode(e.getAttribute('content')!),
        }),
    })
    .on('link', {
      element: (e) => void head.links.push({ rel: e.getAttribute('rel'), href: e.getAttribute('href') && decode(e.getAttribute('href')!) }),
    })
    .on('script[type="application/ld+json"]', {
      element: () => void head.jsonLd.push(''),
      text: (t) => void (head.jsonLd[head.jsonLd.length - 1] += t.text),
    })
    .transform(new Response(htmlText))
    .text();
  head.titles = head.titles.map(decode);
  return head;
}

export const metasNamed = (head: Head, name: string) => head.metas.filter((m) => m.name === name).map((m) => m.content);
export const ogs = (head: Head, property: string) => head.metas.filter((m) => m.property === property).map((m) => m.content);
export const canonicals = (head: Head) => head.links.filter((l) => l.rel === 'canonical').map((l) => l.href);

export async function pageHead(path: string, headers: Record<string, string> = {}): Promise<{ res: Response; head: Head; body: string }> {
  const res = await get(path, headers);
  const body = await res.text();
  return { res, head: await parseHead(body), body };
}

/** The JSON-LD of a page as one list of schema.org objects. */
export function graphOf(head: Head): Record<string, any>[] {
  expect(head.jsonLd).toHaveLength(1);
  const data = JSON.parse(head.jsonLd[0]!);
  return Array.isArray(data) ? data : [data];
}

export const LOCAL_BUSINESS_TYPES = ['LocalBusiness', 'HomeAndConstructionBusiness', 'HomeGoodsStore', 'Store'];
export const productsOf = (graph: Record<string, any>[]) => graph.filter((o) => o['@type'] === 'Product');
export const businessOf = (graph: Record<string, any>[]) => graph.find((o) => LOCAL_BUSINESS_TYPES.includes(o['@type']))!;

/** Google's LocalBusiness rich result: @type, name, address or areaServed; ours adds url, image, logo. */
export function expectValidBusiness(business: Record<string, any>) {
  expect(business['@context']).toBe('https://schema.org');
  expect(LOCAL_BUSINESS_TYPES).toContain(business['@type']);
  expect(business.name).toBe('Custom Blinds');
  expect(business.address ?? business.areaServed).toBeTruthy();
  expect(business.url).toBe(`${BASE}/`);
  expect(business.image).toMatch(/^https:\/\//);
  expect(business.logo).toMatch(/^https:\/\//);
}

/** Google's Product snippet: name, image, offers with price or lowPrice and priceCurrency. */
export function expectValidProduct(product: Record<string, any>) {
  expect(product['@context']).toBe('https://schema.org');
  expect(typeof product.name).toBe('string');
  expect(product.name.length).toBeGreaterThan(0);
  expect(product.description.length).toBeGreaterThan(0);
  expect(product.image.length).toBeGreaterThan(0);
  for (const url of product.image) expect(url).toMatch(/^https:\/\//);
  expect(product.brand).toMatchObject({ '@type': 'Brand', name: 'Custom Blinds' });
  expect(product.offers['@type']).toBe('AggregateOffer');
  expect(product.offers.priceCurrency).toBe('ZAR');
  expect(Number(product.offers.lowPrice)).toBeGreaterThan(0);
  expect(Number(product.offers.highPrice)).toBeGreaterThanOrEqual(Number(product.offers.lowPrice));
  expect(product.offers.offerCount).toBeGreaterThan(0);
  expect(product.offers.availability).toMatch(/^https:\/\/schema\.org\//);
  expect(product.offers.url).toMatch(/^https:\/\//);
}

export async function expectImage(url: string, type: RegExp) {
  const res = await SELF.fetch(url);
  expect(res.status, url).toBe(200);
  expect(res.headers.get('Content-Type'), url).toMatch(type);
  expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(1000);
}
