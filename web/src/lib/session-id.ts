import { CHAT_SESSION_ID_PATTERN } from '@shared/photo-keys';
import { STORAGE_KEYS } from './storage-keys';

/** Chat session id (spec section 3): 'session_' + time + 9 random characters. */
export function createSessionId(now = Date.now()): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const random = crypto.getRandomValues(new Uint8Array(9));
  return `session_${now}_${[...random].map((b) => alphabet[b % alphabet.length]).join('')}`;
}

/**
 * The chat session the customer talked in, kept for this tab once a message was sent, so an order
 * placed afterwards names it (staff open the photos sent in the chat from the order). A tab of its
 * own: a later visit's order is not tied to an old conversation.
 */
export function rememberChatSession(sessionId: string, storage: Storage = sessionStorage): void {
  if (!CHAT_SESSION_ID_PATTERN.test(sessionId)) return;
  try {
    storage.setItem(STORAGE_KEYS.chatSession, sessionId);
  } catch {
    // Storage blocked or full: the order is simply sent without it.
  }
}

/** The chat session of this tab, when the customer chatted in it; null otherwise. */
export function readChatSession(storage: Storage = sessionStorage): string | null {
  try {
    const id = storage.getItem(STORAGE_KEYS.chatSession);
    return id && CHAT_SESSION_ID_PATTERN.test(id) ? id : null;
  } catch {
    return null;
  }
}
