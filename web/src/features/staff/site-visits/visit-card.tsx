import { useId, useRef, useState } from 'react';
import { toast } from '../../../components/toast';
import { handNotesToApp, notesMailtoLink } from './notes-handoff';
import { NOTES_BACKUP_MESSAGE, SITE_VISIT_STATUSES, STATUS_LABELS, visitAsText, type SiteVisitStatus } from './site-visit-storage';
import type { SiteVisit } from './site-visit-store';
import { siteVisitActions } from './site-visit-sync';
import { SavedBadge } from './sync-status';
import { VisitForm } from './visit-form';

/** One visit: its details, where it is saved, status buttons, notes hand-off, edit and delete. */
export function VisitCard({ visit }: { visit: SiteVisit }) {
  const titleId = useId();
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const text = visitAsText(visit);
  const subject = `Site visit: ${visit.clientName} (${visit.visitDate})`;

  async function sendToNotes() {
    const result = await handNotesToApp(subject, text);
    if (result === 'copied')
      toast({ title: 'Copied', description: 'The visit notes are on the clipboard: paste them into your notes app.' });
    if (result === 'backup') toast({ title: 'Notes not synced', description: NOTES_BACKUP_MESSAGE, variant: 'destructive' });
  }

  function remove() {
    if (!window.confirm(`Delete the visit to ${visit.clientName}? It is removed from every device.`)) return;
    siteVisitActions.deleteVisit(visit.id);
    toast({ title: 'Visit deleted', description: `${visit.clientName} was removed from your site visits.` });
  }

  function closeEditor() {
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
  }

  return (
    <li className={`site-visit site-visit--${visit.status}`} data-status={visit.status} aria-labelledby={titleId}>
      <div className="site-visit__head">
        <h3 id={titleId}>{visit.clientName}</h3>
        <span className={`site-visit__badge site-visit__badge--${visit.status}`}>Status: {STATUS_LABELS[visit.status]}</span>
      </div>
      <SavedBadge saved={visit.saved} />
      {editing ? (
        <VisitForm
          title={`Edit visit: ${visit.clientName}`}
          submitLabel="Save Changes"
          headingLevel={4}
          initial={visit}
          onCancel={closeEditor}
          onSave={(draft) => {
            siteVisitActions.editVisit(visit.id, {
              ...draft,
              clientName: draft.clientName.trim(),
              address: draft.address.trim(),
              mobile: draft.mobile.trim(),
              measurements: draft.measurements.trim(),
              notes: draft.notes.trim(),
              visitDate: draft.visitDate || visit.visitDate,
            });
            toast({ title: 'Visit updated', description: `${draft.clientName.trim()} saved.` });
            closeEditor();
            return true;
          }}
        />
      ) : (
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
      )}
      <div className="site-visit__status" role="group" aria-label={`Status of ${visit.clientName}`}>
        {SITE_VISIT_STATUSES.map((status: SiteVisitStatus) => (
          <button
            key={status}
            type="button"
            className={`button button--small site-visit__status-button site-visit__status-button--${status}`}
            aria-pressed={visit.status === status}
            onClick={() => siteVisitActions.editVisit(visit.id, { status })}
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
        {!editing && (
          <button ref={editButton} type="button" className="button button--small button--ghost-dark" onClick={() => setEditing(true)}>
            Edit
          </button>
        )}
        <button type="button" className="button button--small button--ghost-dark" onClick={remove}>
          Delete
        </button>
      </div>
    </li>
  );
}
