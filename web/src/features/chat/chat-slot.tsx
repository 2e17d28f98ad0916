import { telLink, usePublicConfig, whatsappLink } from '../../lib/public-config';

/**
 * Where the consultant chat panel mounts (it receives the session id). Until the consultant is
 * switched on, the slot says so plainly and offers the people who can answer now.
 */
export function ChatSlot({ sessionId }: { sessionId: string }) {
  const config = usePublicConfig();
  return (
    <section className="chat-slot" aria-labelledby="chat-slot-title" data-session-id={sessionId}>
      <div className="chat-slot__header">
        <h2 id="chat-slot-title">{config.assistantName} AI</h2>
        <span className="badge">Custom Blinds Assistant</span>
      </div>
      <div className="chat-slot__body">
        <p>
          {config.assistantName}, our AI shade consultant, is on the way: soon you can ask about products, colours and
          prices here and attach photos of your windows.
        </p>
        <p>Until then our team answers the same questions on the phone and on WhatsApp.</p>
        <div className="button-row">
          {config.whatsapp.national && (
            <a className="button button--whatsapp" href={whatsappLink(config.whatsapp.national, config.whatsappGreeting.national)} target="_blank" rel="noopener noreferrer">
              Ask on WhatsApp
            </a>
          )}
          {config.phone.national && <a className="button button--ghost-dark" href={telLink(config.phone.national)}>Call {config.phone.national}</a>}
        </div>
      </div>
    </section>
  );
}
