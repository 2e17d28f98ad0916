import { Hono } from 'hono';
import { z } from 'zod';
import type { AppBindings } from '../env';
import { AppError } from '../lib/errors';
import { validate } from '../lib/validate';
import { jsonBody } from '../middleware/json-body';
import { rateLimit } from '../middleware/rate-limit';
import { missingTtsKeys, synthesizeSpeech, TtsUpstreamError, ttsConfig } from '../services/tts';

export const MAX_TTS_TEXT_LENGTH = 1000;

export const ttsRequestSchema = z.object({
  text: z
    .string({ error: 'must be text' })
    .trim()
    .min(1, 'must not be empty')
    .max(MAX_TTS_TEXT_LENGTH, `must be at most ${MAX_TTS_TEXT_LENGTH} characters`),
});

/** POST /api/elevenlabs-tts {text}: the consultant's reply as MP3 audio. */
export const ttsRoutes = new Hono<AppBindings>().post(
  '/',
  rateLimit({ name: 'tts', limit: 30, windowSeconds: 60 }),
  jsonBody(8 * 1024),
  validate('json', ttsRequestSchema),
  async (c) => {
    const config = ttsConfig(c.env);
    if (!config) {
      // The configuration keys go to the log for the operator, never to the customer.
      console.warn(JSON.stringify({ level: 'warn', requestId: c.get('requestId'), message: 'tts not configured', missing: missingTtsKeys(c.env) }));
      throw new AppError('not_configured', 'Spoken replies are not available on this site at the moment.');
    }
    const { text } = c.req.valid('json');
    try {
      const audio = await synthesizeSpeech(config, text);
      return c.body(audio, 200, { 'Content-Type': 'audio/mpeg', 'Cache-Control': 'no-store' });
    } catch (err) {
      if (!(err instanceof TtsUpstreamError)) throw err;
      console.warn(JSON.stringify({ level: 'warn', requestId: c.get('requestId'), message: 'tts upstream failed', reason: err.reason }));
      return c.json({ success: false, error: 'upstream_error', message: 'The voice service did not answer. Please try again.' }, 502);
    }
  },
);
