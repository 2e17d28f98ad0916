import { useEffect, useId, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../components/toast';
import { usePublicConfig } from '../../lib/public-config';
import { readImageAsBase64, sendChatMessage, startChatSession } from './chat-api';
import { ImageIcon, MicIcon } from './chat-icons';
import { ChatMessageLog } from './chat-message-log';
import {
  CHAT_FAILURE_MESSAGE,
  CHAT_PLACEHOLDER,
  MAX_CHAT_IMAGE_BYTES,
  MAX_CHAT_IMAGES,
  nextMessageId,
  welcomeMessage,
  type Attachment,
  type ChatMessage,
} from './chat-messages';
import { chatUserContext, readConsultantMode } from './consultant-mode';
import { ConsentButtons } from './consent-buttons';
import { useVoice } from './use-voice';
import './chat-panel.css';

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

        <ChatMessageLog ref={logRef} messages={messages} assistantName={assistantName} showDetails={showDetails} />

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
