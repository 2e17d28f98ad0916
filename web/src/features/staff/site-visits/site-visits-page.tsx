import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import { SiteHeader } from '../../../components/site-header';
import { toast } from '../../../components/toast';
import { usePublicConfig } from '../../../lib/public-config';
import { workspacePath } from '../../../lib/voice-control';
import { handNotesToApp, notesMailtoLink } from './notes-handoff';
import { SiteVisitGate } from './site-visit-gate';
import {
  MISSING_INFORMATION,
  NO_VISITS_TODAY,
  NOTES_BACKUP_MESSAGE,
  SITE_VISIT_STATUSES,
  STATUS_LABELS,
  addSiteVisit,
  exportVisitsOn,
  loadSiteVisits,
  localDate,
  missingFields,
  saveSiteVisits,
  setVisitStatus,
  visitAsText,
  type SiteVisit,
  type SiteVisitDraft,
  type SiteVisitStatus,
} from './site-visit-storage';
import './site-visits.css';

const BLIND_TYPES = ['Roller', 'Venetian', 'Vertical', 'Honeycomb', 'Double roller (zebra)', 'Shutters', 'Outdoor'] as const;

const emptyDraft = (): SiteVisitDraft => ({
  clientName: '',
  address: '',
  mobile: '',
  measurements: '',
  blindTypes: [],
  notes: '',
  visitDate: localDate(),
});

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
  const [visits, setVisits] = useState<SiteVisit[]>(loadSiteVisits);

  function update(next: SiteVisit[]) {
    setVisits(next);
    if (!saveSiteVisits(next)) {
      toast({
        title: 'Not saved',
        description: 'This browser would not store the visit. Free some space or leave private browsing.',
        variant: 'destructive',
      });
    }
  }

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
      <NewVisitForm
        onSave={(draft) => {
          const next = addSiteVisit(visits, draft);
          if (next) update(next);
          return next !== null;
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
          <p className="site-visits__empty">No site visits yet. Saved visits stay on this device.</p>
        ) : (
          <ul className="site-visits__cards">
            {visits.map((visit) => (
              <VisitCard key={visit.id} visit={visit} onStatus={(status) => update(setVisitStatus(visits, visit.id, status))} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function NewVisitForm({ onSave }: { onSave: (draft: SiteVisitDraft) => boolean }) {
  const [draft, setDraft] = useState<SiteVisitDraft>(emptyDraft);
  const [invalid, setInvalid] = useState<string[]>([]);
  const id = useId();
  const field = (name: keyof Omit<SiteVisitDraft, 'blindTypes'>) => ({
    id: `${id}-${name}`,
    value: draft[name],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setDraft((d) => ({ ...d, [name]: e.target.value })),
    'aria-invalid': invalid.includes(name) ? true : undefined,
  });

  function toggleType(type: string) {
    setDraft((d) => ({ ...d, blindTypes: d.blindTypes.includes(type) ? d.blindTypes.filter((t) => t !== type) : [...d.blindTypes, type] }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const missing = missingFields(draft);
    setInvalid(missing);
    if (missing.length > 0) {
      toast({ ...MISSING_INFORMATION, variant: 'destructive' });
      document.getElementById(`${id}-${missing[0]}`)?.focus();
      return;
    }
    if (onSave(draft)) {
      toast({ title: 'Visit saved', description: `${draft.clientName.trim()} added to your site visits.` });
      setDraft(emptyDraft());
    }
  }

  return (
    <form className="site-visits__form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>New Site Visit</h2>
      <div className="site-visits__grid">
        <label htmlFor={`${id}-clientName`}>
          Client name <abbr title="required">*</abbr>
        </label>
        <input {...field('clientName')} autoComplete="off" />
        <label htmlFor={`${id}-address`}>
          Address <abbr title="required">*</abbr>
        </label>
        <input {...field('address')} autoComplete="off" />
        <label htmlFor={`${id}-mobile`}>
          Mobile <abbr title="required">*</abbr>
        </label>
        <input {...field('mobile')} type="tel" autoComplete="off" />
        <label htmlFor={`${id}-visitDate`}>Visit date</label>
        <input {...field('visitDate')} type="date" />
        <label htmlFor={`${id}-measurements`}>Measurements</label>
        <textarea {...field('measurements')} rows={3} placeholder="e.g. Lounge 1800 x 1500 mm, inside recess" />
      </div>
      <fieldset className="site-visits__types">
        <legend>Blind types</legend>
        {BLIND_TYPES.map((type) => (
          <label key={type}>
            <input type="checkbox" checked={draft.blindTypes.includes(type)} onChange={() => toggleType(type)} /> {type}
          </label>
        ))}
      </fieldset>
      <div className="site-visits__grid">
        <label htmlFor={`${id}-notes`}>Notes</label>
        <textarea {...field('notes')} rows={3} />
      </div>
      <button type="submit" className="button button--accent">
        Save Visit
      </button>
    </form>
  );
}

function VisitCard({ visit, onStatus }: { visit: SiteVisit; onStatus: (status: SiteVisitStatus) => void }) {
  const titleId = useId();
  const text = visitAsText(visit);
  const subject = `Site visit: ${visit.clientName} (${visit.visitDate})`;

  async function sendToNotes() {
    const result = await handNotesToApp(subject, text);
    if (result === 'copied')
      toast({ title: 'Copied', description: 'The visit notes are on the clipboard: paste them into your notes app.' });
    if (result === 'backup') toast({ title: 'Notes not synced', description: NOTES_BACKUP_MESSAGE, variant: 'destructive' });
  }

  return (
    <li className={`site-visit site-visit--${visit.status}`} data-status={visit.status} aria-labelledby={titleId}>
      <div className="site-visit__head">
        <h3 id={titleId}>{visit.clientName}</h3>
        <span className={`site-visit__badge site-visit__badge--${visit.status}`}>Status: {STATUS_LABELS[visit.status]}</span>
      </div>
      <dl className="site-visit__details">
        <dt>Date</dt>
        <dd>{visit.visitDate}</dd>
        <dt>Address</dt>
        <dd>{visit.address}</dd>
        <dt>Mobile</dt>
        <dd>
          <a href={`tel:${visit.mobile.replace(/[^\d+]/g, '')}`}>{visit.mobile}</a>
        </dd>
        {visit.blindTypes.length > 0 && (
          <>
            <dt>Blind types</dt>
            <dd>{visit.blindTypes.join(', ')}</dd>
          </>
        )}
        {visit.measurements && (
          <>
            <dt>Measurements</dt>
            <dd className="site-visit__multiline">{visit.measurements}</dd>
          </>
        )}
        {visit.notes && (
          <>
            <dt>Notes</dt>
            <dd className="site-visit__multiline">{visit.notes}</dd>
          </>
        )}
      </dl>
      <div className="site-visit__status" role="group" aria-label={`Status of ${visit.clientName}`}>
        {SITE_VISIT_STATUSES.map((status) => (
          <button
            key={status}
            type="button"
            className={`button button--small site-visit__status-button site-visit__status-button--${status}`}
            aria-pressed={visit.status === status}
            onClick={() => onStatus(status)}
          >
            {STATUS_LABELS[status]}
          </button>
        ))}
      </div>
      <div className="site-visit__actions">
        <button type="button" className="button button--small button--ghost-dark" onClick={() => void sendToNotes()}>
          Send to Notes
        </button>
        <a className="button button--small button--ghost-dark" href={notesMailtoLink(subject, text)}>
          Email Notes
        </a>
      </div>
    </li>
  );
}
