// Spoken replies (storefront spec sections 4, 7): the text-to-speech route speaks only the
// consultant's own words, named by a reply id the chat session signed, never text a caller sends.

/** Spec section 4: what the assistant says aloud when it hears its name. */
export const WAKE_REPLY = "Yes, I'm here! How can I help you?";
/** The reply id of WAKE_REPLY: a fixed phrase of the consultant's, spoken in any session. */
export const WAKE_REPLY_ID = 'wake';

/** Spoken replies one chat session may ask for (each request counts, replays too). */
export const TTS_SESSION_LIMIT = 30;
/** Spoken replies for the whole site per day: the bill for ElevenLabs has a ceiling. */
export const TTS_DAILY_LIMIT = 500;
/** The longest text sent to ElevenLabs; a longer reply is spoken up to its last sentence within it. */
export const MAX_TTS_TEXT_LENGTH = 1000;

/** A signed reply id: the reply's number in its session, a dot, 32 hex characters of HMAC. */
export const REPLY_ID_PATTERN = /^(?:\d{1,12}\.[0-9a-f]{32}|wake)$/;

/** POST /api/elevenlabs-tts body. */
export interface TtsRequest {
  sessionId: string;
  replyId: string;
}
