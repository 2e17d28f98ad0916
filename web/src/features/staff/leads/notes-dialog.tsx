// The Add Notes dialog of /leads (staff spec 2.10).
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { LeadDto } from '@shared/leads-api';
import { useModal } from './use-modal';

export function NotesDialog({
  lead,
  onClose,
  onSave,
}: {
  lead: LeadDto | null;
  onClose: () => void;
  onSave: (lead: LeadDto, notes: string) => Promise<boolean>;
}) {
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
