import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { documentTitle, pageMetaFor } from '../../../worker/shared/route-meta';
import { usePublicConfig } from '../lib/public-config';

/**
 * Issue 12: the tab's title on client-side navigation, from the same table the Worker writes into
 * the HTML it sends (worker/shared/route-meta.ts), so a first load and a navigation agree.
 */
export function DocumentTitle() {
  const { pathname } = useLocation();
  const { businessName, assistantName } = usePublicConfig();
  useEffect(() => {
    document.title = documentTitle(pageMetaFor(pathname, assistantName), businessName);
  }, [pathname, businessName, assistantName]);
  return null;
}
