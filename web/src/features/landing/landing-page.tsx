import { lazy, Suspense, useState, type ComponentType } from 'react';
import { useNavigate } from 'react-router';
import { Disclaimer } from '../../components/disclaimer';
import { SiteFooter } from '../../components/site-footer';
import { SiteHeader } from '../../components/site-header';
import { toast } from '../../components/toast';
import { apiRequest } from '../../lib/api-client';
import { createSessionId } from '../../lib/session-id';
import { Hero } from './hero';
import { InfoCards } from './info-cards';
import { ProductShowcase } from './product-showcase';
import type { LaunchFeature, QuickDetails } from './quick-details-dialog';
import { ServiceChooser, type ServicePath } from './service-chooser';

// The quick-details dialog loads when a customer first launches a visualiser; it then stays mounted
// (closed), so details typed before a Cancel are still there when it opens again.
const QuickDetailsDialog = lazy(async () => ({ default: (await import('./quick-details-dialog')).QuickDetailsDialog }));

const FEATURE_LABELS: Record<LaunchFeature, string> = { visualizer: 'AR Visualizer', walkthrough: 'Room Walk-Through' };
// Spec: on save the visualiser goes to /ar-measurement and the walk-through to /measurement.
const FEATURE_ROUTES: Record<LaunchFeature, string> = { visualizer: '/ar-measurement', walkthrough: '/measurement' };
const FEATURE_IDS: Record<LaunchFeature, 'ar_visualizer' | 'room_walkthrough'> = {
  visualizer: 'ar_visualizer',
  walkthrough: 'room_walkthrough',
};

/** `ChatPanel` is the consultant's panel, handed in by the app (web/src/app/router.tsx): features do not import one another. */
export function LandingPage({ ChatPanel }: { ChatPanel: ComponentType<{ sessionId: string }> }) {
  const navigate = useNavigate();
  const [sessionId] = useState(createSessionId);
  const [servicePath, setServicePath] = useState<ServicePath>('none');
  const [launching, setLaunching] = useState<LaunchFeature | null>(null);
  const [dialogUsed, setDialogUsed] = useState(false);
  if (launching && !dialogUsed) setDialogUsed(true);

  function choose(path: ServicePath) {
    setServicePath(path);
    document.getElementById('services')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }

  async function saveDetails(details: QuickDetails, { demo }: { demo: boolean }) {
    const feature = launching!;
    try {
      // The 'blinds' demo bypass is a staff shortcut: its placeholder details are not stored.
      if (!demo) {
        // The dialog submits only with the consent box ticked (the server refuses the details without it).
        await apiRequest('POST', '/api/customer-details', {
          ...details,
          feature: FEATURE_IDS[feature],
          sessionId,
          ipAddress: null,
          popiaConsent: true,
        });
      }
    } catch {
      toast({ title: 'Error', description: 'Failed to save your details. Please try again.', variant: 'destructive' });
      return;
    }
    toast({ title: 'Details Saved', description: `Thanks ${details.name}! Launching ${FEATURE_LABELS[feature]}...` });
    setLaunching(null);
    navigate(FEATURE_ROUTES[feature]);
  }

  return (
    <div className="page">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main">
        <Hero onChooseOnline={() => choose('online')} onChooseGardenRoute={() => choose('garden-route')} />
        <Suspense fallback={<ChatPanelPlaceholder />}>
          <ChatPanel sessionId={sessionId} />
        </Suspense>
        <ServiceChooser path={servicePath} onChoose={setServicePath} onLaunch={setLaunching} />
        <ProductShowcase />
        <InfoCards />
        <Disclaimer />
      </main>
      <SiteFooter />
      {dialogUsed && (
        <Suspense fallback={null}>
          <QuickDetailsDialog feature={launching} onCancel={() => setLaunching(null)} onSubmit={saveDetails} />
        </Suspense>
      )}
    </div>
  );
}

/** Holds the chat panel's place (its card is 600 px high) while its code loads, so nothing below jumps. */
function ChatPanelPlaceholder() {
  return (
    <section className="chat-panel-placeholder" aria-busy="true" aria-label="Loading the consultant chat">
      <div className="chat-panel-placeholder__card" />
    </section>
  );
}
