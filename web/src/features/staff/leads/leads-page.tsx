// /leads (staff spec 2.10, 4, 8): stat cards, status filter, the leads table (cards on a
// phone) with contact links, status dropdown and Add Notes, Export CSV, and the POPIA data requests
// (DESIGN.md section 7): staff pick the contact detail they verified, see the matched records, approve;
// for a customer without a lead row, they type the e-mail address or phone number they verified.
// Search by name, phone, e-mail, area or notes; a lead's details (chat transcript, photos, notes history).
// The row, the dialogs and the helpers are in lead-row.tsx, lead-detail-dialog.tsx, notes-dialog.tsx,
// data-request-dialog.tsx and leads-helpers.ts.
import { useCallback, useEffect, useId, useState } from 'react';
import { FOLLOW_UP_STATUSES, type FollowUpStatus, type LeadCounts, type LeadDto } from '@shared/leads-api';
import type { DataRequestAction } from '@shared/popia-api';
import { toast } from '../../../components/toast';
import { fetchLeads, LEADS_EXPORT_PATH, updateLead } from './leads-client';
import { DataRequestDialog } from './data-request-dialog';
import { LeadDetailDialog } from './lead-detail-dialog';
import { LeadRow } from './lead-row';
import { failure, STATUS_LABELS } from './leads-helpers';
import { NotesDialog } from './notes-dialog';
import './leads.css';

type Filter = FollowUpStatus | 'all';
type ListState = { status: 'loading' } | { status: 'ready'; leads: LeadDto[]; counts: LeadCounts } | { status: 'error'; message: string };

export function LeadsPage() {
  const [filter, setFilter] = useState<Filter>('all');
  const [list, setList] = useState<ListState>({ status: 'loading' });
  const [notesFor, setNotesFor] = useState<LeadDto | null>(null);
  const [request, setRequest] = useState<{ lead: LeadDto | null; action: DataRequestAction } | null>(null);
  const [detailFor, setDetailFor] = useState<LeadDto | null>(null);
  const [searchText, setSearchText] = useState('');
  const [query, setQuery] = useState('');
  const filterId = useId();
  const searchId = useId();

  const load = useCallback(async (which: Filter, q: string) => {
    setList((current) => (current.status === 'ready' ? current : { status: 'loading' }));
    try {
      const data = await fetchLeads(which, q);
      setList({ status: 'ready', leads: data.leads, counts: data.counts });
    } catch (err) {
      failure('Failed to fetch leads', err);
      setList({ status: 'error', message: 'Failed to fetch leads' });
    }
  }, []);

  useEffect(() => {
    void load(filter, query);
  }, [filter, query, load]);

  async function change(lead: LeadDto, patch: { followUpStatus?: FollowUpStatus; notes?: string }): Promise<boolean> {
    try {
      await updateLead(lead.id, patch);
      toast({
        title: 'Lead updated',
        description: patch.followUpStatus ? `${lead.name}: ${STATUS_LABELS[patch.followUpStatus]}` : `Notes saved for ${lead.name}`,
      });
      await load(filter, query);
      return true;
    } catch (err) {
      failure('Failed to update lead', err);
      return false;
    }
  }

  const counts = list.status === 'ready' ? list.counts : null;

  return (
    <main className="leads-admin" id="main">
      <header className="leads-admin__head">
        <div>
          <p className="eyebrow">Staff</p>
          <h1>Leads</h1>
          <p className="lead">Everyone who asked to be contacted. We promise contact within 24 hours.</p>
        </div>
        <div className="leads-admin__head-actions">
          <a className="button" href={LEADS_EXPORT_PATH} download>
            Export CSV
          </a>
        </div>
      </header>

      <section className="leads-admin__popia" aria-labelledby={`${searchId}-popia`}>
        <h2 id={`${searchId}-popia`}>Customer data requests (POPIA)</h2>
        <p>
          For anyone who asks what we keep about them, with or without a lead: find them by the e-mail address or phone number you confirmed
          with them, check the matched records, then export or delete.
        </p>
        <div className="leads-table__actions">
          <button type="button" className="button button--small" onClick={() => setRequest({ lead: null, action: 'export' })}>
            Export a customer's data
          </button>
          <button
            type="button"
            className="button button--small leads-table__danger"
            onClick={() => setRequest({ lead: null, action: 'delete' })}
          >
            Delete a customer's data
          </button>
        </div>
      </section>

      <div className="leads-admin__stats" role="group" aria-label="Lead totals">
        {(
          [
            ['Total', counts?.total],
            ['New', counts?.new],
            ['Contacted', counts?.contacted],
            ['Closed', counts?.closed],
          ] as const
        ).map(([label, value]) => (
          <div className="leads-admin__stat" key={label}>
            <p className="leads-admin__stat-label">{label}</p>
            <p className="leads-admin__stat-value" data-testid={`stat-${label.toLowerCase()}`}>
              {value ?? '–'}
            </p>
          </div>
        ))}
      </div>

      <div className="leads-admin__toolbar">
        <form
          role="search"
          className="leads-admin__search"
          onSubmit={(e) => {
            e.preventDefault();
            setQuery(searchText.trim());
          }}
        >
          <label htmlFor={searchId}>Search leads</label>
          <input
            id={searchId}
            type="search"
            maxLength={200}
            placeholder="Name, phone, e-mail, area or notes"
            value={searchText}
            onChange={(e) => {
              setSearchText(e.target.value);
              if (e.target.value === '') setQuery('');
            }}
          />
          <button type="submit" className="button button--small">
            Search
          </button>
        </form>
        <label htmlFor={filterId}>Status filter</label>
        <select id={filterId} value={filter} onChange={(e) => setFilter(e.target.value as Filter)}>
          <option value="all">All</option>
          {FOLLOW_UP_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </div>

      {list.status === 'loading' && (
        <p className="leads-admin__state" role="status">
          Loading leads...
        </p>
      )}
      {list.status === 'error' && (
        <div className="leads-admin__state leads-admin__state--error" role="alert">
          <p>{list.message}</p>
          <button type="button" className="button button--small" onClick={() => void load(filter, query)}>
            Try again
          </button>
        </div>
      )}
      {list.status === 'ready' && list.leads.length === 0 && (
        <p className="leads-admin__state">
          {query ? `No leads match '${query}'` : filter === 'all' ? 'No leads yet' : `No ${STATUS_LABELS[filter].toLowerCase()} leads`}
        </p>
      )}
      {list.status === 'ready' && list.leads.length > 0 && (
        <table className="leads-table">
          <caption className="visually-hidden">Leads, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Contact</th>
              <th scope="col">Source</th>
              <th scope="col">Product interest</th>
              <th scope="col">Status</th>
              <th scope="col">Created</th>
              <th scope="col">Last contacted</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {list.leads.map((lead) => (
              <LeadRow
                key={lead.id}
                lead={lead}
                onStatus={(s) => void change(lead, { followUpStatus: s })}
                onNotes={() => setNotesFor(lead)}
                onView={() => setDetailFor(lead)}
                onExport={() => setRequest({ lead, action: 'export' })}
                onDelete={() => setRequest({ lead, action: 'delete' })}
              />
            ))}
          </tbody>
        </table>
      )}

      <LeadDetailDialog lead={detailFor} onClose={() => setDetailFor(null)} />
      <NotesDialog lead={notesFor} onClose={() => setNotesFor(null)} onSave={async (lead, notes) => change(lead, { notes })} />
      <DataRequestDialog
        request={request}
        onClose={() => setRequest(null)}
        onDone={(action) => {
          setRequest(null);
          if (action === 'delete') void load(filter, query);
        }}
      />
    </main>
  );
}
