/**
 * Storefront spec section 2: the whole route table, as the browser tests visit it (the redirects
 * /shutter-visualization, /mobile-ruler and the legacy quote route are tested on their own).
 * Shared by routes.e2e.test.ts and accessibility.e2e.test.ts.
 */
export const SPEC_ROUTES = [
  '/',
  '/measurement',
  '/quote',
  '/quote-calculator',
  '/quote-document',
  '/order-confirmation',
  '/admin/scraper',
  '/admin/catalog',
  '/admin/orders',
  '/admin/orders/new',
  '/admin/outbox',
  '/admin/tracking',
  '/track',
  '/tracking',
  '/admin/colours',
  '/admin/color-screenshots',
  '/admin/pricing',
  '/working-polygon',
  '/ar-measurement',
  '/shutters',
  '/leads',
  '/site-visits',
  '/admin-dashboard',
  '/marketing-insights',
  '/payment-success',
  '/payment-cancelled',
  '/payment-failed',
  '/complete-quote',
  '/room-walkthrough-rebuilt',
  '/melvin-workspace',
  // Not in the spec's table: the tape-measure guide the landing page and the calculator link to.
  '/measuring-guide',
  // The fit guarantee's terms, linked from the footer and wherever a line says it is covered.
  '/fit-guarantee',
  // Booked Garden Route site visits: the booking page, its e-mail link's page (here without a link: its
  // message), and the staff schedule.
  '/book-site-visit',
  '/book-site-visit/manage',
  '/admin/visit-schedule',
];
