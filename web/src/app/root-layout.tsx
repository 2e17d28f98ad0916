import { Suspense, useLayoutEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { DevtoolsGuard } from '../components/devtools-guard';
import { Toaster } from '../components/toast';

/** Spec section 2: on every route change the page scrolls to the top. */
function ScrollToTop() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      <ScrollToTop />
      {navigation.state === 'loading' && <div className="route-progress" role="progressbar" aria-label="Loading page" />}
      <Suspense fallback={<p className="page-loading">Loading…</p>}>
        <Outlet />
      </Suspense>
      <Toaster />
      <Suspense fallback={null}>
        <DevtoolsGuard />
      </Suspense>
    </>
  );
}
