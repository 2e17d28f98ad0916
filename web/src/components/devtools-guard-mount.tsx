import { lazy, Suspense } from 'react';
import { usePublicConfig } from '../lib/public-config';

// The developer-tools guard runs only where config.devtoolsGuard is on (production): its code, the
// probe and the overlay, is a chunk of its own fetched then, so pages elsewhere never load it and
// in production it never delays the first screen.
const DevtoolsWatcher = lazy(() => import('./devtools-guard').then((m) => ({ default: m.DevtoolsWatcher })));

/** Mounted once in the root layout; renders nothing and loads nothing unless config.devtoolsGuard. */
export function DevtoolsGuard() {
  const { devtoolsGuard } = usePublicConfig();
  return devtoolsGuard ? (
    <Suspense fallback={null}>
      <DevtoolsWatcher />
    </Suspense>
  ) : null;
}
