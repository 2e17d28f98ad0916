import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { RootLayout } from './root-layout';
import { LandingPage } from '../features/landing/landing-page';
import { PAYMENT_RESULT_PATHS, PLANNED_ROUTES } from './route-table';

type LazyScreen = () => Promise<{ Component: ComponentType }>;

/**
 * Screens that are built, by path; every other route of the table shows its 'Coming soon' screen.
 * One line per screen, e.g. `'/shutters': async () => ({ Component: (await import('../features/shutters/shutters-page')).ShuttersPage }),`
 */
const BUILT_SCREENS: Record<string, LazyScreen> = {
  '/ar-measurement': async () => ({ Component: (await import('../features/visualiser/ar-measurement-page')).ArMeasurementPage }),
  '/measurement': async () => ({ Component: (await import('../features/measurement/measurement-page')).MeasurementPage }),
  '/working-polygon': async () => ({ Component: (await import('../features/measurement/working-polygon-page')).WorkingPolygonPage }),
  '/shutters': async () => ({ Component: (await import('../features/shutters/shutters-page')).ShuttersPage }),
  '/room-walkthrough-rebuilt': async () => ({ Component: (await import('../features/walkthrough/room-walkthrough-page')).RoomWalkthroughPage }),
  '/quote-calculator': async () => ({ Component: (await import('../features/quote/quote-calculator-page')).QuoteCalculatorPage }),
  '/quote-document': async () => ({ Component: (await import('../features/orders/quote-document-page')).QuoteDocumentPage }),
  '/order-confirmation': async () => ({ Component: (await import('../features/orders/order-confirmation-page')).OrderConfirmationPage }),
  '/quote': async () => ({ Component: (await import('../features/orders/stored-quote-page')).StoredQuotePage }),
  '/complete-quote': async () => ({ Component: (await import('../features/orders/complete-quote-page')).CompleteQuotePage }),
};

/** Every route but the landing page is a lazy module: no page pays for another's code. */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <LandingPage /> },
      ...PLANNED_ROUTES.map((route) => ({
        path: route.path,
        lazy:
          BUILT_SCREENS[route.path] ??
          (async () => {
            const { ComingSoonPage } = await import('./routes/coming-soon');
            return { Component: () => <ComingSoonPage route={route} /> };
          }),
      })),
      // One shared payment-result page; it reads the path to know which result it shows.
      ...PAYMENT_RESULT_PATHS.map((path) => ({
        path,
        lazy: async () => ({ Component: (await import('../features/orders/payment-result-page')).PaymentResultPage }),
      })),
      { path: '/privacy', lazy: async () => ({ Component: (await import('./routes/privacy')).PrivacyPage }) },
      { path: '/shutter-visualization', element: <Navigate to="/shutters" replace /> },
      // The legacy quote route goes straight to the calculator.
      { path: '/calculator', element: <Navigate to="/quote-calculator" replace /> },
      { path: '/mobile-ruler', lazy: async () => ({ Component: (await import('./routes/static-redirect')).MobileRulerRedirect }) },
      // '/{name}-workspace' depends on the configured assistant name, so the catch-all decides.
      { path: '*', lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundOrWorkspace }) },
    ],
  },
]);
