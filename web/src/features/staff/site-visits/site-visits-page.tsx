import { Link } from 'react-router';
import { SiteHeader } from '../../../components/site-header';
import { toast } from '../../../components/toast';
import { usePublicConfig } from '../../../lib/public-config';
import { workspacePath } from '../../../lib/voice-control';
import { BookedVisits } from './booked-visits';
import { SiteVisitGate } from './site-visit-gate';
import { NO_VISITS_TODAY, exportVisitsOn, localDate } from './site-visit-storage';
import { siteVisitActions, useSiteVisits } from './site-visit-sync';
import { SyncStatus } from './sync-status';
import { VisitCard } from './visit-card';
import { VisitForm } from './visit-form';
import './site-visits.css';

/** Staff spec 2.11: /site-visits, the Garden Route consultants' visit list behind the access phrase. */
export function SiteVisitsPage() {
  return (
    <div className="page">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="site-visits">
        <SiteVisitGate title="Site Visits">
          <SiteVisitsWorkspace />
        </SiteVisitGate>
      </main>
    </div>
  );
}

function SiteVisitsWorkspace() {
  const { assistantName } = usePublicConfig();
  const snapshot = useSiteVisits();
  const { visits } = snapshot;

  function exportToday() {
    const today = localDate();
    const exported = exportVisitsOn(visits, today);
    if (!exported) {
      toast({ title: NO_VISITS_TODAY });
      return;
    }
    const url = URL.createObjectURL(new Blob([exported.text], { type: 'text/plain;charset=utf-8' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: exported.fileName });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    toast({ title: 'Visits exported', description: `${exported.fileName} downloaded.` });
  }

  return (
    <>
      <div className="site-visits__head">
        <h1>Site Visits</h1>
        <Link className="button button--ghost-dark" to={workspacePath(assistantName)}>
          Open {assistantName} Workspace
        </Link>
      </div>
      <SyncStatus snapshot={snapshot} />
      <BookedVisits />
      <VisitForm
        title="New Site Visit"
        submitLabel="Save Visit"
        onSave={(draft) => {
          siteVisitActions.createVisit({
            clientName: draft.clientName.trim(),
            address: draft.address.trim(),
            mobile: draft.mobile.trim(),
            measurements: draft.measurements.trim(),
            blindTypes: draft.blindTypes,
            notes: draft.notes.trim(),
            visitDate: draft.visitDate || localDate(),
            status: 'pending',
          });
          if (!siteVisitActions.storedLocally()) {
            // Still sent to the office from this open page; only the phone's own copy is missing.
            toast({
              title: 'Not saved on this phone',
              description: "This browser would not store the visit: keep this page open until it shows 'Saved to the office'.",
              variant: 'destructive',
            });
            return true;
          }
          toast({ title: 'Visit saved', description: `${draft.clientName.trim()} added to your site visits.` });
          return true;
        }}
      />
      <section className="site-visits__list" aria-labelledby="visits-title">
        <div className="site-visits__list-head">
          <h2 id="visits-title">Visits ({visits.length})</h2>
          <button type="button" className="button button--accent" onClick={exportToday}>
            Export Today's Visits
          </button>
        </div>
        {visits.length === 0 ? (
          <p className="site-visits__empty">No site visits yet. Saved visits are kept on this phone and at the office.</p>
        ) : (
          <ul className="site-visits__cards">
            {visits.map((visit) => (
              <VisitCard key={visit.id} visit={visit} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
