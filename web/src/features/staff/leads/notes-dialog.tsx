// The Add Notes dialog of /leads (staff spec 2.10): the lead's notes history newest first (who, when,
// what), and a new note added to it; saving never overwrites an earlier note.
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { LeadDto, LeadNoteDto } from '@shared/leads-api';
import { fetchLeadNotes } from './leads-client';
import { NoteHistory } from './note-history';
import { useModal } from './use-modal';

type History = { status: 'loading' } | { status: 'ready'; notes: LeadNoteDto[] } | { status: 'error' };

export function NotesDialog({
  lead,
  onClose,
  onSave,
}: {
  lead: LeadDto | null;
  onClose: () => void;
  onSave: (lead: LeadDto, note: string) => Promise<boolean>;
}) {
  const ref = useModal(lead !== null);
  const [note, setNote] = useState('');
  const [saving, setSaving] = useState(false);
  const [history, setHistory] = useState<History>({ status: 'loading' });
  const id = useId();

  useEffect(() => {
    setNote('');
    if (!lead) return;
    let live = true;
    setHistory({ status: 'loading' });
    fetchLeadNotes(lead.id).then(
      (data) => live && setHistory({ status: 'ready', notes: data.notes }),
      () => live && setHistory({ status: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [lead]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!lead || !note.trim()) return;
    setSaving(true);
    const ok = await onSave(lead, note);
    setSaving(false);
    if (ok) onClose();
  }

  return (
    <dialog ref={ref} className="dialog leads-admin__notes-dialog" aria-labelledby={`${id}-title`} onClose={onClose}>
      <form onSubmit={submit}>
        <h2 id={`${id}-title`}>Add Notes</h2>
        <p className="dialog__intro">
          {lead ? `A new note about ${lead.name} is added to the history; earlier notes stay as written.` : ''}
        </p>
        <label className="field" htmlFor={`${id}-notes`}>
          Notes
          <textarea id={`${id}-notes`} rows={4} maxLength={4000} required value={note} onChange={(e) => setNote(e.target.value)} />
        </label>
        <div className="dialog__actions">
          <button type="button" className="button button--ghost-dark" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={saving || !note.trim()}>
            {saving ? 'Saving...' : 'Save Notes'}
          </button>
        </div>
      </form>
      <h3 className="leads-admin__subhead">Earlier notes</h3>
      {history.status === 'loading' && <p role="status">Loading the notes...</p>}
      {history.status === 'error' && <p role="alert">The notes could not be loaded. Close the dialog and try again.</p>}
      {history.status === 'ready' && <NoteHistory notes={history.notes} />}
    </dialog>
  );
}
