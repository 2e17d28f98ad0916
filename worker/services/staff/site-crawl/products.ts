// Products read from a page: schema.org Product JSON-LD first, then microdata, then the
// page's structure (h1, meta description, breadcrumbs or URL for the category, colour lists or
// swatches, a 'Features' list). Prices are kept only in rand (ZAR), as integer cents.
import { attributesOf, elements, metaContent, startTagsWith, textOf } from './html';

export interface ExtractedProduct {
  name: string;
  description: string;
  category: string;
  colours: string[];
  features: string[];
  /** The page it was found on. */
  url: string;
  /** Where it came from: 'json-ld' | 'microdata' | 'page'. */
  source: 'json-ld' | 'microdata' | 'page';
  /** Price in ZAR cents when the page states one. */
  priceCents?: number;
  /** The price is a 'from' price (lowest of a range), not for one size. */
  fromPrice?: boolean;
  /** The size the price is for, when stated. */
  widthMm?: number;
  dropMm?: number;
}

const MAX_TEXT = 600;
const MAX_LIST = 60;
const clip = (text: string, max = MAX_TEXT) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);
const clean = (value: unknown): string =>
  typeof value === 'string' ? clip(textOf(value)) : typeof value === 'number' ? String(value) : '';

function uniqueText(values: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of values) {
    const value = raw.replace(/\s+/g, ' ').trim();
    const key = value.toLowerCase();
    if (!value || value.length > 80 || seen.has(key)) continue;
    seen.add(key);
    out.push(value);
    if (out.length >= MAX_LIST) break;
  }
  return out;
}

/** 'roller-blinds' -> 'Roller Blinds' */
function titleCase(slug: string): string {
  return decodeURIComponent(slug)
    .replace(/[-_]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\b\w/g, (c) => c.toUpperCase());
}

/** A rand amount: 'R 1 234,50', 'R1,234.50', '1234.5', 1234.5 -> cents; null when it is not one. */
export function randToCents(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value > 0 ? Math.round(value * 100) : null;
  if (typeof value !== 'string') return null;
  let digits = value.replace(/^\s*(?:ZAR|R)\s*/i, '').replace(/[\s\u00a0]/g, '');
  // A decimal comma (en-ZA) or a thousands comma: two digits after the last separator means decimals.
  const decimal = /[.,](\d{1,2})$/.exec(digits);
  if (decimal) digits = `${digits.slice(0, decimal.index).replace(/[.,]/g, '')}.${decimal[1]}`;
  else digits = digits.replace(/[.,]/g, '');
  if (!/^\d+(?:\.\d{1,2})?$/.test(digits)) return null;
  const cents = Math.round(Number(digits) * 100);
  return cents > 0 ? cents : null;
}

/** '1200 x 1500 mm', '1200mm x 1500mm', '120 x 150 cm' -> millimetres, width first. */
export function sizeFromText(text: string): { widthMm: number; dropMm: number } | null {
  const m = /(\d{2,4}(?:[.,]\d+)?)\s*(mm|cm|m)?\s*(?:x|×|by)\s*(\d{2,4}(?:[.,]\d+)?)\s*(mm|cm|m)\b/i.exec(text);
  if (!m) return null;
  const unit = (m[4] ?? m[2] ?? 'mm').toLowerCase();
  const factor = unit === 'cm' ? 10 : unit === 'm' ? 1000 : 1;
  const widthMm = Math.round(Number(m[1]!.replace(',', '.')) * factor);
  const dropMm = Math.round(Number(m[3]!.replace(',', '.')) * factor);
  if (widthMm < 100 || dropMm < 100 || widthMm > 10_000 || dropMm > 10_000) return null;
  return { widthMm, dropMm };
}

const RAND_AMOUNT = /(from|vanaf)?\s*(?:R|ZAR)\s?(\d{1,3}(?:[ ,\u00a0]\d{3})+(?:[.,]\d{2})?|\d+(?:[.,]\d{2})?)(?![\d])/i;

/** The first rand price written in a text, and whether it says 'from'. */
export function randPriceFromText(text: string): { priceCents: number; fromPrice: boolean } | null {
  const m = RAND_AMOUNT.exec(text);
  if (!m) return null;
  const priceCents = randToCents(m[2]!);
  return priceCents ? { priceCents, fromPrice: Boolean(m[1]) } : null;
}

// --- JSON-LD ---------------------------------------------------------------------------------

type Json = Record<string, unknown>;

function isType(node: Json, type: string): boolean {
  const t = node['@type'];
  return t === type || (Array.isArray(t) && t.includes(type));
}

/** Every object in a JSON-LD document: arrays, @graph and nested values (ItemList items, offers...). */
function* nodes(value: unknown, depth = 0): Generator<Json> {
  if (depth > 8 || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) yield* nodes(item, depth + 1);
    return;
  }
  const node = value as Json;
  yield node;
  for (const [key, child] of Object.entries(node)) {
    if (key === 'offers' || key === 'brand' || key === 'aggregateRating' || key === 'review') continue;
    yield* nodes(child, depth + 1);
  }
}

function textList(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(textList);
  if (typeof value === 'string') return value.split(/\s*[,;|/]\s*/).map((v) => clean(v));
  if (value && typeof value === 'object') return textList((value as Json).name ?? (value as Json).value);
  return [];
}

function offersOf(value: unknown): Json[] {
  if (Array.isArray(value)) return value.flatMap(offersOf);
  if (value && typeof value === 'object') {
    const node = value as Json;
    if (Array.isArray(node.offers) || (node.offers && typeof node.offers === 'object')) return [node, ...offersOf(node.offers)];
    return [node];
  }
  return [];
}

function priceOfOffers(offers: Json[]): Pick<ExtractedProduct, 'priceCents' | 'fromPrice' | 'widthMm' | 'dropMm'> {
  const priced: { cents: number; from: boolean; size: ReturnType<typeof sizeFromText> }[] = [];
  for (const offer of offers) {
    const currency = typeof offer.priceCurrency === 'string' ? offer.priceCurrency.toUpperCase() : null;
    if (currency && currency !== 'ZAR') continue;
    const spec = offer.priceSpecification as Json | undefined;
    const low = randToCents(offer.lowPrice ?? undefined);
    const price = low ?? randToCents(offer.price ?? spec?.price);
    if (!price) continue;
    priced.push({
      cents: price,
      from: low !== null || isType(offer, 'AggregateOffer'),
      size: sizeFromText(clean(offer.name) + ' ' + clean(offer.description)),
    });
  }
  if (priced.length === 0) return {};
  // Several offers: the lowest is the 'from' price unless one size is named.
  const lowest = priced.reduce((a, b) => (b.cents < a.cents ? b : a));
  const fromPrice = lowest.from || (priced.length > 1 && !lowest.size);
  return { priceCents: lowest.cents, fromPrice, ...(lowest.size && !fromPrice ? lowest.size : {}) };
}

function fromJsonLd(html: string, url: string): ExtractedProduct[] {
  const products: ExtractedProduct[] = [];
  for (const script of elements(html, 'script')) {
    if (!/^application\/ld\+json$/i.test((script.attributes.type ?? '').trim())) continue;
    let doc: unknown;
    try {
      doc = JSON.parse(script.inner.trim());
    } catch {
      continue;
    }
    for (const node of nodes(doc)) {
      if (!isType(node, 'Product') && !isType(node, 'ProductGroup')) continue;
      const name = clean(node.name);
      if (!name) continue;
      const features = [
        ...textList(node.features ?? node.feature),
        ...(Array.isArray(node.additionalProperty)
          ? (node.additionalProperty as Json[]).map((p) => [clean(p.name), clean(p.value)].filter(Boolean).join(': '))
          : []),
      ];
      const price = priceOfOffers(offersOf(node.offers));
      const stated = sizeFromText(name);
      products.push({
        name,
        description: clean(node.description),
        category: textList(node.category)[0] ?? '',
        colours: uniqueText([...textList(node.color), ...textList(node.colour)]),
        features: uniqueText(features),
        url,
        source: 'json-ld',
        ...price,
        ...(price.priceCents && !price.fromPrice && !price.widthMm && stated ? stated : {}),
      });
    }
  }
  return products;
}

// --- microdata -------------------------------------------------------------------------------

function fromMicrodata(html: string, url: string): ExtractedProduct[] {
  const scopes = startTagsWith(html, 'itemtype').filter(
    (t) => /schema\.org\/Product\b/i.test(t.attributes.itemtype ?? '') && 'itemscope' in t.attributes,
  );
  const products: ExtractedProduct[] = [];
  scopes.forEach((scope, i) => {
    const section = html.slice(scope.end, scopes[i + 1]?.index ?? html.length);
    const props = new Map<string, string[]>();
    for (const tag of startTagsWith(section, 'itemprop')) {
      const value =
        tag.attributes.content ??
        (tag.tag === 'meta' || tag.tag === 'link'
          ? (tag.attributes.href ?? '')
          : textOf(/^([\s\S]*?)<\//.exec(section.slice(tag.end))?.[1] ?? ''));
      for (const prop of (tag.attributes.itemprop ?? '').split(/\s+/)) props.set(prop, [...(props.get(prop) ?? []), value.trim()]);
    }
    const name = clip(props.get('name')?.[0] ?? '');
    if (!name) return;
    const currency = (props.get('priceCurrency')?.[0] ?? 'ZAR').toUpperCase();
    const low = randToCents(props.get('lowPrice')?.[0]);
    const priceCents = currency === 'ZAR' ? (low ?? randToCents(props.get('price')?.[0])) : null;
    const size = sizeFromText(name);
    products.push({
      name,
      description: clip(props.get('description')?.[0] ?? ''),
      category: props.get('category')?.[0] ?? '',
      colours: uniqueText([...(props.get('color') ?? []), ...(props.get('colour') ?? [])]),
      features: [],
      url,
      source: 'microdata',
      ...(priceCents ? { priceCents, fromPrice: low !== null || !size, ...(low === null && size ? size : {}) } : {}),
    });
  });
  return products;
}

// --- page structure --------------------------------------------------------------------------

/** The HTML after the first heading whose text matches, up to the next heading of any level. */
function sectionAfterHeading(html: string, heading: RegExp): string | null {
  for (const m of html.matchAll(/<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1>/gi)) {
    if (!heading.test(textOf(m[2]!))) continue;
    const rest = html.slice(m.index! + m[0].length);
    const next = /<h[1-6]\b/i.exec(rest);
    return next ? rest.slice(0, next.index) : rest;
  }
  return null;
}

function listItems(html: string): string[] {
  return elements(html, 'li').map((li) => textOf(li.inner));
}

function categoryOf(html: string, url: string, name: string): string {
  for (const tag of ['nav', 'ol', 'ul', 'div']) {
    for (const el of elements(html, tag)) {
      const label = `${el.attributes['aria-label'] ?? ''} ${el.attributes.class ?? ''} ${el.attributes.id ?? ''}`;
      if (!/breadcrumb/i.test(label)) continue;
      const crumbs = [...el.inner.matchAll(/<(?:a|li|span)\b[^>]*>([\s\S]*?)<\/(?:a|li|span)>/gi)]
        .map((m) => textOf(m[1]!))
        .filter((t) => t && !/^(home|products?|shop)$/i.test(t) && t.toLowerCase() !== name.toLowerCase());
      const unique = [...new Set(crumbs)];
      if (unique.length > 0) return clip(unique.at(-1)!, 80);
    }
  }
  const segments = new URL(url).pathname.split('/').filter(Boolean);
  const parent = segments.length >= 2 ? segments.at(-2)! : '';
  return parent && !/^(products?|shop|p)$/i.test(parent) ? titleCase(parent) : '';
}

function coloursOf(html: string): string[] {
  const colours: string[] = [];
  const section = sectionAfterHeading(html, /colou?rs?\b/i);
  if (section) colours.push(...listItems(section));
  for (const tag of ['ul', 'ol', 'div']) {
    for (const el of elements(html, tag)) {
      const label = `${el.attributes['aria-label'] ?? ''} ${el.attributes.class ?? ''} ${el.attributes.id ?? ''}`;
      if (/colou?r|swatch/i.test(label)) colours.push(...listItems(el.inner));
    }
  }
  for (const m of html.matchAll(/<[a-z]+\b[^>]*class\s*=\s*["'][^"']*swatch[^"']*["'][^>]*>/gi)) {
    const a = attributesOf(m[0]);
    const value = a['data-colour'] ?? a['data-color'] ?? a.title ?? a['aria-label'];
    if (value) colours.push(value);
  }
  return uniqueText(colours);
}

function fromPageStructure(html: string, url: string): ExtractedProduct | null {
  const h1 = elements(html, 'h1')[0];
  const name = h1 ? clip(textOf(h1.inner), 160) : '';
  if (!name) return null;
  const colours = coloursOf(html);
  const featureSection = sectionAfterHeading(html, /^(key\s+)?features\b/i);
  const features = featureSection ? uniqueText(listItems(featureSection)) : [];
  const priceHtml = elements(html, 'main')[0]?.inner ?? html;
  const priceTag = /<[a-z]+\b[^>]*class\s*=\s*["'][^"']*\bprice\b[^"']*["'][^>]*>([\s\S]*?)<\//i.exec(priceHtml);
  const price = randPriceFromText(textOf(priceTag?.[1] ?? '')) ?? null;
  // A page is a product page when it says something product-like beyond a heading.
  if (colours.length === 0 && features.length === 0 && !price) return null;
  const size = price ? sizeFromText(textOf(priceTag?.[0] ? priceHtml.slice(priceTag.index, priceTag.index + 400) : name)) : null;
  const description = metaContent(html, 'description') ?? textOf(elements(html, 'p')[0]?.inner ?? '');
  return {
    name,
    description: clip(description),
    category: categoryOf(html, url, name),
    colours,
    features,
    url,
    source: 'page',
    ...(price ? { priceCents: price.priceCents, fromPrice: price.fromPrice || !size, ...(size && !price.fromPrice ? size : {}) } : {}),
  };
}

/** The products on one page: structured data when the page has it, else its structure. */
export function extractProducts(html: string, url: string): ExtractedProduct[] {
  const structured = fromJsonLd(html, url);
  const found = structured.length > 0 ? structured : fromMicrodata(html, url);
  if (found.length === 0) {
    const page = fromPageStructure(html, url);
    return page ? [page] : [];
  }
  // One structured product on the page: the page fills what its data left out.
  if (found.length === 1) {
    const product = found[0]!;
    if (!product.category) product.category = categoryOf(html, url, product.name);
    if (product.colours.length === 0) product.colours = coloursOf(html);
    if (product.features.length === 0) {
      const section = sectionAfterHeading(html, /^(key\s+)?features\b/i);
      if (section) product.features = uniqueText(listItems(section));
    }
    if (!product.description) product.description = clip(metaContent(html, 'description') ?? '');
  }
  return found;
}

/** One entry per product name; colours and features of duplicates are merged. */
export function dedupeProducts(products: ExtractedProduct[]): ExtractedProduct[] {
  const byKey = new Map<string, ExtractedProduct>();
  for (const product of products) {
    const key = product.name.toLowerCase().replace(/\s+/g, ' ');
    const existing = byKey.get(key);
    if (!existing) {
      byKey.set(key, { ...product, colours: [...product.colours], features: [...product.features] });
      continue;
    }
    existing.colours = uniqueText([...existing.colours, ...product.colours]);
    existing.features = uniqueText([...existing.features, ...product.features]);
    if (!existing.description) existing.description = product.description;
    if (!existing.category) existing.category = product.category;
    if (existing.priceCents === undefined && product.priceCents !== undefined) {
      Object.assign(existing, {
        priceCents: product.priceCents,
        fromPrice: product.fromPrice,
        widthMm: product.widthMm,
        dropMm: product.dropMm,
      });
    }
  }
  return [...byKey.values()];
}
