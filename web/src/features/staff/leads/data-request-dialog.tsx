// The POPIA data request dialog of /leads (DESIGN.md section 7): verify, preview, approve. From a lead
// row (staff pick one of the lead's own contact details) or for any customer (lead null: staff type the
// e-mail address or phone number they verified with the person).
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import type { LeadDto } from '@shared/leads-api';
import { MATCHED_RECORD_LABELS, type DataRequestAction, type PersonalDataPreview, type VerifiedBy } from '@shared/popia-api';
import { toast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import { deletePersonalData, downloadPersonalData, previewPersonalData } from './leads-client';
import { failure, identifierChoices, recordDate } from './leads-helpers';
import { useModal } from './use-modal';

/**
 * A data request in two steps: staff choose the contact detail they confirmed with the person and
 * preview what it matches; then they approve exactly that list for export or deletion.
 */
export function DataRequestDialog({
  request,
  onClose,
  onDone,
}: {
  request: { lead: LeadDto | null; action: DataRequestAction } | null;
  onClose: () => void;
  onDone: (action: DataRequestAction) => void;
}) {
  const ref = useModal(request !== null);
  const [choice, setChoice] = useState(0);
  const [preview, setPreview] = useState<PersonalDataPreview | null>(null);
  const [busy, setBusy] = useState(false);
  const [typedBy, setTypedBy] = useState<VerifiedBy>('email');
  const [typed, setTyped] = useState('');
  const id = useId();
  const lead = request?.lead ?? null;
  const action = request?.action ?? 'export';
  const choices = lead ? identifierChoices(lead) : [];

  const recordsRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    setChoice(0);
    setPreview(null);
    setTypedBy('email');
    setTyped('');
  }, [request]);
  // The preview button goes away with its step: focus moves to the list staff now have to read.
  useEffect(() => {
    if (preview) recordsRef.current?.focus();
  }, [preview]);

  async function runPreview(e: FormEvent) {
    e.preventDefault();
    const picked = lead ? choices[choice] : { verifiedBy: typedBy, value: typed };
    if (!request || !picked) return;
    setBusy(true);
    try {
      setPreview(await previewPersonalData(lead?.id ?? null, { action, verifiedBy: picked.verifiedBy, value: picked.value }));
    } catch (err) {
      failure('Failed to preview the data request', err);
    } finally {
      setBusy(false);
    }
  }

  async function approve() {
    if (!request || !preview) return;
    const leadId = lead?.id ?? null;
    setBusy(true);
    try {
      if (action === 'export') {
        const fileName = await downloadPersonalData(leadId, preview.token);
        toast({ title: 'Personal data exported', description: `${preview.records.length} record(s) in ${fileName}.` });
      } else {
        const { deleted } = await deletePersonalData(leadId, preview.token);
        toast({
          title: 'Personal data deleted',
          description: `${deleted.leads} lead(s), ${deleted.customerDetails} quick-details entr(ies), ${deleted.quotesDeleted + deleted.quotesBlanked} quote(s), ${deleted.chatSessions} chat(s), ${deleted.photos} photo(s), ${deleted.siteVisits} site visit(s), ${deleted.visitBookings} booked visit(s); ${deleted.ordersBlanked} order(s) kept without personal details.`,
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

  const who = lead ? `${lead.name}'s` : "a customer's";
  const title = action === 'export' ? `Export ${who} personal data` : `Delete ${who} personal data?`;
  return (
    <dialog
      ref={ref}
      className="dialog leads-admin__request"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-what`}
      onClose={onClose}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      {request && (
        <>
          <div id={`${id}-what`}>
            <p className="dialog__intro">
              A POPIA request covers only the records that carry the contact detail you confirmed with the person. Records are never added
              through other details they hold, the business's own addresses are refused, and session ids typed into forms are not followed.
            </p>
            {action === 'delete' && (
              <>
                <ul className="leads-admin__delete-list">
                  <li>their leads and quick-details entries, with any notes;</li>
                  <li>quotes not ordered (an ordered quote keeps only its lines, its customer removed);</li>
                  <li>chat transcripts and photos of their chat;</li>
                  <li>the text of e-mails to them or about them.</li>
                </ul>
                <p>
                  Orders stay as SARS requires (reference, lines, totals, dates, payments) with the name, e-mail, phone, address and
                  instructions removed. This cannot be undone.
                </p>
              </>
            )}
          </div>
          {!preview && (
            <form onSubmit={runPreview}>
              {!lead ? (
                <TypedIdentifier id={id} verifiedBy={typedBy} value={typed} onVerifiedBy={setTypedBy} onValue={setTyped} />
              ) : choices.length === 0 ? (
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
                <button type="submit" className="button" disabled={busy || (lead ? choices.length === 0 : typed.trim() === '')}>
                  {busy ? 'Matching...' : 'Preview matched records'}
                </button>
              </div>
            </form>
          )}
          {preview && (
            <div>
              <p>
                {preview.records.length} record(s) carry {preview.identifier.type === 'email' ? 'the e-mail address' : 'the phone number'}{' '}
                <strong>{preview.identifier.value}</strong>:
              </p>
              <MatchedRecords records={preview.records} recordsRef={recordsRef} />
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
                <button
                  type="button"
                  className={action === 'delete' ? 'button leads-table__danger' : 'button'}
                  onClick={() => void approve()}
                  disabled={busy}
                >
                  {busy
                    ? action === 'delete'
                      ? 'Deleting...'
                      : 'Exporting...'
                    : action === 'delete'
                      ? 'Approve and delete'
                      : 'Approve and export'}
                </button>
              </div>
            </div>
          )}
        </>
      )}
    </dialog>
  );
}

/** A customer found from the staff area: the kind of identifier staff verified, and its value as they typed it. */
function TypedIdentifier({
  id,
  verifiedBy,
  value,
  onVerifiedBy,
  onValue,
}: {
  id: string;
  verifiedBy: VerifiedBy;
  value: string;
  onVerifiedBy: (v: VerifiedBy) => void;
  onValue: (v: string) => void;
}) {
  return (
    <>
      <fieldset className="leads-admin__verified">
        <legend>Which contact detail did you confirm with the person?</legend>
        {(
          [
            ['email', 'E-mail address'],
            ['phone', 'Phone or WhatsApp number'],
          ] as const
        ).map(([kind, label]) => (
          <label key={kind} className="leads-admin__choice">
            <input type="radio" name={`${id}-kind`} value={kind} checked={verifiedBy === kind} onChange={() => onVerifiedBy(kind)} />
            {label}
          </label>
        ))}
      </fieldset>
      <label className="field" htmlFor={`${id}-value`}>
        {verifiedBy === 'email' ? 'The e-mail address you confirmed' : 'The phone number you confirmed'}
        <input
          id={`${id}-value`}
          type={verifiedBy === 'email' ? 'email' : 'tel'}
          autoComplete="off"
          maxLength={254}
          required
          value={value}
          onChange={(e) => onValue(e.target.value)}
        />
      </label>
    </>
  );
}

/** The records a data request matched, in a scrolling region staff read before they approve. */
function MatchedRecords({
  records,
  recordsRef,
}: {
  records: PersonalDataPreview['records'];
  recordsRef: RefObject<HTMLDivElement | null>;
}) {
  return (
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
          {records.map((r) => (
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
  );
}
