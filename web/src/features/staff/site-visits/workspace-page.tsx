import { useEffect, useId, useRef, useState, type ComponentType, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SiteHeader } from '../../../components/site-header';
import { toast } from '../../../components/toast';
import { createSessionId } from '../../../lib/session-id';
import { usePublicConfig } from '../../../lib/public-config';
import { handNotesToApp } from './notes-handoff';
import { SiteVisitGate } from './site-visit-gate';
import { NOTES_BACKUP_MESSAGE, localDate, notesOn } from './site-visit-storage';
import type { WorkspaceNote } from './site-visit-store';
import { siteVisitActions, useSiteVisits } from './site-visit-sync';
import { SavedBadge, SyncStatus } from './sync-status';
import './site-visits.css';
import { NOTE_TEXT_LIMIT } from '@shared/site-visit-records';

type ChatPanelComponent = ComponentType<{ sessionId: string }>;

/**
 * Storefront spec: '/{name}-workspace', the consultant's site-visit notes workspace. Behind the
 * site-visit access phrase; the chat panel here is in consultant mode (the path holds the
 * assistant's name), so the voice wake word and commands work, and 'client ...' lands in ?note=.
 * `ChatPanel` is handed in by the app (web/src/app/routes/not-found.tsx): features do not import one another.
 */
export function WorkspacePage({ ChatPanel }: { ChatPanel: ChatPanelComponent }) {
  const { assistantName } = usePublicConfig();
  return (
    <div className="page">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="site-visits workspace">
        <SiteVisitGate title={`${assistantName} Workspace`}>
          <Workspace name={assistantName} ChatPanel={ChatPanel} />
        </SiteVisitGate>
      </main>
    </div>
  );
}

function Workspace({ name, ChatPanel }: { name: string; ChatPanel: ChatPanelComponent }) {
  const [searchParams] = useSearchParams();
  const noteParam = searchParams.get('note');
  const showToday = searchParams.get('view') === 'today';
  const snapshot = useSiteVisits();
  const { notes } = snapshot;
  const [draft, setDraft] = useState(noteParam ?? '');
  const [sessionId] = useState(createSessionId);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const todayRef = useRef<HTMLHeadingElement>(null);
  const ids = useId();

  // A spoken 'client ...' command navigates here again with a new ?note=: prefill it.
  useEffect(() => {
    if (noteParam) {
      setDraft(noteParam);
      noteRef.current?.focus();
    }
  }, [noteParam]);

  // 'show me my notes' opens ?view=today: bring today's notes into view.
  useEffect(() => {
    if (showToday) todayRef.current?.focus();
  }, [showToday]);

  const today = notesOn(notes, localDate());

  function save(event: FormEvent) {
    event.preventDefault();
    if (!draft.trim()) return;
    siteVisitActions.createNote(draft.trim());
    setDraft('');
    if (!siteVisitActions.storedLocally())
      toast({
        title: 'Not saved on this phone',
        description: "This browser would not store the note: keep this page open until it shows 'Saved to the office'.",
        variant: 'destructive',
      });
    else toast({ title: 'Note saved' });
  }

  async function share(note: WorkspaceNote) {
    const result = await handNotesToApp(`${name} workspace note`, note.text);
    if (result === 'copied') toast({ title: 'Copied', description: 'The note is on the clipboard: paste it into your notes app.' });
    if (result === 'backup') {
      toast({ title: 'Notes not synced', description: NOTES_BACKUP_MESSAGE, variant: 'destructive' });
    }
  }

  return (
    <>
      <div className="site-visits__head">
        <h1>{name} Workspace</h1>
        <Link className="button button--ghost-dark" to="/site-visits">
          Site Visits
        </Link>
      </div>
      <SyncStatus snapshot={snapshot} />
      <div className="workspace__layout">
        <div>
          <form className="workspace__panel" onSubmit={save} aria-labelledby={`${ids}-new`}>
            <h2 id={`${ids}-new`}>New Note</h2>
            <div className="workspace__note-field">
              <label htmlFor={`${ids}-note`} className="visually-hidden">
                Note
              </label>
              <textarea
                id={`${ids}-note`}
                ref={noteRef}
                rows={4}
                value={draft}
                onChange={(e) => setDraft(e.target.value)}
                maxLength={NOTE_TEXT_LIMIT}
                placeholder="What did you see or agree on site?"
              />
            </div>
            <button type="submit" className="button button--accent workspace__save" disabled={!draft.trim()}>
              Save Note
            </button>
          </form>
          <section className="workspace__panel" aria-labelledby={`${ids}-today`}>
            <h2 id={`${ids}-today`} ref={todayRef} tabIndex={-1}>
              Today's Notes ({today.length})
            </h2>
            {today.length === 0 ? (
              <p className="site-visits__empty">No notes today yet.</p>
            ) : (
              <ul className="workspace__notes">
                {today.map((note) => (
                  <NoteItem key={note.id} note={note} onShare={() => void share(note)} />
                ))}
              </ul>
            )}
          </section>
        </div>
        <ChatPanel sessionId={sessionId} />
      </div>
    </>
  );
}

/** One note of today: its time, where it is saved, and send, edit and delete. */
function NoteItem({ note, onShare }: { note: WorkspaceNote; onShare: () => void }) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(note.text);
  const editButton = useRef<HTMLButtonElement>(null);
  const ids = useId();
  const time = new Date(note.createdAt).toLocaleTimeString('en-ZA', { hour: '2-digit', minute: '2-digit' });

  function close() {
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
  }

  function saveEdit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return;
    siteVisitActions.editNote(note.id, text.trim());
    toast({ title: 'Note updated' });
    close();
  }

  function remove() {
    if (!window.confirm('Delete this note? It is removed from every device.')) return;
    siteVisitActions.deleteNote(note.id);
    toast({ title: 'Note deleted' });
  }

  return (
    <li className="workspace__note">
      <time dateTime={note.createdAt}>{time}</time>
      {editing ? (
        <form onSubmit={saveEdit} className="workspace__note-edit">
          <label htmlFor={`${ids}-edit`}>Edit note from {time}</label>
          <textarea
            id={`${ids}-edit`}
            rows={4}
            maxLength={NOTE_TEXT_LIMIT}
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoFocus
          />
          <div className="site-visit__actions">
            <button type="submit" className="button button--small button--accent" disabled={!text.trim()}>
              Save Changes
            </button>
            <button type="button" className="button button--small button--ghost-dark" onClick={close}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        note.text
      )}
      <SavedBadge saved={note.saved} />
      {!editing && (
        <div className="site-visit__actions">
          <button type="button" className="button button--small button--ghost-dark" onClick={onShare}>
            Send to Notes
          </button>
          <button
            ref={editButton}
            type="button"
            className="button button--small button--ghost-dark"
            onClick={() => {
              setText(note.text);
              setEditing(true);
            }}
          >
            Edit
          </button>
          <button type="button" className="button button--small button--ghost-dark" onClick={remove}>
            Delete
          </button>
        </div>
      )}
    </li>
  );
}
