// A lead's notes history as staff read it: newest first, each with who wrote it and when.
import type { LeadNoteDto } from '@shared/leads-api';
import { formatDate } from './leads-helpers';

/** 'lead capture' and 'before history' are the server's names for notes no staff session wrote. */
const AUTHOR_LABELS: Record<string, string> = {
  'lead capture': 'left with the lead',
  'before history': 'written before notes were kept as a history',
};

export function NoteHistory({ notes }: { notes: LeadNoteDto[] }) {
  if (notes.length === 0) return <p className="leads-table__muted">No notes yet.</p>;
  return (
    <ol className="lead-notes" data-testid="note-history">
      {notes.map((n) => (
        <li key={n.id} className="lead-notes__item" data-testid="note-entry">
          <p className="lead-notes__meta">
            <time dateTime={n.createdAt}>{formatDate(n.createdAt)}</time>, {AUTHOR_LABELS[n.actor] ?? `by ${n.actor}`}
          </p>
          <p className="lead-notes__text">{n.text}</p>
        </li>
      ))}
    </ol>
  );
}
