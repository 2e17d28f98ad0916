// The conversation of the chat panel (spec section 2): each message with its time, the names of the
// photos a customer sent, and in Details mode the assistant's response badge and feature tags.
import { Fragment, type ReactNode, type Ref } from 'react';
import { Link } from 'react-router';
import type { ChatMessage } from './chat-messages';
import { ImageIcon } from './chat-icons';
import { messageParts } from './message-links';

/** At most this many feature tags per assistant message in Details mode. */
const MAX_FEATURE_TAGS = 2;

/** Plain text with https:// addresses and the site's page paths turned into links (no HTML injection: text stays text). */
export function renderWithLinks(text: string): ReactNode[] {
  return messageParts(text).map((part, i) =>
    'text' in part ? (
      <Fragment key={i}>{part.text}</Fragment>
    ) : part.external ? (
      <a key={i} href={part.href} target="_blank" rel="noopener noreferrer">
        {part.href}
      </a>
    ) : (
      <Link key={i} to={part.href}>
        {part.href}
      </Link>
    ),
  );
}

function formatTime(date: Date): string {
  return date.toLocaleTimeString('en-ZA', { hour: '2-digit', minute: '2-digit' });
}

interface Props {
  ref: Ref<HTMLDivElement>;
  messages: ChatMessage[];
  assistantName: string;
  showDetails: boolean;
}

export function ChatMessageLog({ ref, messages, assistantName, showDetails }: Props) {
  return (
    <div ref={ref} className="chat-panel__log" role="log" aria-live="polite" aria-label={`Conversation with ${assistantName}`} tabIndex={0}>
      {messages.map((m) => (
        <div key={m.id} className={`chat-message chat-message--${m.role}`} data-role={m.role}>
          <div className="chat-message__bubble">
            <span className="visually-hidden">{m.role === 'user' ? 'You said:' : `${assistantName} said:`}</span>
            {m.content && <p className="chat-message__text">{m.role === 'assistant' ? renderWithLinks(m.content) : m.content}</p>}
            {m.images && m.images.length > 0 && (
              <ul className="chat-message__images" aria-label="Attached images">
                {m.images.map((name, i) => (
                  <li key={`${name}-${i}`}>
                    <ImageIcon />
                    {name}
                  </li>
                ))}
              </ul>
            )}
            {showDetails && m.role === 'assistant' && (
              <div className="chat-message__details">
                <span className="badge chat-message__response-badge" title={m.routingReason || undefined}>
                  {assistantName} Response
                </span>
                {(m.features ?? []).slice(0, MAX_FEATURE_TAGS).map((feature) => (
                  <span key={feature} className="chat-message__feature">
                    {feature}
                  </span>
                ))}
              </div>
            )}
          </div>
          <time className="chat-message__time" dateTime={m.timestamp.toISOString()}>
            {formatTime(m.timestamp)}
          </time>
        </div>
      ))}
    </div>
  );
}
