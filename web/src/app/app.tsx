import { startTransition, StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { AppRouter } from './app-router';
import { AppRoutes } from './router';

/**
 * Draws the app into `root`. The landing page arrives with its first screen already in the HTML
 * (worker/services/first-screen.ts); React draws the same page in its place. As a transition
 * the first render yields to the browser every few milliseconds, so a slow phone stays responsive.
 */
export function renderApp(root: Root): void {
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppRouter>
          <AppRoutes />
        </AppRouter>
      </StrictMode>,
    );
  });
}
