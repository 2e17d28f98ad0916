// One turn of the chat (POST /api/{name}/enhanced-chat): the ChatSession object gives the session's
// rate limit, last turns and memory; the consultant answers here, in the request, with its tools
// (Claude or the built-in consultant, leads, order status); the object then stores the turn.
import type { ChatReply } from '../../durable-objects/chat-session-contract';
import type { Env } from '../../env';
import { leadSink } from '../leads';
import type { ConsultantContact, ConsultantMemory } from './types';
import { answerTurn } from './route-answer';

export interface ChatTurnInput {
  sessionId: string;
  message: string;
  /** The photos sent with the message, as stored in R2 under imageKeys (same order). */
  photos: Uint8Array[];
  imageKeys: string[];
  contact: ConsultantContact;
  /** The site's origin: a lead captured in this chat links the business's notice to /leads here. */
  origin: string | null;
  /** Keeps the lead notice's sending alive after the answer (the request's waitUntil). */
  waitUntil: (p: Promise<unknown>) => void;
}

export type ChatTurnResult = { ok: true; reply: ChatReply } | { ok: false; reason: 'rate_limited'; retryAfterSeconds: number };

/** The session's ChatSession object (one per chat session id). */
export function chatSession(env: Pick<Env, 'CHAT_SESSION'>, sessionId: string) {
  return env.CHAT_SESSION.get(env.CHAT_SESSION.idFromName(sessionId));
}

/**
 * Nothing is stored until the consultant has answered: a turn that fails leaves the transcript as
 * it was. Both messages of a turn are stored together, with the turn's start time, as before the
 * consultant moved out of the object.
 */
export async function runChatTurn(env: Env, input: ChatTurnInput): Promise<ChatTurnResult> {
  const session = chatSession(env, input.sessionId);
  const start = await session.beginTurn();
  if (!start.ok) return start;
  const memory: ConsultantMemory = start.memory ? (JSON.parse(start.memory) as ConsultantMemory) : {};
  // A lead left in this chat keeps the session id and links the business's notice to this site.
  const leads = leadSink(env, { origin: input.origin, chatSessionId: input.sessionId, waitUntil: input.waitUntil });
  const answer = await answerTurn(env, {
    message: input.message,
    photos: input.photos,
    history: start.history,
    memory,
    contact: input.contact,
    leads,
  });
  const reply: Omit<ChatReply, 'replyId'> = {
    response: answer.response,
    aiProvider: answer.aiProvider,
    routingReason: answer.routingReason,
    features: answer.features,
  };
  const { replyId } = await session.finishTurn({
    startedAt: start.startedAt,
    message: input.message,
    imageKeys: input.imageKeys,
    reply,
    memory: JSON.stringify(answer.memory),
  });
  return { ok: true, reply: { ...reply, replyId } };
}
