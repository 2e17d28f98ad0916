import { Link, useLocation } from 'react-router';
import { usePublicConfig } from '../../lib/public-config';
import { ComingSoonPage } from './coming-soon';

export function NotFoundPage() {
  return (
    <main className="not-found" id="main">
      <h1>404</h1>
      <p>Did you forget to add the page to the router?</p>
      <Link className="button" to="/">Back to home</Link>
    </main>
  );
}

/** '/{name}-workspace' (the site-visit notes workspace) is the one dynamic path; all else is 404. */
export function NotFoundOrWorkspace() {
  const { pathname } = useLocation();
  const { assistantName } = usePublicConfig();
  if (pathname.toLowerCase() === `/${assistantName.toLowerCase()}-workspace`) {
    return (
      <ComingSoonPage
        route={{ path: pathname, title: `${assistantName} Workspace`, summary: 'Site-visit notes for our consultants, by voice or by hand.' }}
      />
    );
  }
  return <NotFoundPage />;
}
