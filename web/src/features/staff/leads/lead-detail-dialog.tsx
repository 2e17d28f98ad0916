// A lead's detail on /leads (staff spec 2.10): the customer's own words and photos from the chat that
// led to the lead, each message with its time, and the notes history. The transcript is shown while
// the chat is kept under the retention schedule (90 days after the last message); photos are served
// to staff only (GET /api/leads/{id}/photos).
import { useEffect, useId, useState } from 'react';
import { LEAD_SOURCE_LABELS, type LeadChatMessage, type LeadDetailResponse, type LeadDto } from '@shared/leads-api';
import { fetchLeadDetail } from './leads-client';
import { LeadSizeList } from './lead-row';
import { failure, formatDate } from './leads-helpers';
import { NoteHistory } from './note-history';
import { useModal } from './use-modal';

type Detail = { status: 'loading' } | { status: 'ready'; detail: LeadDetailResponse } | { status: 'error' };

export function LeadDetailDialog({ lead, onClose }: { lead: LeadDto | null; onClose: () => void }) {
  const ref = useModal(lead !== null);
  const [state, setState] = useState<Detail>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const id = useId();

  useEffect(() => {
    if (!lead) return;
    let live = true;
    setState({ status: 'loading' });
    fetchLeadDetail(lead.id).then(
      (detail) => live && setState({ status: 'ready', detail }),
      (err: unknown) => {
        if (!live) return;
        failure('Failed to load the lead', err);
        setState({ status: 'error' });
      },
    );
    return () => {
      live = false;
    };
  }, [lead, attempt]);

  return (
    <dialog ref={ref} className="dialog lead-detail" aria-labelledby={`${id}-title`} onClose={onClose}>
      <div className="lead-detail__head">
        <h2 id={`${id}-title`}>{lead ? `Lead: ${lead.name}` : 'Lead'}</h2>
        <button type="button" className="button button--small button--ghost-dark" onClick={onClose}>
          Close
        </button>
      </div>
      {lead && (
        <dl className="lead-detail__facts">
          <dt>Contact</dt>
          <dd>{[lead.email, lead.phone ?? lead.whatsapp, lead.location].filter(Boolean).join(' · ') || 'None given'}</dd>
          <dt>Source</dt>
          <dd>{LEAD_SOURCE_LABELS[lead.source] ?? lead.source}</dd>
          <dt>Product interest</dt>
          <dd>
            {lead.productInterest || 'Not specified'}
            <LeadSizeList lead={lead} />
          </dd>
          <dt>Created</dt>
          <dd>{formatDate(lead.createdAt)}</dd>
        </dl>
      )}
      {state.status === 'loading' && <p role="status">Loading the lead...</p>}
      {state.status === 'error' && (
        <div role="alert">
          <p>The lead could not be loaded.</p>
          <button type="button" className="button button--small" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        </div>
      )}
      {state.status === 'ready' && <DetailBody detail={state.detail} />}
    </dialog>
  );
}

function DetailBody({ detail }: { detail: LeadDetailResponse }) {
  const { chat, photos } = detail;
  const inTranscript = new Set(chat.messages.flatMap((m) => m.photos.map((p) => p.key)));
  const otherPhotos = photos.filter((p) => !inTranscript.has(p.key));
  return (
    <>
      <section aria-labelledby="lead-chat-title">
        <h3 className="leads-admin__subhead" id="lead-chat-title">
          Chat transcript
        </h3>
        {chat.status === 'none' && <p className="leads-table__muted">This lead was not left in the chat.</p>}
        {chat.status === 'expired' && (
          <p className="leads-table__muted">
            The chat is no longer kept: transcripts are deleted 90 days after the last message, or on a POPIA request.
          </p>
        )}
        {chat.status === 'kept' && (
          <ol className="lead-chat" data-testid="lead-transcript">
            {chat.messages.map((m, i) => (
              <ChatMessage key={i} message={m} />
            ))}
          </ol>
        )}
      </section>
      {otherPhotos.length > 0 && (
        <section aria-labelledby="lead-photos-title">
          <h3 className="leads-admin__subhead" id="lead-photos-title">
            Photos from the chat
          </h3>
          <ul className="lead-chat__photos">
            {otherPhotos.map((p) => (
              <li key={p.key}>
                <a href={p.url} target="_blank" rel="noopener">
                  <img src={p.url} alt={`Photo the customer sent on ${formatDate(p.uploadedAt)}`} loading="lazy" />
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="lead-notes-title">
        <h3 className="leads-admin__subhead" id="lead-notes-title">
          Notes
        </h3>
        <NoteHistory notes={detail.notes} />
      </section>
    </>
  );
}

function ChatMessage({ message: m }: { message: LeadChatMessage }) {
  const who = m.role === 'customer' ? 'Customer' : 'Consultant';
  return (
    <li className={`lead-chat__message lead-chat__message--${m.role}`} data-testid="chat-message">
      <p className="lead-notes__meta">
        <strong>{who}</strong>, {m.at ? <time dateTime={m.at}>{formatDate(m.at)}</time> : 'time unknown'}
      </p>
      {m.text && <p className="lead-chat__text">{m.text}</p>}
      {m.photos.length > 0 && (
        <ul className="lead-chat__photos">
          {m.photos.map((p, i) => (
            <li key={p.key}>
              {p.url ? (
                <a href={p.url} target="_blank" rel="noopener">
                  <img src={p.url} alt={`Photo ${i + 1} the customer sent${m.at ? ` on ${formatDate(m.at)}` : ''}`} loading="lazy" />
                </a>
              ) : (
                <span className="leads-table__muted">Photo {i + 1} deleted (photos are kept 90 days)</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
