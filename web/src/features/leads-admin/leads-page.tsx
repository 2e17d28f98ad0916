// /leads (staff spec 2.10, 4, 8; issue 10): stat cards, status filter, the leads table (cards on a
// phone) with contact links, status dropdown and Add Notes, Export CSV, and the POPIA data requests
// (DESIGN.md section 7): staff pick the contact detail they verified, see the matched records, approve.
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  FOLLOW_UP_STATUSES,
  LEAD_SOURCE_LABELS,
  leadSizes,
  SIZE_SOURCE_NOTES,
  whatsappDigits,
  type FollowUpStatus,
  type LeadCounts,
  type LeadDto,
} from '../../../../worker/shared/leads-api';
import { MATCHED_RECORD_LABELS, type DataRequestAction, type PersonalDataPreview, type VerifiedBy } from '../../../../worker/shared/popia-api';
import { SIZES_TO_BE_CONFIRMED } from '../../../../worker/shared/size-sources';
import { toast } from '../../components/toast';
import { ApiError } from '../../lib/api-client';
import { deletePersonalData, downloadPersonalData, fetchLeads, LEADS_EXPORT_PATH, previewPersonalData, updateLead } from './leads-admin-client';
import './leads-admin.css';

type Filter = FollowUpStatus | 'all';
type ListState = { status: 'loading' } | { status: 'ready'; leads: LeadDto[]; counts: LeadCounts } | { status: 'error'; message: string };

const STATUS_LABELS: Record<FollowUpStatus, string> = { new: 'New', contacted: 'Contacted', quoted: 'Quoted', closed: 'Closed' };

const dateFormat = new Intl.DateTimeFormat('en-ZA', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Africa/Johannesburg' });
const formatDate = (iso: string | null) => (iso ? dateFormat.format(new Date(iso)) : 'Never');

/** Spec section 8's message, with the server's reason underneath. */
function failure(title: string, err: unknown) {
  const description = err instanceof ApiError ? (err.status === 401 ? 'Your staff session has ended. Sign in again with the PIN.' : (err.serverMessage ?? err.message)) : undefined;
  toast({ title, description, variant: 'destructive' });
}

export function LeadsPage() {
  const [filter, setFilter] = useState<Filter>('all');
  const [list, setList] = useState<ListState>({ status: 'loading' });
  const [notesFor, setNotesFor] = useState<LeadDto | null>(null);
  const [request, setRequest] = useState<{ lead: LeadDto; action: DataRequestAction } | null>(null);
  const filterId = useId();

  const load = useCallback(async (which: Filter) => {
    setList((current) => (current.status === 'ready' ? current : { status: 'loading' }));
    try {
      const data = await fetchLeads(which);
      setList({ status: 'ready', leads: data.leads, counts: data.counts });
    } catch (err) {
      failure('Failed to fetch leads', err);
      setList({ status: 'error', message: 'Failed to fetch leads' });
    }
  }, []);

  useEffect(() => {
    void load(filter);
  }, [filter, load]);

  async function change(lead: LeadDto, patch: { followUpStatus?: FollowUpStatus; notes?: string }): Promise<boolean> {
    try {
      await updateLead(lead.id, patch);
      toast({ title: 'Lead updated', description: patch.followUpStatus ? `${lead.name}: ${STATUS_LABELS[patch.followUpStatus]}` : `Notes saved for ${lead.name}` });
      await load(filter);
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
        <a className="button" href={LEADS_EXPORT_PATH} download>
          Export CSV
        </a>
      </header>

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
          <button type="button" className="button button--small" onClick={() => void load(filter)}>
            Try again
          </button>
        </div>
      )}
      {list.status === 'ready' && list.leads.length === 0 && (
        <p className="leads-admin__state">{filter === 'all' ? 'No leads yet' : `No ${STATUS_LABELS[filter].toLowerCase()} leads`}</p>
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
              <LeadRow key={lead.id} lead={lead} onStatus={(s) => void change(lead, { followUpStatus: s })} onNotes={() => setNotesFor(lead)} onExport={() => setRequest({ lead, action: 'export' })} onDelete={() => setRequest({ lead, action: 'delete' })} />
            ))}
          </tbody>
        </table>
      )}

      <NotesDialog lead={notesFor} onClose={() => setNotesFor(null)} onSave={async (lead, notes) => change(lead, { notes })} />
      <DataRequestDialog
        request={request}
        onClose={() => setRequest(null)}
        onDone={(action) => {
          setRequest(null);
          if (action === 'delete') void load(filter);
        }}
      />
    </main>
  );
}

interface LeadRowProps {
  lead: LeadDto;
  onStatus: (status: FollowUpStatus) => void;
  onNotes: () => void;
  onExport: () => void;
  onDelete: () => void;
}

function LeadRow({ lead, onStatus, onNotes, onExport, onDelete }: LeadRowProps) {
  const wa = whatsappDigits(lead.whatsapp ?? lead.phone);
  const phone = lead.phone ?? lead.whatsapp;
  return (
    <tr data-testid="lead-row" data-lead-id={lead.id}>
      <td data-label="Contact">
        <div>
          <strong className="leads-table__name">{lead.name}</strong>
          {lead.email && <span className="leads-table__detail">{lead.email}</span>}
          {phone && <span className="leads-table__detail">{phone}</span>}
          {lead.location && <span className="leads-table__detail leads-table__muted">{lead.location}</span>}
          {lead.notes && <span className="leads-table__notes">Notes: {lead.notes}</span>}
        </div>
      </td>
      <td data-label="Source">{LEAD_SOURCE_LABELS[lead.source] ?? lead.source}</td>
      <td data-label="Product interest">
        <div>
          {lead.productInterest || 'Not specified'}
          <LeadSizeList lead={lead} />
        </div>
      </td>
      <td data-label="Status">
        <select className={`status-badge status-badge--${lead.followUpStatus}`} aria-label={`Status of ${lead.name}`} value={lead.followUpStatus} onChange={(e) => onStatus(e.target.value as FollowUpStatus)}>
          {FOLLOW_UP_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </td>
      <td data-label="Created">{formatDate(lead.createdAt)}</td>
      <td data-label="Last contacted">{formatDate(lead.lastContactedAt)}</td>
      <td data-label="Actions">
        <div className="leads-table__actions">
          {lead.email && (
            <a className="button button--small button--ghost-dark" href={`mailto:${lead.email}`} aria-label={`E-mail ${lead.name}`}>
              E-mail
            </a>
          )}
          {phone && (
            <a className="button button--small button--ghost-dark" href={`tel:${phone.replace(/[^\d+]/g, '')}`} aria-label={`Phone ${lead.name}`}>
              Phone
            </a>
          )}
          {wa && (
            <a className="button button--small button--whatsapp" href={`https://wa.me/${wa}`} target="_blank" rel="noopener noreferrer" aria-label={`WhatsApp ${lead.name}`}>
              WhatsApp
            </a>
          )}
          <button type="button" className="button button--small" onClick={onNotes} aria-label={`Add Notes for ${lead.name}`}>
            Add Notes
          </button>
          <button type="button" className="button button--small button--ghost-dark" onClick={onExport} aria-label={`Export data of ${lead.name}`}>
            Export data
          </button>
          <button type="button" className="button button--small leads-table__danger" onClick={onDelete} aria-label={`Delete data of ${lead.name}`}>
            Delete data
          </button>
        </div>
      </td>
    </tr>
  );
}

/** The sizes the lead sent, each with where it came from; a typical or estimated size is flagged as not measured. */
function LeadSizeList({ lead }: { lead: LeadDto }) {
  const sizes = leadSizes(lead.sessionData);
  if (sizes.length === 0) return null;
  const toConfirm = sizes.some((s) => s.sizeSource === 'typical' || s.sizeSource === 'estimated');
  return (
    <span className="leads-table__detail leads-table__sizes" data-testid="lead-size">
      {toConfirm && (
        <span className="badge badge--warning" data-testid="lead-sizes-to-confirm">
          {SIZES_TO_BE_CONFIRMED}
        </span>
      )}
      {sizes.map((size, i) => (
        <span key={i} className="leads-table__size">
          {size.widthMm} x {size.dropMm ?? '?'} mm
          {size.sizeSource && (
            <>
              <span className="visually-hidden">, </span>
              <span className={size.sizeSource === 'typical' || size.sizeSource === 'estimated' ? 'badge badge--warning' : 'leads-table__muted'}>
                {SIZE_SOURCE_NOTES[size.sizeSource]}
              </span>
            </>
          )}
        </span>
      ))}
    </span>
  );
}

/** Opens the native modal dialog while `open` is true (focus trapped, Escape closes). */
function useModal(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return ref;
}

function NotesDialog({ lead, onClose, onSave }: { lead: LeadDto | null; onClose: () => void; onSave: (lead: LeadDto, notes: string) => Promise<boolean> }) {
  const ref = useModal(lead !== null);
  const [notes, setNotes] = useState('');
  const [saving, setSaving] = useState(false);
  const id = useId();
  useEffect(() => setNotes(lead?.notes ?? ''), [lead]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!lead) return;
    setSaving(true);
    const ok = await onSave(lead, notes);
    setSaving(false);
    if (ok) onClose();
  }

  return (
    <dialog ref={ref} className="dialog" aria-labelledby={`${id}-title`} onClose={onClose}>
      <form onSubmit={submit}>
        <h2 id={`${id}-title`}>Add Notes</h2>
        <p className="dialog__intro">{lead ? `Notes about ${lead.name}, kept with the lead.` : ''}</p>
        <label className="field" htmlFor={`${id}-notes`}>
          Notes
          <textarea id={`${id}-notes`} rows={5} maxLength={4000} value={notes} onChange={(e) => setNotes(e.target.value)} />
        </label>
        <div className="dialog__actions">
          <button type="button" className="button button--ghost-dark" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={saving}>
            {saving ? 'Saving...' : 'Save Notes'}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** The lead's own contact details staff can have verified with the person, each once. */
function identifierChoices(lead: LeadDto): { verifiedBy: VerifiedBy; value: string; label: string }[] {
  const choices: { verifiedBy: VerifiedBy; value: string; label: string }[] = [];
  if (lead.email) choices.push({ verifiedBy: 'email', value: lead.email, label: `E-mail ${lead.email}` });
  const seen = new Set<string>();
  for (const [kind, value] of [['Phone', lead.phone], ['WhatsApp', lead.whatsapp]] as const) {
    const key = value?.replace(/\D/g, '');
    if (!value || !key || seen.has(key)) continue;
    seen.add(key);
    choices.push({ verifiedBy: 'phone', value, label: `${kind} ${value}` });
  }
  return choices;
}

const recordDate = (iso: string | null) => (iso ? dateFormat.format(new Date(iso)) : 'Unknown');

/**
 * A data request in two steps: staff choose the contact detail they confirmed with the person and
 * preview what it matches; then they approve exactly that list for export or deletion.
 */
function DataRequestDialog({ request, onClose, onDone }: { request: { lead: LeadDto; action: DataRequestAction } | null; onClose: () => void; onDone: (action: DataRequestAction) => void }) {
  const ref = useModal(request !== null);
  const [choice, setChoice] = useState(0);
  const [preview, setPreview] = useState<PersonalDataPreview | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const lead = request?.lead ?? null;
  const action = request?.action ?? 'export';
  const choices = lead ? identifierChoices(lead) : [];

  const recordsRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    setChoice(0);
    setPreview(null);
  }, [request]);
  // The preview button goes away with its step: focus moves to the list staff now have to read.
  useEffect(() => {
    if (preview) recordsRef.current?.focus();
  }, [preview]);

  async function runPreview(e: FormEvent) {
    e.preventDefault();
    const picked = choices[choice];
    if (!lead || !picked) return;
    setBusy(true);
    try {
      setPreview(await previewPersonalData(lead.id, { action, verifiedBy: picked.verifiedBy, value: picked.value }));
    } catch (err) {
      failure('Failed to preview the data request', err);
    } finally {
      setBusy(false);
    }
  }

  async function approve() {
    if (!lead || !preview) return;
    setBusy(true);
    try {
      if (action === 'export') {
        await downloadPersonalData(lead.id, preview.token);
        toast({ title: 'Personal data exported', description: `${preview.records.length} record(s) in personal-data-${lead.id}.json.` });
      } else {
        const { deleted } = await deletePersonalData(lead.id, preview.token);
        toast({
          title: 'Personal data deleted',
          description: `${deleted.leads} lead(s), ${deleted.customerDetails} quick-details entr(ies), ${deleted.quotesDeleted + deleted.quotesBlanked} quote(s), ${deleted.chatSessions} chat(s), ${deleted.photos} photo(s); ${deleted.ordersBlanked} order(s) kept without personal details.`,
        });
      }
      onDone(action);
    } catch (err) {
      failure(action === 'export' ? 'Failed to export personal data' : 'Failed to delete personal data', err);
      // The list changed or the approval lapsed: back to the preview step, never acting on a stale list.
      if (err instanceof ApiError && (err.status === 409 || err.status === 400)) setPreview(null);
    } finally {
      setBusy(false);
    }
  }

  const who = lead?.name ?? '';
  const title = action === 'export' ? `Export ${who}'s personal data` : `Delete ${who}'s personal data?`;
  return (
    <dialog ref={ref} className="dialog leads-admin__request" aria-labelledby={`${id}-title`} aria-describedby={`${id}-what`} onClose={onClose}>
      <h2 id={`${id}-title`}>{title}</h2>
      {lead && (
        <>
          <div id={`${id}-what`}>
            <p className="dialog__intro">
              A POPIA request covers only the records that carry the contact detail you confirmed with the person. Records are never added through other details
              they hold, the business's own addresses are refused, and session ids typed into forms are not followed.
            </p>
            {action === 'delete' && (
              <>
                <ul className="leads-admin__delete-list">
                  <li>their leads and quick-details entries, with any notes;</li>
                  <li>quotes not ordered (an ordered quote keeps only its lines, its customer removed);</li>
                  <li>chat transcripts and photos of their chat;</li>
                  <li>the text of e-mails to them or about them.</li>
                </ul>
                <p>Orders stay as SARS requires (reference, lines, totals, dates, payments) with the name, e-mail, phone, address and instructions removed. This cannot be undone.</p>
              </>
            )}
          </div>
          {!preview && (
            <form onSubmit={runPreview}>
              {choices.length === 0 ? (
                <p role="alert">This lead has no e-mail address or phone number to verify.</p>
              ) : (
                <fieldset className="leads-admin__verified">
                  <legend>Which contact detail did you confirm with the person?</legend>
                  {choices.map((c, i) => (
                    <label key={c.label} className="leads-admin__choice">
                      <input type="radio" name={`${id}-verified`} value={i} checked={choice === i} onChange={() => setChoice(i)} />
                      {c.label}
                    </label>
                  ))}
                </fieldset>
              )}
              <div className="dialog__actions">
                <button type="button" className="button button--ghost-dark" onClick={onClose} autoFocus>
                  Cancel
                </button>
                <button type="submit" className="button" disabled={busy || choices.length === 0}>
                  {busy ? 'Matching...' : 'Preview matched records'}
                </button>
              </div>
            </form>
          )}
          {preview && (
            <div>
              <p>
                {preview.records.length} record(s) carry {preview.identifier.type === 'email' ? 'the e-mail address' : 'the phone number'} <strong>{preview.identifier.value}</strong>:
              </p>
              <div ref={recordsRef} className="table-scroll leads-admin__records" role="region" aria-label="Matched records" tabIndex={0}>
                <table className="prose-table">
                  <caption className="visually-hidden">Matched records</caption>
                  <thead>
                    <tr>
                      <th scope="col">Type</th>
                      <th scope="col">Reference</th>
                      <th scope="col">Date</th>
                      <th scope="col">Matched by</th>
                    </tr>
                  </thead>
                  <tbody>
                    {preview.records.map((r) => (
                      <tr key={`${r.type}:${r.id}`} data-testid="matched-record">
                        <td>{MATCHED_RECORD_LABELS[r.type]}</td>
                        <td className="leads-admin__record-id">{r.id}</td>
                        <td>{recordDate(r.date)}</td>
                        <td>{r.matchedBy}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {preview.notes.length > 0 && (
                <ul className="leads-admin__notes">
                  {preview.notes.map((n) => (
                    <li key={n}>{n}</li>
                  ))}
                </ul>
              )}
              <div className="dialog__actions">
                <button type="button" className="button button--ghost-dark" onClick={onClose}>
                  Cancel
                </button>
                <button type="button" className={action === 'delete' ? 'button leads-table__danger' : 'button'} onClick={() => void approve()} disabled={busy}>
                  {busy ? (action === 'delete' ? 'Deleting...' : 'Exporting...') : action === 'delete' ? 'Approve and delete' : 'Approve and export'}
                </button>
              </div>
            </div>
          )}
        </>
      )}
    </dialog>
  );
}
