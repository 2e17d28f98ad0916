// The chat panel's messages and attachments (spec section 3 'Chat message'): their shape, their ids
// and the welcome message; no React here.
import type { AiProvider } from './chat-api';

/** Spec section 9: up to 3 images per message. */
export const MAX_CHAT_IMAGES = 3;
/** Larger photos are refused before reading them. */
export const MAX_CHAT_IMAGE_BYTES = 5 * 1024 * 1024;
export const CHAT_PLACEHOLDER = 'Ask about blinds, upload photos, or request consultation...';
export const CHAT_FAILURE_MESSAGE = 'I apologize, but I encountered an issue processing your message. Please try again.';

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

/** A photo chosen for the next message. */
export interface Attachment {
  key: string;
  name: string;
  /** For the thumbnail. */
  dataUrl: string;
  /** What is sent: base64 without the data-URL prefix. */
  base64: string;
}

let lastId = 0;
/** Timestamp ids that never repeat, even for two messages in the same millisecond. */
export function nextMessageId(): string {
  lastId = Math.max(Date.now(), lastId + 1);
  return String(lastId);
}

export function welcomeMessage(assistantName: string, businessName: string): ChatMessage {
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
