// What callers of the ChatSession object may ask of it and what it answers. A leaf: it imports
// nothing, so worker/env.ts can type the CHAT_SESSION binding without importing the object's class.
// The object keeps the transcript, the consultant's memory and the per-session rate limit; the
// consultant itself runs in worker/services/consultant/chat-turn.ts.

/** One earlier message as the consultant sees it. */
export interface TranscriptTurn {
  role: 'user' | 'assistant';
  content: string;
}

/** A reply of the consultant, as the chat route answers it. */
export interface ChatReply {
  response: string;
  aiProvider: 'claude' | 'gpt' | 'other';
  routingReason: string;
  features: string[];
  /** This reply's id, signed by the session (POST /api/elevenlabs-tts speaks it, and only in this session). */
  replyId: string;
}

/** What a turn starts from: the last turns and the consultant's memory, or the session's rate limit. */
export type TurnStart =
  | {
      ok: true;
      /** The turn's time: both of its messages are stored with it, and the rate limit counts it. */
      startedAt: number;
      history: TranscriptTurn[];
      /** The consultant's memory as JSON text (the object keeps it without reading it); null at first. */
      memory: string | null;
    }
  | { ok: false; reason: 'rate_limited'; retryAfterSeconds: number };

/** A finished turn to store: the customer's message, its photos' R2 keys, the reply and the new memory. */
export interface FinishedTurn {
  startedAt: number;
  message: string;
  imageKeys: string[];
  reply: Omit<ChatReply, 'replyId'>;
  /** JSON text, kept as given. */
  memory: string;
}

/** What the text-to-speech route may speak for a reply id, or why not. */
export type SpokenReplyResult = { ok: true; text: string } | { ok: false; reason: 'unknown_reply' | 'session_limit' };

export interface ChatMessage {
  role: string;
  content: string;
  images: string[];
  features: string[];
  /** When the turn began (ms since the epoch): the customer's message and the reply share it. */
  createdAt: number;
}

export interface ChatSessionApi extends Rpc.DurableObjectBranded {
  start(): Promise<{ messageCount: number }>;
  history(): Promise<ChatMessage[]>;
  beginTurn(): Promise<TurnStart>;
  /** Stores the turn and moves the retention alarm; answers the reply's signed id. */
  finishTurn(turn: FinishedTurn): Promise<{ replyId: string }>;
  spokenReply(replyId: string): Promise<SpokenReplyResult>;
  forget(): Promise<{ messages: number }>;
}
