// What search engines, AI agents and link previews read in the HTML the Worker sends.
// Each page of the route table gets its own title and description (worker/shared/route-meta.ts);
// public pages add a canonical URL, Open Graph and schema.org JSON-LD (the business on every public
// page, its products with their price range on the landing page); private pages get noindex.
// Prices come from the same cached grids as the calculator (services/pricing.ts), so a staff
// upload shows here as soon as the calculator sees it, and a page costs no D1 read of its own.
import type { Env } from '../env';
import { publicOrigin } from '../lib/origin';
import { documentTitle, LOGO_IMAGE_PATH, pageMetaFor, PUBLIC_PAGES, SOCIAL_IMAGE, type PageMetaMatch } from '../shared/route-meta';
import { HERO_POSTER } from '../shared/landing-first-screen';
import { landingFirstScreenHtml } from './first-screen';
import { PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig } from '../shared/public-config';
import { html, SafeHtml } from '../lib/html';
import { formatRandFromCents, randDecimal } from '../shared/money';
import { gridForProduct } from './pricing';
import { productCatalogue, type CatalogueProduct } from './product-catalog';

/** The storefront's service area (spec section 1: 'Mossel Bay to Plettenberg Bay'), west to east. */
export const GARDEN_ROUTE_TOWNS = ['Mossel Bay', 'George', 'Wilderness', 'Sedgefield', 'Knysna', 'Plettenberg Bay'] as const;

export interface PageHead {
  title: string;
  description: string;
  /** Absolute; null on private pages (they are not to be indexed under any URL). */
  canonical: string | null;
  robots: 'index, follow' | 'noindex, nofollow';
  /** Open Graph og:url; null like canonical. */
  url: string | null;
  ogType: 'website';
  siteName: string;
  image: { url: string; width: number; height: number; type: string; alt: string };
  /** schema.org objects, one <script type="application/ld+json"> for all. Empty on private pages. */
  jsonLd: Record<string, unknown>[];
  /** Written into the page, so the app's first render needs no GET /api/config. */
  publicConfig: PublicConfig;
  /** HTML for the app's empty root: the landing page's first screen, painted before any script runs. */
  firstScreen: string | null;
  /** Fetched at once, at high priority: the first screen's largest image. */
  preloadImage: string | null;
}

/** Whether a path is a page of the route table, so its HTML gets a head of its own (no D1 read). */
export function hasOwnHead(config: PublicConfig, pathname: string): boolean {
  return pageMetaFor(pathname, config.assistantName).kind !== 'unknown';
}

/**
 * The head for a path of the route table; null for a path the app answers with its 404 page.
 * `config` is the business configuration the browser also gets (GET /api/config).
 */
export async function pageHeadFor(env: Env, config: PublicConfig, requestUrl: string): Promise<PageHead | null> {
  const match = pageMetaFor(new URL(requestUrl).pathname, config.assistantName);
  if (match.kind === 'unknown') return null;
  const origin = publicOrigin(env, requestUrl);
  const image = {
    url: origin + SOCIAL_IMAGE.path,
    width: SOCIAL_IMAGE.width,
    height: SOCIAL_IMAGE.height,
    type: SOCIAL_IMAGE.type,
    alt: `${config.businessName}: made-to-measure blinds, shutters and awnings`,
  };
  const landing = match.kind === 'public' && match.page.path === '/';
  const base = {
    title: documentTitle(match, config.businessName),
    ogType: 'website' as const,
    siteName: config.businessName,
    image,
    publicConfig: config,
    firstScreen: landing ? landingFirstScreenHtml(config) : null,
    preloadImage: landing ? HERO_POSTER : null,
  };
  if (match.kind === 'private') {
    return { ...base, description: PUBLIC_PAGES[0].description, canonical: null, url: null, robots: 'noindex, nofollow', jsonLd: [] };
  }
  const url = origin + match.page.path;
  return {
    ...base,
    description: match.page.description,
    canonical: url,
    url,
    robots: 'index, follow',
    jsonLd: await structuredData(env.DB, config, origin, match),
  };
}

interface PricedProduct {
  product: CatalogueProduct;
  lowCents: number;
  highCents: number;
  offerCount: number;
}

/**
 * The products with a price list staff uploaded. Seeded grids are sample prices (DESIGN.md
 * section 6): the storefront labels them as such, but structured data cannot carry the label, so
 * a search result would show them as real prices. Those products are left out until priced.
 */
export async function pricedProducts(db: D1Database): Promise<PricedProduct[]> {
  const catalogue = await productCatalogue(db);
  const priced: PricedProduct[] = [];
  for (const product of catalogue.products) {
    const grid = await gridForProduct(db, product.id);
    if (!grid || grid.isSample) continue;
    const cells = grid.pricesCents.flat().filter((cents) => Number.isFinite(cents) && cents > 0);
    if (cells.length === 0) continue;
    priced.push({ product, lowCents: Math.min(...cells), highCents: Math.max(...cells), offerCount: cells.length });
  }
  return priced;
}

async function structuredData(
  db: D1Database,
  config: PublicConfig,
  origin: string,
  match: Extract<PageMetaMatch, { kind: 'public' }>,
): Promise<Record<string, unknown>[]> {
  let priced: PricedProduct[] = [];
  try {
    priced = await pricedProducts(db);
  } catch (err) {
    // The page still answers, with the business but without prices.
    console.error(JSON.stringify({ level: 'error', message: 'page-meta: products unavailable', error: String(err) }));
  }
  const businessId = `${origin}/#business`;
  const imageUrl = origin + SOCIAL_IMAGE.path;
  const business: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'HomeAndConstructionBusiness',
    '@id': businessId,
    name: config.businessName,
    description: PUBLIC_PAGES[0].description,
    url: `${origin}/`,
    image: imageUrl,
    logo: origin + LOGO_IMAGE_PATH,
    // Unset contacts are not shown (wrangler.toml).
    ...(config.phone.national || config.phone.gardenRoute ? { telephone: config.phone.national || config.phone.gardenRoute } : {}),
    ...(config.email ? { email: config.email } : {}),
    address: { '@type': 'PostalAddress', addressRegion: 'Western Cape', addressCountry: 'ZA' },
    areaServed: [...GARDEN_ROUTE_TOWNS.map((name) => ({ '@type': 'City', name })), { '@type': 'Country', name: 'South Africa' }],
    currenciesAccepted: 'ZAR',
    ...(config.mainWebsiteUrl ? { sameAs: [config.mainWebsiteUrl] } : {}),
  };
  if (priced.length > 0) {
    const low = Math.min(...priced.map((p) => p.lowCents));
    const high = Math.max(...priced.map((p) => p.highCents));
    business.priceRange = `${formatRandFromCents(low)} - ${formatRandFromCents(high)}`;
  }
  const graph: Record<string, unknown>[] = [business];
  if (match.page.path === '/') {
    for (const { product, lowCents, highCents, offerCount } of priced) {
      graph.push({
        '@context': 'https://schema.org',
        '@type': 'Product',
        '@id': `${origin}/#product-${product.id}`,
        name: product.name,
        description: product.description,
        image: [imageUrl],
        sku: product.id,
        brand: { '@type': 'Brand', name: config.businessName },
        offers: {
          '@type': 'AggregateOffer',
          priceCurrency: 'ZAR',
          lowPrice: randDecimal(lowCents),
          highPrice: randDecimal(highCents),
          offerCount,
          availability: 'https://schema.org/MadeToOrder',
          url: `${origin}/quote-calculator`,
          seller: { '@id': businessId },
        },
      });
    }
  }
  return graph;
}

/** JSON inside <script>: nothing in a value can close the element or open a comment. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The tags, as one HTML fragment for the end of <head>. */
export function renderHead(head: PageHead): string {
  const tags: SafeHtml[] = [
    html`<title>${head.title}</title>`,
    html`<meta name="description" content="${head.description}">`,
    html`<meta name="robots" content="${head.robots}">`,
  ];
  if (head.canonical) tags.push(html`<link rel="canonical" href="${head.canonical}">`);
  tags.push(
    html`<meta property="og:type" content="${head.ogType}">`,
    html`<meta property="og:site_name" content="${head.siteName}">`,
    html`<meta property="og:locale" content="en_ZA">`,
    html`<meta property="og:title" content="${head.title}">`,
    html`<meta property="og:description" content="${head.description}">`,
  );
  if (head.url) tags.push(html`<meta property="og:url" content="${head.url}">`);
  tags.push(
    html`<meta property="og:image" content="${head.image.url}">`,
    html`<meta property="og:image:type" content="${head.image.type}">`,
    html`<meta property="og:image:width" content="${String(head.image.width)}">`,
    html`<meta property="og:image:height" content="${String(head.image.height)}">`,
    html`<meta property="og:image:alt" content="${head.image.alt}">`,
    html`<meta name="twitter:card" content="summary_large_image">`,
  );
  tags.push(new SafeHtml(`<script type="application/json" id="${PUBLIC_CONFIG_ELEMENT_ID}">${jsonForScript(head.publicConfig)}</script>`));
  if (head.preloadImage) tags.push(html`<link rel="preload" as="image" href="${head.preloadImage}" fetchpriority="high">`);
  if (head.jsonLd.length > 0) {
    const data = head.jsonLd.length === 1 ? head.jsonLd[0] : head.jsonLd;
    tags.push(new SafeHtml(`<script type="application/ld+json">${jsonForScript(data)}</script>`));
  }
  return tags.map(String).join('\n    ');
}

/** The landing page's app code starts from /boot.js once the page has loaded (web/public/boot.js). */
export const BOOT_SCRIPT = '/boot.js';

/**
 * Replaces whatever the built index.html has for these tags, so each appears exactly once. A page
 * with a first screen gets it in its root, and its module script is handed to /boot.js: the
 * stylesheet and the hero's picture get the connection first, the code follows once they are in.
 */
export function withPageHead(response: Response, head: PageHead): Response {
  const remove = { element: (element: Element) => void element.remove() };
  let entry: string | null = null;
  const preloads: string[] = [];
  let rewriter = new HTMLRewriter()
    .on('head title', remove)
    .on('meta[name="description"]', remove)
    .on('meta[name="robots"]', remove)
    .on('link[rel="canonical"]', remove)
    .on('meta[property^="og:"]', remove)
    .on('meta[name^="twitter:"]', remove)
    .on('script[type="application/ld+json"]', remove)
    .on(`script#${PUBLIC_CONFIG_ELEMENT_ID}`, remove);
  if (head.firstScreen) {
    const firstScreen = head.firstScreen;
    rewriter = rewriter
      .on('script[type="module"][src]', {
        element: (element) => {
          entry ??= element.getAttribute('src');
          element.remove();
        },
      })
      .on('link[rel="modulepreload"][href]', {
        element: (element) => {
          preloads.push(element.getAttribute('href')!);
          element.remove();
        },
      })
      .on('div#root', { element: (element) => void element.setInnerContent(firstScreen, { html: true }) });
  }
  return rewriter
    .on('head', {
      element: (element) => {
        element.append(renderHead(head), { html: true });
        element.onEndTag((end) => {
          if (entry)
            end.before(
              String(html`<script src="${BOOT_SCRIPT}" data-entry="${entry}" data-preload="${preloads.join(' ')}" defer></script>`),
              { html: true },
            );
        });
      },
    })
    .transform(response);
}
