import { Hono } from 'hono';
import { z } from 'zod';
import type { AppBindings } from '../env';
import { AppError } from '../lib/errors';
import { validate } from '../lib/validate';
import { jsonBody } from '../middleware/json-body';
import { hitLimit, rateLimit, type RateLimitRule } from '../middleware/rate-limit';
import { chatSession } from '../services/consultant/chat-turn';
import { missingTtsKeys, synthesizeSpeech, TtsUpstreamError, ttsConfig } from '../services/tts';
import { chatSessionIdSchema } from '../shared/schemas';
import { REPLY_ID_PATTERN, TTS_DAILY_LIMIT, TTS_SESSION_LIMIT } from '../shared/voice';

export { MAX_TTS_TEXT_LENGTH } from '../shared/voice';

/** The whole site's spoken replies a day, one counter for every client. */
export const TTS_DAILY_RULE: RateLimitRule = { name: 'tts-daily', limit: TTS_DAILY_LIMIT, windowSeconds: 86_400 };
export const TTS_DAILY_SUBJECT = 'site';

export const UNKNOWN_REPLY_MESSAGE = 'Only replies the consultant gave in this chat can be spoken.';
export const SESSION_LIMIT_MESSAGE = `This chat has had its ${TTS_SESSION_LIMIT} spoken replies. The replies are still shown as text.`;
export const DAILY_LIMIT_MESSAGE = 'Spoken replies have reached their limit for today. The replies are still shown as text.';

/** {sessionId, replyId}: no text. The server reads the reply from the chat session itself. */
export const ttsRequestSchema = z.strictObject(
  {
    sessionId: chatSessionIdSchema,
    replyId: z.string({ error: 'is required' }).regex(REPLY_ID_PATTERN, "must be a reply id from this chat's answers"),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `${UNKNOWN_REPLY_MESSAGE} Send sessionId and replyId, not text.` : undefined) },
);

/** POST /api/elevenlabs-tts {sessionId, replyId}: a reply of the consultant in that chat, as MP3 audio. */
export const ttsRoutes = new Hono<AppBindings>().post(
  '/',
  rateLimit({ name: 'tts', limit: 30, windowSeconds: 60 }),
  jsonBody(8 * 1024),
  validate('json', ttsRequestSchema),
  async (c) => {
    const config = ttsConfig(c.env);
    if (!config) {
      // The configuration keys go to the log for the operator, never to the customer.
      console.warn(
        JSON.stringify({ level: 'warn', requestId: c.get('requestId'), message: 'tts not configured', missing: missingTtsKeys(c.env) }),
      );
      throw new AppError('not_configured', 'Spoken replies are not available on this site at the moment.');
    }
    const { sessionId, replyId } = c.req.valid('json');
    const session = chatSession(c.env, sessionId);
    const found = await session.spokenReply(replyId);
    if (!found.ok) {
      if (found.reason === 'session_limit') throw new AppError('rate_limited', SESSION_LIMIT_MESSAGE);
      throw new AppError('not_found', UNKNOWN_REPLY_MESSAGE);
    }
    await hitLimit(c.env, TTS_DAILY_RULE, TTS_DAILY_SUBJECT, DAILY_LIMIT_MESSAGE);
    try {
      const audio = await synthesizeSpeech(config, found.text);
      return c.body(audio, 200, { 'Content-Type': 'audio/mpeg', 'Cache-Control': 'no-store' });
    } catch (err) {
      if (!(err instanceof TtsUpstreamError)) throw err;
      console.warn(JSON.stringify({ level: 'warn', requestId: c.get('requestId'), message: 'tts upstream failed', reason: err.reason }));
      return c.json({ success: false, error: 'upstream_error', message: 'The voice service did not answer. Please try again.' }, 502);
    }
  },
);
