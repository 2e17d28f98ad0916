import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { usePublicConfig } from '../../lib/public-config';

// Its own chunk: a mistyped URL does not download the workspace and its chat panel. The workspace
// gets the chat panel from here (features do not import one another).
const WorkspacePage = lazy(async () => {
  const [WorkspacePage, ChatPanel] = await Promise.all([
    import('../../features/staff/site-visits/workspace-page').then((module) => module.WorkspacePage),
    import('../../features/chat/chat-panel').then((module) => module.ChatPanel),
  ]);
  return { default: () => <WorkspacePage ChatPanel={ChatPanel} /> };
});

export function NotFoundPage() {
  return (
    <main className="not-found" id="main">
      <h1>404</h1>
      <p>Did you forget to add the page to the router?</p>
      <Link className="button" to="/">
        Back to home
      </Link>
    </main>
  );
}

/** '/{name}-workspace' (the site-visit notes workspace) is the one dynamic path; all else is 404. */
export function NotFoundOrWorkspace() {
  const { pathname } = useLocation();
  const { assistantName } = usePublicConfig();
  if (pathname.toLowerCase() === `/${assistantName.toLowerCase()}-workspace`) {
    return (
      <Suspense
        fallback={
          <p className="page-loading" role="status">
            Loading...
          </p>
        }
      >
        <WorkspacePage />
      </Suspense>
    );
  }
  return <NotFoundPage />;
}
