import { useEffect, useId, useRef, useState, type ComponentType, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SiteHeader } from '../../../components/site-header';
import { toast } from '../../../components/toast';
import { createSessionId } from '../../../lib/session-id';
import { usePublicConfig } from '../../../lib/public-config';
import { handNotesToApp } from './notes-handoff';
import { SiteVisitGate } from './site-visit-gate';
import {
  NOTES_BACKUP_MESSAGE,
  addWorkspaceNote,
  loadWorkspaceNotes,
  localDate,
  notesOn,
  saveWorkspaceNotes,
  type WorkspaceNote,
} from './site-visit-storage';
import './site-visits.css';

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
  const [notes, setNotes] = useState<WorkspaceNote[]>(loadWorkspaceNotes);
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
    const next = addWorkspaceNote(notes, draft);
    setNotes(next);
    setDraft('');
    if (!saveWorkspaceNotes(next))
      toast({ title: 'Not saved', description: 'This browser would not store the note.', variant: 'destructive' });
    else toast({ title: 'Note saved' });
  }

  async function share(note: WorkspaceNote) {
    const result = await handNotesToApp(`${name} workspace note`, note.text);
    if (result === 'copied') toast({ title: 'Copied', description: 'The note is on the clipboard: paste it into your notes app.' });
    if (result === 'backup') {
      setNotes(loadWorkspaceNotes());
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
                  <li key={note.id} className="workspace__note">
                    <time dateTime={note.createdAt}>
                      {new Date(note.createdAt).toLocaleTimeString('en-ZA', { hour: '2-digit', minute: '2-digit' })}
                    </time>
                    {note.text}
                    <div className="site-visit__actions">
                      <button type="button" className="button button--small button--ghost-dark" onClick={() => void share(note)}>
                        Send to Notes
                      </button>
                    </div>
                  </li>
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
