/** Browser storage keys (spec section 7 and staff spec section 7), in one place. */
export const STORAGE_KEYS = {
  /** localStorage: {width_mm, drop_mm} handed from the measuring tools to the calculator (defaults 1200 x 1500). */
  autoMeasurements: 'auto-measurements',
  /** localStorage: the calculator's added blinds. */
  quoteBlinds: 'quote-blinds',
  /** localStorage: the last completed order. */
  completedOrder: 'completed-order',
  /** localStorage: polygon data of /working-polygon {image, corners, measurements, timestamp}. */
  polygonData: 'window-polygon-data',
  /** localStorage: the photo handed from the AR flow to /working-polygon ('No, let me measure manually'). */
  polygonImage: 'polygon-image',
  /** localStorage: {timestamp} of the staff sign-in (never the PIN; the session itself is an HttpOnly cookie). */
  adminSession: 'admin-session',
  /** localStorage: site visits of the old local-only format (staff); brought into siteVisitStore once. */
  siteVisits: 'site-visits',
  /** localStorage: workspace notes of the old local-only format; brought into siteVisitStore once. */
  workspaceNotes: 'workspace-notes',
  /** localStorage: site visits and workspace notes, the office's copy and the changes not yet sent (never cleared by a cache-version bump). */
  siteVisitStore: 'site-visit-store',
  /** sessionStorage: the consultant chat's session id once a message was sent in this tab (sent with an order). */
  chatSession: 'chat-session',
  /** sessionStorage: the stored quote shown by /quote and /complete-quote (staff spec 2.1, 3 'Quote'). */
  currentQuote: 'current-quote',
  /** localStorage: the colours picked for free samples (storefront spec 'Free samples'), at most 6, until asked for on /samples. */
  sampleBasket: 'sample-basket',
} as const;

export const DEFAULT_MEASUREMENTS = { width_mm: 1200, drop_mm: 1500 } as const;
