import { Suspense, useEffect, useLayoutEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { DevtoolsGuard } from '../components/devtools-guard-mount';
import { Toaster } from '../components/toast';
import { recordPageView } from '../lib/analytics';
import { useRouteLoading } from './app-router';
import { DocumentTitle } from './document-title';

/** Spec section 2: on every route change the page scrolls to the top. */
function ScrollToTop() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** Every route change is a page view for the staff figures (batched, see lib/analytics). */
function PageViews() {
  const { pathname } = useLocation();
  useEffect(() => recordPageView(pathname), [pathname]);
  return null;
}

export function RootLayout() {
  const loading = useRouteLoading();
  return (
    <>
      <ScrollToTop />
      <PageViews />
      {loading && <div className="route-progress" role="progressbar" aria-label="Loading page" />}
      <Suspense fallback={<p className="page-loading">Loading…</p>}>
        <Outlet />
      </Suspense>
      <Toaster />
      <Suspense fallback={null}>
        <DevtoolsGuard />
        <DocumentTitle />
      </Suspense>
    </>
  );
}
