import { Fragment, useEffect, useId, useRef, useState, type ChangeEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../components/toast';
import { usePublicConfig } from '../../lib/public-config';
import { readImageAsBase64, sendChatMessage, startChatSession, type AiProvider } from './chat-api';
import { chatUserContext, readConsultantMode } from './consultant-mode';
import { ConsentButtons } from './consent-buttons';
import { messageParts } from './message-links';
import { useVoice } from './use-voice';
import './chat-panel.css';

/** Spec section 9: up to 3 images per message. */
export const MAX_CHAT_IMAGES = 3;
/** Larger photos are refused before reading them. */
export const MAX_CHAT_IMAGE_BYTES = 5 * 1024 * 1024;
export const CHAT_PLACEHOLDER = 'Ask about blinds, upload photos, or request consultation...';
export const CHAT_FAILURE_MESSAGE = 'I apologize, but I encountered an issue processing your message. Please try again.';
/** At most this many feature tags per assistant message in Details mode. */
const MAX_FEATURE_TAGS = 2;

/** Spec section 3 'Chat message'. */
export interface ChatMessage {
  /** A timestamp string (kept unique within the panel). */
  id: string;
  role: 'user' | 'assistant';
  content: string;
  timestamp: Date;
  /** File names of the attached photos (user messages only). */
  images?: string[];
  aiProvider?: AiProvider;
  routingReason?: string;
  features?: string[];
}

interface Attachment {
  key: string;
  name: string;
  /** For the thumbnail. */
  dataUrl: string;
  /** What is sent: base64 without the data-URL prefix. */
  base64: string;
}

let lastId = 0;
/** Timestamp ids that never repeat, even for two messages in the same millisecond. */
function nextMessageId(): string {
  lastId = Math.max(Date.now(), lastId + 1);
  return String(lastId);
}

function welcomeMessage(assistantName: string, businessName: string): ChatMessage {
  return {
    id: nextMessageId(),
    role: 'assistant',
    content:
      `Hi there! I'm ${assistantName}, your ${businessName} assistant. I can help you with:\n` +
      '• Our blinds and shutters, and which suit each room\n' +
      '• Prices for your window sizes\n' +
      '• Colours, fabrics and finishes\n' +
      '• How to measure your windows\n' +
      '• Booking a measure-and-quote visit in the Garden Route\n\n' +
      'Ask me anything, or upload photos of your windows and I will take a look.',
    timestamp: new Date(),
    features: [],
  };
}

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

function ImageIcon() {
  return (
    <svg className="chat-panel__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <circle cx="9" cy="10" r="2" />
      <path d="M21 16l-5-5-9 9" />
    </svg>
  );
}

function MicIcon() {
  return (
    <svg className="chat-panel__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="9" y="3" width="6" height="11" rx="3" />
      <path d="M5 11a7 7 0 0 0 14 0M12 18v3" />
    </svg>
  );
}

function formatTime(date: Date): string {
  return date.toLocaleTimeString('en-ZA', { hour: '2-digit', minute: '2-digit' });
}

/** The AI consultant chat panel of the landing page (spec section 2). */
export function ChatPanel({ sessionId }: { sessionId: string }) {
  const config = usePublicConfig();
  const assistantName = config.assistantName;
  const ids = useId();
  const titleId = `${ids}-title`;
  const inputId = `${ids}-input`;
  const fileId = `${ids}-files`;

  const [messages, setMessages] = useState<ChatMessage[]>(() => [welcomeMessage(assistantName, config.businessName)]);
  const [input, setInput] = useState('');
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [reading, setReading] = useState(0);
  const [sending, setSending] = useState(false);
  const [showDetails, setShowDetails] = useState(false);
  // Consultant mode (spec section 3) decides the user context and the voice toggle.
  const [consultant] = useState(() => readConsultantMode(assistantName, { sessionId }));
  const navigate = useNavigate();

  const logRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const refocusInput = useRef(false);

  // The page starts a chat session on load; a failure is only logged.
  useEffect(() => {
    startChatSession(sessionId).catch((error: unknown) => {
      console.warn('Could not start the chat session:', error instanceof Error ? error.message : error);
    });
  }, [sessionId]);

  // Keep the newest message (and the 'Processing...' line) in view; the welcome stays at the top.
  useEffect(() => {
    const log = logRef.current;
    if (log && (messages.length > 1 || sending || attachments.length > 0)) log.scrollTop = log.scrollHeight;
  }, [messages.length, sending, attachments.length, showDetails]);

  // The textarea is disabled while sending, which drops focus; give it back afterwards.
  useEffect(() => {
    if (!sending && refocusInput.current) {
      refocusInput.current = false;
      inputRef.current?.focus();
    }
  }, [sending]);

  const atImageLimit = attachments.length + reading >= MAX_CHAT_IMAGES;
  const canSend = !sending && reading === 0 && (input.trim().length > 0 || attachments.length > 0);

  async function send() {
    if (!canSend) return;
    await submit(input.trim(), attachments);
  }

  /** The one send path, for typed messages and for messages spoken in voice command mode. */
  async function submit(text: string, sentAttachments: Attachment[]) {
    const userMessage: ChatMessage = {
      id: nextMessageId(),
      role: 'user',
      content: text,
      timestamp: new Date(),
      images: sentAttachments.map((a) => a.name),
    };
    refocusInput.current = document.activeElement === inputRef.current;
    setMessages((current) => [...current, userMessage]);
    setInput('');
    setAttachments([]);
    setSending(true);

    let answer: ChatMessage;
    try {
      const reply = await sendChatMessage(assistantName, {
        message: text || `I have attached ${sentAttachments.length === 1 ? 'a photo' : `${sentAttachments.length} photos`} of my windows.`,
        sessionId,
        images: sentAttachments.map((a) => a.base64),
        userContext: chatUserContext(assistantName, consultant),
      });
      answer = {
        id: nextMessageId(),
        role: 'assistant',
        content: reply.response,
        timestamp: new Date(),
        aiProvider: reply.aiProvider,
        routingReason: reply.routingReason,
        features: reply.features ?? [],
      };
    } catch (error) {
      console.warn('Chat message failed:', error instanceof Error ? error.message : error);
      answer = { id: nextMessageId(), role: 'assistant', content: CHAT_FAILURE_MESSAGE, timestamp: new Date(), features: [] };
    }
    setMessages((current) => [...current, answer]);
    setSending(false);
  }

  const voice = useVoice({
    enabled: consultant,
    name: assistantName,
    sessionId,
    navigate: (to) => void navigate(to),
    sendMessage: (text) => {
      if (sending) {
        console.warn('A spoken message arrived while another is being sent; it was not sent:', text);
        return;
      }
      void submit(text, []);
    },
  });

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  }

  async function onFilesChosen(event: ChangeEvent<HTMLInputElement>) {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = ''; // choosing the same file again still fires change
    if (chosen.length === 0) return;

    const images = chosen.filter((f) => f.type.startsWith('image/'));
    const tooLarge = images.filter((f) => f.size > MAX_CHAT_IMAGE_BYTES);
    const acceptable = images.filter((f) => f.size <= MAX_CHAT_IMAGE_BYTES);
    const room = Math.max(0, MAX_CHAT_IMAGES - attachments.length - reading);
    const taken = acceptable.slice(0, room);

    // One toast at a time: the most useful one wins.
    if (tooLarge.length > 0) {
      toast({
        title: 'Image Too Large',
        description: `${tooLarge.map((f) => f.name).join(', ')} ${tooLarge.length === 1 ? 'is' : 'are'} over 5 MB. Please choose a smaller photo.`,
        variant: 'destructive',
      });
    } else if (images.length < chosen.length) {
      toast({ title: 'Images Only', description: 'Only image files can be attached.', variant: 'destructive' });
    } else if (taken.length < acceptable.length) {
      toast({ title: 'Image Limit', description: `You can attach up to ${MAX_CHAT_IMAGES} images per message.` });
    }
    if (taken.length === 0) return;

    setReading((n) => n + taken.length);
    const read = await Promise.all(
      taken.map(async (file, i): Promise<Attachment | null> => {
        try {
          const base64 = await readImageAsBase64(file);
          return { key: `${Date.now()}-${i}-${file.name}`, name: file.name, base64, dataUrl: `data:${file.type};base64,${base64}` };
        } catch {
          return null;
        }
      }),
    );
    setReading((n) => n - taken.length);
    const ok = read.filter((a): a is Attachment => a !== null);
    if (ok.length < read.length)
      toast({ title: 'Image Error', description: 'One of the images could not be read.', variant: 'destructive' });
    setAttachments((current) => [...current, ...ok].slice(0, MAX_CHAT_IMAGES));
  }

  function removeAttachment(key: string) {
    setAttachments((current) => current.filter((a) => a.key !== key));
  }

  function openMainWebsite() {
    if (config.mainWebsiteUrl) window.open(config.mainWebsiteUrl, '_blank', 'noopener');
  }

  return (
    <section className="chat-panel" aria-labelledby={titleId} data-session-id={sessionId}>
      <div className="chat-panel__card">
        <div className="chat-panel__header">
          <div className="chat-panel__heading">
            <h2 id={titleId}>{assistantName} AI</h2>
            <span className="badge">Custom Blinds Assistant</span>
          </div>
          <button
            type="button"
            className="button button--small button--light chat-panel__back"
            onClick={openMainWebsite}
            disabled={!config.mainWebsiteUrl}
          >
            <span className="chat-panel__back-long">Back to Custom Blinds</span>
            <span className="chat-panel__back-short">Home</span>
          </button>
        </div>

        <div
          ref={logRef}
          className="chat-panel__log"
          role="log"
          aria-live="polite"
          aria-label={`Conversation with ${assistantName}`}
          tabIndex={0}
        >
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

        {!sending && messages.at(-1)?.features?.includes('consent-request') && (
          <ConsentButtons disabled={sending} onAnswer={(text) => void submit(text, [])} />
        )}

        {sending && (
          <p className="chat-panel__processing" role="status">
            <span className="chat-panel__dots" aria-hidden="true" />
            Processing...
          </p>
        )}

        <form
          className="chat-panel__composer"
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          {attachments.length > 0 && (
            <ul className="chat-panel__attachments" aria-label="Images to send">
              {attachments.map((a) => (
                <li key={a.key} className="chat-panel__thumb">
                  <img src={a.dataUrl} alt={a.name} />
                  <button
                    type="button"
                    className="chat-panel__thumb-remove"
                    aria-label={`Remove ${a.name}`}
                    onClick={() => removeAttachment(a.key)}
                    disabled={sending}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          )}
          <label htmlFor={inputId} className="visually-hidden">
            Message {assistantName}
          </label>
          <textarea
            id={inputId}
            ref={inputRef}
            className="chat-panel__input"
            rows={2}
            placeholder={CHAT_PLACEHOLDER}
            value={input}
            onChange={(e) => setInput(e.target.value)}
            onKeyDown={onKeyDown}
            disabled={sending}
            aria-describedby={`${ids}-hint`}
          />
          <p id={`${ids}-hint`} className="visually-hidden">
            Enter sends, Shift+Enter starts a new line. Up to {MAX_CHAT_IMAGES} images of at most 5 MB each.
          </p>
          <div className="chat-panel__actions">
            <label htmlFor={fileId} className="visually-hidden">
              Attach images
            </label>
            <input id={fileId} ref={fileRef} type="file" accept="image/*" multiple hidden onChange={(e) => void onFilesChosen(e)} />
            <button
              type="button"
              className="button button--small button--ghost-dark"
              onClick={() => fileRef.current?.click()}
              disabled={atImageLimit || sending}
            >
              <ImageIcon />
              Images
            </button>
            <button
              type="button"
              className="button button--small button--ghost-dark"
              aria-pressed={showDetails}
              onClick={() => setShowDetails((v) => !v)}
            >
              Details
            </button>
            {consultant && (
              <button
                type="button"
                className={`button button--small button--ghost-dark chat-panel__voice${voice.listening ? ' chat-panel__voice--on' : ''}`}
                aria-pressed={voice.listening}
                data-voice-state={voice.state}
                onClick={voice.toggle}
              >
                <MicIcon />
                {voice.listening ? 'Stop Voice' : `Hey ${assistantName}`}
              </button>
            )}
            <button type="submit" className="button button--small button--accent chat-panel__send" disabled={!canSend}>
              Send
            </button>
          </div>
        </form>
      </div>
    </section>
  );
}
