import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { usePublicConfig } from '../lib/public-config';

/** The path the page was opened at: the Worker wrote its title into the HTML it sent. */
const openedAt = typeof window === 'undefined' ? null : window.location.pathname;
let navigated = false;

/**
 * The tab's title on client-side navigation, from the same table the Worker writes into
 * the HTML it sends (worker/shared/route-meta.ts), so a first load and a navigation agree. The page
 * a customer opens already has its title, so the table is loaded only once they move to another page
 * (it is not part of the landing page's scripts).
 */
export function DocumentTitle() {
  const { pathname } = useLocation();
  const { businessName, assistantName } = usePublicConfig();
  useEffect(() => {
    if (!navigated && pathname === openedAt) return undefined;
    navigated = true;
    let current = true;
    void import('@shared/route-meta').then(({ documentTitle, pageMetaFor }) => {
      if (current) document.title = documentTitle(pageMetaFor(pathname, assistantName), businessName);
    });
    return () => {
      current = false;
    };
  }, [pathname, businessName, assistantName]);
  return null;
}
