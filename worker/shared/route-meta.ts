// Every page's title and description, one table for both sides. The Worker writes them
// into the HTML it sends (worker/services/page-meta.ts, with canonical, Open Graph and JSON-LD) and
// the web app sets the same title on client-side navigation (web/src/lib/document-title.ts).
// Only type imports beside the path list: the web bundle includes this file.
import { PUBLIC_PAGE_PATHS, type PublicPagePath } from './public-page-paths';

export { PUBLIC_PAGE_PATHS, type PublicPagePath };

export interface PublicPageMeta {
  path: string;
  /** The page's own part of the title; the business name is added by documentTitle. */
  title: string;
  /** The search result snippet and link preview text (about 150 characters). */
  description: string;
}

/**
 * The storefront's public pages, in the sitemap's order: the only pages search engines are asked
 * to index (sitemap.xml lists exactly these). Staff screens, the payment gateway's pages, result
 * pages and per-customer pages (a receipt, a stored quote) are not here.
 */
export const PUBLIC_PAGES = [
  {
    path: '/',
    title: 'Made-to-measure blinds, shutters and awnings',
    description:
      'Made-to-measure blinds, shutters and awnings: Garden Route site visits from Mossel Bay to Plettenberg Bay, and online quotes and orders across South Africa.',
  },
  {
    path: '/measurement',
    title: 'Measure Your Windows',
    description:
      'Measure your windows for made-to-measure blinds: a Quick AI Scan with your camera, or four corners placed on a photo. With a step-by-step guide and tips.',
  },
  {
    path: '/measuring-guide',
    title: 'How to Measure Your Windows',
    description:
      'Measure your windows with a tape measure: inside the recess or face fix, three widths and three drops, and what our factory deducts for each blind.',
  },
  {
    path: '/fit-guarantee',
    title: 'Fit Guarantee',
    description:
      'A blind measured from your photo against an A4 sheet or a real size, and confirmed by our team from that photo, is remade at no cost if it does not fit.',
  },
  {
    path: '/quote-calculator',
    title: 'Online Blind Quotation',
    description:
      'Price made-to-measure blinds by width and drop, add every window to one quote, then e-mail it or order online. Prices in rand, including 15% VAT.',
  },
  {
    path: '/ar-measurement',
    title: 'AR Blind Visualiser',
    description:
      'See your chosen blind and colour on a photo of your own window before you order: venetian, roller, vertical, honeycomb and outdoor blinds.',
  },
  {
    path: '/shutters',
    title: 'Plantation Shutter Visualiser',
    description:
      'Upload a photo of your window, mark its four corners and see made-to-measure plantation shutters fitted over it, with the louvres open or closed.',
  },
  {
    path: '/room-walkthrough-rebuilt',
    title: 'Room Walk-Through',
    description:
      'Walk through a room window by window: photograph each window, choose its blind and colour, see it in place, and take the whole room to one quote.',
  },
  {
    path: '/working-polygon',
    title: 'Window Photo Positioning',
    description:
      "Measure a window from a photo: drag four corners onto the window's frame and get its width and drop in millimetres for your blind quote.",
  },
  {
    path: '/track',
    title: 'Track Your Order',
    description: 'Track your made-to-measure blinds order: enter the tracking number from your dispatch e-mail or your order ID.',
  },
  {
    path: '/tracking',
    title: 'Order Tracking',
    description: 'Follow your made-to-measure blinds from our workshop to your door: look up an order by its tracking number or order ID.',
  },
  {
    path: '/book-site-visit',
    title: 'Book a Site Visit',
    description:
      'Book a Garden Route site visit from Mossel Bay to Plettenberg Bay: pick an open time, and a consultant measures every window and quotes on the spot.',
  },
  {
    path: '/samples',
    title: 'Free Colour Samples',
    description:
      'Ask for up to 6 free colour samples of our blinds, posted to you with tracking: see and feel the colours in your own light before you order.',
  },
  {
    path: '/privacy',
    title: 'Privacy Notice',
    description:
      'How we collect, use, keep and delete your personal information under POPIA, and how to ask for a copy or deletion of your data.',
  },
] as const satisfies readonly (PublicPageMeta & { path: PublicPagePath })[];

// Every path of public-page-paths.ts has its entry here, and no other (checked when compiling).
type MissingMeta = Exclude<PublicPagePath, (typeof PUBLIC_PAGES)[number]['path']>;
const everyPathHasMeta: [MissingMeta] extends [never] ? true : MissingMeta = true;
void everyPathHasMeta;

/**
 * Pages that exist but are kept out of search results (robots noindex, no canonical): staff
 * screens, per-customer pages and payment results. Their titles still name the page in the tab
 * and in a shared link's preview.
 */
export const PRIVATE_PAGE_TITLES: Readonly<Record<string, string>> = {
  '/quote': 'Your Quote',
  '/quote-document': 'Quote Document',
  '/complete-quote': 'Complete Your Quote',
  '/order-confirmation': 'Order Confirmation',
  '/payment-success': 'Payment Successful',
  '/payment-cancelled': 'Payment Cancelled',
  '/payment-failed': 'Payment Failed',
  '/leads': 'Leads',
  '/site-visits': 'Site Visits',
  '/book-site-visit/manage': 'Your Site Visit',
  '/admin/visit-schedule': 'Visit Schedule',
  '/admin-dashboard': 'Admin Dashboard',
  '/admin/orders': 'Orders',
  '/admin/orders/new': 'Record an Order',
  '/marketing-insights': 'Marketing Insights',
  '/admin/scraper': 'Admin Panel',
  '/admin/catalog': 'Product Catalog Manager',
  '/admin/outbox': 'E-mail Outbox',
  '/admin/passkeys': 'Staff Passkeys',
  '/admin/tracking': 'Manual Tracking Admin',
  '/admin/colours': 'Outdoor Blinds Colour Management',
  '/admin/color-screenshots': 'Screenshot Colour Extractor',
  '/admin/pricing': 'Price List Analyzer',
};

/** /admin/orders/{reference}, lower-cased as pageMetaFor compares paths. */
const ORDER_PAGE = /^\/admin\/orders\/cb-[a-z0-9]{8,16}$/;

export type PageMetaMatch =
  | { kind: 'public'; page: PublicPageMeta }
  | { kind: 'private'; title: string | null }
  /** Not a page of the route table: the app shows its 404 page. */
  | { kind: 'unknown' };

/** '/measurement/' and '/measurement' are one page (the router matches both); '/' stays '/'. */
export function normalisePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

/**
 * Which page a path is: public, private (noindex) or not in the route table. Letter case does not
 * matter, as in the web app's router. 'unknown' is exactly what the app answers with its 404 page,
 * and the Worker answers it with HTTP 404 (storefront spec section 2).
 */
export function pageMetaFor(pathname: string, assistantName: string): PageMetaMatch {
  const path = normalisePath(pathname).toLowerCase();
  const page = PUBLIC_PAGES.find((p) => p.path === path);
  if (page) return { kind: 'public', page };
  const title = PRIVATE_PAGE_TITLES[path];
  if (title) return { kind: 'private', title };
  // One order on the staff orders screen: any reference the shop may issue (ORDER_REFERENCE_PATTERN).
  if (ORDER_PAGE.test(path)) return { kind: 'private', title: 'Order' };
  // '/{name}-workspace' (the site-visit notes workspace) follows the configured assistant name.
  if (path === `/${assistantName.toLowerCase()}-workspace`) return { kind: 'private', title: `${assistantName} Workspace` };
  return { kind: 'unknown' };
}

/** The document title: 'Page | Business', the landing page 'Business | tagline', else the business name. */
export function documentTitle(match: PageMetaMatch, businessName: string): string {
  if (match.kind === 'public')
    return match.page.path === '/' ? `${businessName} | ${match.page.title}` : `${match.page.title} | ${businessName}`;
  if (match.kind === 'private' && match.title) return `${match.title} | ${businessName}`;
  return businessName;
}

/** The site's link-preview image (scripts/make-social-card.mjs), served from web/public. */
export const SOCIAL_IMAGE = { path: '/media/social-card.jpg', width: 1200, height: 630, type: 'image/jpeg' } as const;
/** The blind mark as a raster logo for schema.org (512x512). */
export const LOGO_IMAGE_PATH = '/media/logo.png';
