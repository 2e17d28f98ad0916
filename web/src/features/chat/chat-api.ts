// The consultant chat calls of storefront spec section 7: POST /api/chat/session on load and
// POST /api/{name}/enhanced-chat per message. Both go through apiRequest (credentials, JSON, throw on non-OK).
import { apiRequest } from '../../lib/api-client';
import { rememberChatSession } from '../../lib/session-id';

export type AiProvider = 'claude' | 'gpt' | 'built-in';

/** Where the visitor is and whether the named consultant is the one chatting (payload key is{Name}). */
/** Spec section 3: the location ('garden_route' for a consultant on site) and the is{Name} flag. */
export type UserContext = Record<string, string | boolean> & { location: string };

export interface ChatRequest {
  message: string;
  sessionId: string;
  /** Base64 image data WITHOUT the 'data:*;base64,' prefix. */
  images: string[];
  userContext: UserContext;
}

export interface ChatReply {
  response: string;
  aiProvider?: AiProvider;
  routingReason?: string;
  features?: string[];
  /** The server-signed id of this reply: POST /api/elevenlabs-tts speaks it in this chat session. */
  replyId?: string;
}

/** The enhanced-chat path for an assistant name: '/api/melvin/enhanced-chat'. */
export function enhancedChatPath(assistantName: string): string {
  return `/api/${encodeURIComponent(assistantName.trim().toLowerCase())}/enhanced-chat`;
}

/** Starts (or re-registers) the chat session. Callers only log a failure. */
export async function startChatSession(sessionId: string): Promise<void> {
  await apiRequest('POST', '/api/chat/session', { sessionId });
}

/** Sends one message; throws 'Failed to send message' on any failure or an answer without text. */
export async function sendChatMessage(assistantName: string, request: ChatRequest): Promise<ChatReply> {
  let reply: ChatReply | null;
  try {
    reply = await apiRequest<ChatReply | null>('POST', enhancedChatPath(assistantName), request);
  } catch (cause) {
    throw new Error('Failed to send message', { cause });
  }
  if (!reply || typeof reply.response !== 'string') throw new Error('Failed to send message');
  // A conversation took place: an order placed from this tab names it (its photos are staff's to see).
  rememberChatSession(request.sessionId);
  return {
    response: reply.response,
    aiProvider: reply.aiProvider,
    routingReason: typeof reply.routingReason === 'string' ? reply.routingReason : undefined,
    features: Array.isArray(reply.features) ? reply.features.filter((f): f is string => typeof f === 'string') : [],
    replyId: typeof reply.replyId === 'string' ? reply.replyId : undefined,
  };
}

/** Reads a file as a data URL and returns the base64 part only. */
export function readImageAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const result = typeof reader.result === 'string' ? reader.result : '';
      resolve(stripDataUrlPrefix(result));
    };
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the image'));
    reader.readAsDataURL(file);
  });
}

export function stripDataUrlPrefix(dataUrl: string): string {
  const comma = dataUrl.indexOf(',');
  return dataUrl.startsWith('data:') && comma >= 0 ? dataUrl.slice(comma + 1) : dataUrl;
}
