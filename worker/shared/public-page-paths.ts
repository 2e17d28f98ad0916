// The storefront's public pages by path, in the sitemap's order (their titles and descriptions are in
// route-meta.ts, which must list exactly these). Apart so the chat panel, which the landing page
// loads, can link page paths in answers without the whole title table. No imports.
export const PUBLIC_PAGE_PATHS = [
  '/',
  '/measurement',
  '/measuring-guide',
  '/fit-guarantee',
  '/quote-calculator',
  '/ar-measurement',
  '/shutters',
  '/room-walkthrough-rebuilt',
  '/working-polygon',
  '/track',
  '/tracking',
  '/book-site-visit',
  '/samples',
  '/privacy',
] as const;

export type PublicPagePath = (typeof PUBLIC_PAGE_PATHS)[number];
