import { enforceCacheVersion } from './lib/cache-version';
import './styles/base.css';
import './styles/buttons.css';
import './styles/layout.css';
import './styles/landing.css';
import './styles/components.css';
import './styles/screens.css';

enforceCacheVersion();

/** Lets the browser paint and answer input between the start-up steps. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The app starts in steps, each its own task: React's DOM renderer, then the router and the pages,
 * then the first render (itself split up, see app.tsx). A phone never stays busy long enough for a
 * tap or a scroll on the page the server already drew to wait (Lighthouse's total blocking time).
 */
async function start(): Promise<void> {
  const { createRoot } = await import('react-dom/client');
  await nextTask();
  const { renderApp } = await import('./app/app');
  await nextTask();
  renderApp(createRoot(document.getElementById('root')!));
}

void start();
