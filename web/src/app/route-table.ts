// Storefront spec section 2: the product's full route table (each path has its screen in
// ./router.tsx; tests/e2e/routes.e2e.test.ts opens them all).
export interface PlannedRoute {
  path: string;
  title: string;
  summary: string;
}

export const PLANNED_ROUTES: PlannedRoute[] = [
  {
    path: '/measurement',
    title: 'Measure Your Windows',
    summary: 'Measure a window with your camera (Quick AI Scan) or by placing four corners on a photo.',
  },
  {
    path: '/quote',
    title: 'Your Quote',
    summary: 'Review a stored quote, add your contact details and order online or book a Garden Route consultation.',
  },
  {
    path: '/quote-calculator',
    title: 'Online Blind Quotation',
    summary: 'Price several blinds by width and drop, then e-mail the quote or order online.',
  },
  {
    path: '/quote-document',
    title: 'Quote Document',
    summary: 'A printable quote with its number, items, totals and an Email Quote panel.',
  },
  {
    path: '/fit-guarantee',
    title: 'Fit Guarantee',
    summary: 'What the fit guarantee covers, what it does not, and how to claim a remake.',
  },
  { path: '/order-confirmation', title: 'Order Confirmation', summary: 'Your receipt: reference, order table, totals and payment status.' },
  { path: '/admin/scraper', title: 'Admin Panel', summary: 'Website scraping and price-list management for staff.' },
  { path: '/admin/catalog', title: 'Product Catalog Manager', summary: 'Products, colours and a preview for staff.' },
  { path: '/admin/orders', title: 'Orders', summary: 'Every order, online or taken by staff, and its way to the wall.' },
  { path: '/admin/orders/new', title: 'Record an Order', summary: 'An order taken by phone, on a site visit or in person.' },
  { path: '/admin/outbox', title: 'E-mail Outbox', summary: 'Every e-mail the site queued, as its recipient sees it.' },
  { path: '/admin/tracking', title: 'Manual Tracking Admin', summary: 'Courier tracking entries maintained by staff.' },
  { path: '/track', title: 'Track Your Order', summary: 'Look up a parcel by tracking number or order ID.' },
  { path: '/tracking', title: 'Order Tracking', summary: 'Track an order or, for staff, manage tracking entries.' },
  { path: '/admin/colours', title: 'Outdoor Blinds Colour Management', summary: 'Upload and review the outdoor colour range.' },
  { path: '/admin/color-screenshots', title: 'Screenshot Colour Extractor', summary: 'Extract colours from supplier screenshots.' },
  { path: '/admin/pricing', title: 'Price List Analyzer', summary: 'Analyse a price-list image into categories and sizes.' },
  { path: '/working-polygon', title: 'Window Photo Positioning', summary: 'Drag four corners on a photo of your window to measure it.' },
  { path: '/ar-measurement', title: 'AR Visualiser', summary: 'See your chosen blind drawn over a photo of your own window.' },
  { path: '/shutters', title: 'Shutter Visualiser', summary: 'See plantation shutters over a photo of your window.' },
  { path: '/leads', title: 'Leads', summary: 'Follow up enquiries from the visualisers, the consultant and the quote form.' },
  { path: '/site-visits', title: 'Site Visits', summary: 'Garden Route site-visit notes for our consultants.' },
  { path: '/book-site-visit', title: 'Book a Site Visit', summary: 'Garden Route customers book a site visit at an open time.' },
  { path: '/book-site-visit/manage', title: 'Your Site Visit', summary: 'Move or cancel a booked site visit from the link in its e-mail.' },
  { path: '/samples', title: 'Free Colour Samples', summary: 'Ask for up to 6 free colour samples, posted with tracking.' },
  { path: '/admin/visit-schedule', title: 'Visit Schedule', summary: 'Staff set the days, times and places for site visits.' },
  { path: '/admin-dashboard', title: 'Admin Dashboard', summary: 'The staff overview, behind the staff PIN.' },
  { path: '/marketing-insights', title: 'Marketing Insights', summary: 'Insights and the daily report, behind the staff PIN.' },
  {
    path: '/complete-quote',
    title: 'Complete Your Quote',
    summary: 'Finish a stored quote with your contact details, then pay or book a consultation.',
  },
  {
    path: '/room-walkthrough-rebuilt',
    title: 'Room Walk-Through',
    summary: 'A guided walk through a room, window by window, ending in one quote.',
  },
  // The tape-measure guide the landing page promises (inside recess or face fix, where to measure, factory deductions).
  {
    path: '/measuring-guide',
    title: 'How to Measure Your Windows',
    summary: 'How to measure your windows with a tape measure, with drawings and a printable page.',
  },
];

export const PAYMENT_RESULT_PATHS = ['/payment-success', '/payment-cancelled', '/payment-failed'] as const;
