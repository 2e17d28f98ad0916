import { createContext, useContext, useLayoutEffect, useState, useTransition, type ReactNode } from 'react';
import { Router, UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router';

/**
 * The router the app runs in: React Router's declarative mode (what its BrowserRouter does) rather
 * than its data router, whose loaders, actions and fetchers this app does not use and which would
 * add about 16 KB (gzip) to the landing page's scripts. Every change of location is a transition,
 * so while a route's code loads the current page stays on screen and `useRouteLoading()` is true
 * (the 'Loading page' bar in the root layout).
 */
const history = createBrowserHistory({ v5Compat: true });
const RouteLoading = createContext(false);

export function AppRouter({ children }: { children: ReactNode }) {
  const [state, setState] = useState({ action: history.action, location: history.location });
  const [loading, startTransition] = useTransition();
  useLayoutEffect(() => history.listen((update) => startTransition(() => setState(update))), []);
  return (
    <RouteLoading.Provider value={loading}>
      <Router location={state.location} navigationType={state.action} navigator={history}>
        {children}
      </Router>
    </RouteLoading.Provider>
  );
}

/** True while the app is moving to another route (its code loading). */
export function useRouteLoading(): boolean {
  return useContext(RouteLoading);
}
