import { lazy, type ComponentType } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { RootLayout } from './root-layout';
import { LandingPage } from '../features/landing/landing-page';
import { PAYMENT_RESULT_PATHS } from './route-table';

type LazyScreen = () => Promise<{ Component: ComponentType }>;

// The consultant's panel (and its voice code) loads after the first paint: the hero comes first.
const ChatPanel = lazy(async () => ({ default: (await import('../features/chat/chat-panel')).ChatPanel }));

/**
 * The customer screens of the route table (./route-table.ts), by path; a path that is not here is
 * the 404 page (tests/e2e/routes.e2e.test.ts opens every route of the spec). The route table's
 * titles and summaries are not loaded by the app. One line per screen, e.g. `'/shutters': async () => ({ Component: (await import('../features/shutters/shutters-page')).ShuttersPage }),`
 */
const BUILT_SCREENS: Record<string, LazyScreen> = {
  '/ar-measurement': async () => ({ Component: (await import('../features/visualiser/ar-measurement-page')).ArMeasurementPage }),
  '/measurement': async () => ({ Component: (await import('../features/measurement/measurement-page')).MeasurementPage }),
  '/working-polygon': async () => ({ Component: (await import('../features/measurement/working-polygon-page')).WorkingPolygonPage }),
  '/shutters': async () => ({ Component: (await import('../features/shutters/shutters-page')).ShuttersPage }),
  '/room-walkthrough-rebuilt': async () => ({
    Component: (await import('../features/walkthrough/room-walkthrough-page')).RoomWalkthroughPage,
  }),
  '/quote-calculator': async () => ({ Component: (await import('../features/quote/quote-calculator-page')).QuoteCalculatorPage }),
  '/quote-document': async () => ({ Component: (await import('../features/orders/quote-document-page')).QuoteDocumentPage }),
  '/order-confirmation': async () => ({ Component: (await import('../features/orders/order-confirmation-page')).OrderConfirmationPage }),
  '/quote': async () => ({ Component: (await import('../features/orders/stored-quote-page')).StoredQuotePage }),
  '/complete-quote': async () => ({ Component: (await import('../features/orders/complete-quote-page')).CompleteQuotePage }),
  '/track': async () => ({ Component: (await import('../features/tracking/track-page')).TrackPage }),
  '/tracking': async () => ({ Component: (await import('../features/tracking/tracking-landing-page')).TrackingLandingPage }),
  '/measuring-guide': async () => ({ Component: (await import('../features/measuring-guide/measuring-guide-page')).MeasuringGuidePage }),
  '/fit-guarantee': async () => ({ Component: (await import('../features/fit-guarantee/fit-guarantee-page')).FitGuaranteePage }),
  '/site-visits': async () => ({ Component: (await import('../features/staff/site-visits/site-visits-page')).SiteVisitsPage }),
  '/book-site-visit': async () => ({ Component: (await import('../features/booking/book-visit-page')).BookVisitPage }),
  '/book-site-visit/manage': async () => ({ Component: (await import('../features/booking/manage-visit-page')).ManageVisitPage }),
  '/samples': async () => ({ Component: (await import('../features/samples/samples-page')).SamplesPage }),
};

/**
 * Staff screens (DESIGN.md section 8): children of one PIN-gate layout route, lazy-loaded, so no
 * customer downloads them. One line per screen, as in BUILT_SCREENS.
 */
export const STAFF_PATHS = [
  '/admin-dashboard',
  // The list, /admin/orders/new and /admin/orders/{reference}: one entry, routed inside the screen.
  '/admin/orders/*',
  '/admin/outbox',
  // Beside Logout in the staff bar (DESIGN.md section 7, staff sign-in), not a spec screen.
  '/admin/passkeys',
  '/marketing-insights',
  '/leads',
  '/admin/tracking',
  '/admin/scraper',
  '/admin/catalog',
  '/admin/colours',
  '/admin/color-screenshots',
  '/admin/pricing',
  '/admin/visit-schedule',
] as const;

const STAFF_SCREENS: Partial<Record<(typeof STAFF_PATHS)[number], LazyScreen>> = {
  '/admin-dashboard': async () => ({ Component: (await import('../features/staff/dashboard/dashboard-page')).DashboardPage }),
  '/admin/colours': async () => ({ Component: (await import('../features/staff/colours/colours-page')).ColoursPage }),
  '/admin/color-screenshots': async () => ({
    Component: (await import('../features/staff/colour-screenshots/colour-screenshots-page')).ColourScreenshotsPage,
  }),
  '/admin/orders/*': async () => ({ Component: (await import('../features/staff/orders/orders-routes')).OrdersRoutes }),
  '/admin/outbox': async () => ({ Component: (await import('../features/staff/outbox/outbox-page')).OutboxPage }),
  '/admin/passkeys': async () => ({ Component: (await import('../features/staff/passkeys/passkeys-page')).PasskeysPage }),
  '/admin/tracking': async () => ({ Component: (await import('../features/staff/tracking/tracking-page')).TrackingAdminPage }),
  '/leads': async () => ({ Component: (await import('../features/staff/leads/leads-page')).LeadsPage }),
  '/marketing-insights': async () => ({ Component: (await import('../features/staff/insights/insights-page')).InsightsPage }),
  '/admin/scraper': async () => ({ Component: (await import('./routes/admin-panel')).AdminPanel }),
  '/admin/catalog': async () => ({ Component: (await import('../features/staff/catalog/catalog-page')).CatalogPage }),
  '/admin/pricing': async () => ({
    Component: (await import('../features/staff/price-list-analysis/price-list-analysis-page')).PriceListAnalysisPage,
  }),
  '/admin/visit-schedule': async () => ({
    Component: (await import('../features/staff/visit-schedule/visit-schedule-page')).VisitSchedulePage,
  }),
};

/** A route's element, its module loaded the first time the route is drawn (see AppRouter for the wait). */
function screen(load: LazyScreen) {
  const Screen = lazy(async () => ({ default: (await load()).Component }));
  return <Screen />;
}

/** Every route but the landing page is a lazy module: no page pays for another's code. */
const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <LandingPage ChatPanel={ChatPanel} /> },
      ...Object.entries(BUILT_SCREENS).map(([path, load]) => ({ path, element: screen(load) })),
      {
        // The staff PIN gate: signs in through POST /api/admin/session and renders the screen below it.
        element: screen(async () => ({ Component: (await import('../features/staff/gate/gate-layout')).StaffGateLayout })),
        children: Object.entries(STAFF_SCREENS).map(([path, load]) => ({ path, element: screen(load) })),
      },
      // One shared payment-result page; it reads the path to know which result it shows.
      ...PAYMENT_RESULT_PATHS.map((path) => ({
        path,
        element: screen(async () => ({ Component: (await import('../features/orders/payment-result-page')).PaymentResultPage })),
      })),
      { path: '/privacy', element: screen(async () => ({ Component: (await import('./routes/privacy')).PrivacyPage })) },
      { path: '/shutter-visualization', element: <Navigate to="/shutters" replace /> },
      // The legacy quote route goes straight to the calculator.
      { path: '/calculator', element: <Navigate to="/quote-calculator" replace /> },
      {
        path: '/mobile-ruler',
        element: screen(async () => ({ Component: (await import('./routes/static-redirect')).MobileRulerRedirect })),
      },
      // '/{name}-workspace' depends on the configured assistant name, so the catch-all decides.
      { path: '*', element: screen(async () => ({ Component: (await import('./routes/not-found')).NotFoundOrWorkspace })) },
    ],
  },
];

/** The app's routes, drawn inside AppRouter. */
export function AppRoutes() {
  return useRoutes(routes);
}
