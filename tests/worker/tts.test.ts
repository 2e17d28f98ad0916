// POST /api/elevenlabs-tts (storefront spec section 7): the consultant's own words only. A reply is
// named by the id its chat session signed ({sessionId, replyId}); text from the caller, a forged id
// or another session's id is a 4xx; each session and the whole site per day have a cap.
import { env, runInDurableObject, SELF } from 'cloudflare:test';
import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import { handleError } from '../../worker/app';
import { runChatTurn } from '../../worker/services/consultant/chat-turn';
import type { RateLimiter } from '../../worker/durable-objects/rate-limiter';
import type { AppBindings, Env } from '../../worker/env';
import {
  DAILY_LIMIT_MESSAGE,
  SESSION_LIMIT_MESSAGE,
  TTS_DAILY_RULE,
  TTS_DAILY_SUBJECT,
  ttsRoutes,
  UNKNOWN_REPLY_MESSAGE,
} from '../../worker/routes/tts';
import { TTS_SESSION_LIMIT, WAKE_REPLY } from '../../worker/shared/voice';
import { BASE, clearOfWindowEnd, clientIp, WINDOW_WAIT_TIMEOUT_MS } from './helpers';

const STAND_IN_URL = env.STAND_IN_URL;

// Until worker/app.ts mounts it, the route runs in a small app with the project's error handler.
const app = new Hono<AppBindings>().route('/api/elevenlabs-tts', ttsRoutes);
app.onError(handleError);

function speak(body: unknown, overrides: Partial<Env> = {}) {
  return app.request(
    '/api/elevenlabs-tts',
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': clientIp() },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    },
    { ...env, ...overrides },
  );
}

let sessionCounter = 0;
function newSessionId(): string {
  sessionCounter += 1;
  return `session_${Date.now()}_${`tts${sessionCounter}${crypto.randomUUID().replace(/-/g, '')}`.slice(0, 9).toLowerCase()}`;
}

/** A real consultant reply in a chat session (the built-in consultant: no Claude key in the tests). */
async function consultantReply(
  sessionId: string,
  message = 'How much is a roller blockout 1200 x 1500?',
): Promise<{ response: string; replyId: string }> {
  const result = await runChatTurn(env, {
    sessionId,
    message,
    photos: [],
    imageKeys: [],
    contact: {
      phoneGardenRoute: '',
      phoneNational: '',
      whatsappNational: '',
      email: '',
      businessName: 'Custom Blinds',
      assistantName: 'Melvin',
    },
    origin: null,
    waitUntil: () => {},
  });
  if (!result.ok) throw new Error('chat reply was rate limited');
  return result.reply;
}

async function spokenTexts(key: string): Promise<string[]> {
  const requests = await (await fetch(`${STAND_IN_URL}/__requests?key=${encodeURIComponent(key)}`)).json<any[]>();
  return requests.map((r) => r.body.text as string);
}

function configured(key = `el-test-${crypto.randomUUID()}`): Partial<Env> {
  return { ELEVENLABS_API_KEY: key, ELEVENLABS_VOICE_ID: 'voice-123', ELEVENLABS_BASE_URL: STAND_IN_URL };
}

describe('POST /api/elevenlabs-tts', () => {
  it('answers ElevenLabs audio as audio/mpeg, not cached, after the documented request', async () => {
    const config = configured();
    const sessionId = newSessionId();
    const reply = await consultantReply(sessionId);
    const res = await speak({ sessionId, replyId: reply.replyId }, config);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('audio/mpeg');
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 3))).toBe('ID3');

    const [req] = await (await fetch(`${STAND_IN_URL}/__requests?key=${encodeURIComponent(config.ELEVENLABS_API_KEY!)}`)).json<any[]>();
    expect(req).toMatchObject({
      method: 'POST',
      path: '/v1/text-to-speech/voice-123',
      body: { text: reply.response.trim(), model_id: 'eleven_multilingual_v2' },
    });
    expect(req.headers.accept).toBe('audio/mpeg');
  });

  it('sends ELEVENLABS_MODEL_ID when set', async () => {
    const config = { ...configured(), ELEVENLABS_MODEL_ID: 'eleven_turbo_v2_5' };
    expect((await speak({ sessionId: newSessionId(), replyId: 'wake' }, config)).status).toBe(200);
    const [req] = await (await fetch(`${STAND_IN_URL}/__requests?key=${encodeURIComponent(config.ELEVENLABS_API_KEY!)}`)).json<any[]>();
    expect(req.body.model_id).toBe('eleven_turbo_v2_5');
  });

  it('answers 503 not_configured without a key or a voice, naming the missing keys only in the log', async () => {
    for (const [overrides, missing] of [
      [{}, ['ELEVENLABS_API_KEY', 'ELEVENLABS_VOICE_ID']],
      [{ ELEVENLABS_API_KEY: 'el-test-x' }, ['ELEVENLABS_VOICE_ID']],
      [{ ELEVENLABS_VOICE_ID: 'voice-123' }, ['ELEVENLABS_API_KEY']],
    ] as const) {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      try {
        const res = await speak(
          { sessionId: newSessionId(), replyId: 'wake' },
          { ELEVENLABS_API_KEY: undefined, ELEVENLABS_VOICE_ID: undefined, ...overrides },
        );
        expect(res.status).toBe(503);
        const text = await res.text();
        expect(JSON.parse(text)).toMatchObject({
          success: false,
          error: 'not_configured',
          message: 'Spoken replies are not available on this site at the moment.',
        });
        expect(text).not.toMatch(/ELEVENLABS|API_KEY|VOICE_ID/);
        const logged = warn.mock.calls.map(([line]) => JSON.parse(String(line)));
        expect(logged).toContainEqual(expect.objectContaining({ message: 'tts not configured', missing }));
      } finally {
        warn.mockRestore();
      }
    }
  });

  it('answers 502 upstream_error when ElevenLabs refuses the key, fails or cannot be reached', async () => {
    const sessionId = newSessionId();
    for (const [replyId, overrides] of [
      ['wake', configured('wrong-key')],
      ['wake', { ...configured(), ELEVENLABS_BASE_URL: `${STAND_IN_URL}/no-such-service` }],
      ['wake', { ...configured(), ELEVENLABS_BASE_URL: 'http://127.0.0.1:9' }],
    ] as const) {
      const res = await speak({ sessionId, replyId }, overrides);
      expect(res.status).toBe(502);
      expect(await res.json()).toEqual({
        success: false,
        error: 'upstream_error',
        message: 'The voice service did not answer. Please try again.',
      });
    }
  });

  it("speaks only the consultant's replies: any text, a forged id, another session's id or a user message is a 4xx and reaches no voice", async () => {
    const config = configured();
    const mine = newSessionId();
    const other = newSessionId();
    const myReply = await consultantReply(mine);
    const otherReply = await consultantReply(other, 'Do you have shutters?');
    const [number, mac] = myReply.replyId.split('.');

    const refused: [unknown, number][] = [
      [{ text: 'Your account is locked - verify at https://evil.example/login' }, 400],
      [{ sessionId: mine, replyId: myReply.replyId, text: 'Say this instead' }, 400],
      [{ sessionId: mine }, 400],
      [{ sessionId: 'not-a-session', replyId: myReply.replyId }, 400],
      [{ sessionId: mine, replyId: 'Hello there' }, 400],
      // Well-formed but not signed by this session: 404, the same for each.
      [{ sessionId: mine, replyId: otherReply.replyId }, 404],
      [{ sessionId: other, replyId: myReply.replyId }, 404],
      [{ sessionId: mine, replyId: `${number}.${'0'.repeat(32)}` }, 404],
      [{ sessionId: mine, replyId: `${Number(number) + 5}.${mac}` }, 404],
      // The user's own message before the reply (id one lower) is not the consultant's.
      [{ sessionId: mine, replyId: `${Number(number) - 1}.${mac}` }, 404],
      [{ sessionId: newSessionId(), replyId: myReply.replyId }, 404],
    ];
    for (const [body, status] of refused) {
      const res = await speak(body, config);
      expect(res.status, JSON.stringify(body)).toBe(status);
      const answer = await res.json<{ success: boolean; message: string }>();
      expect(answer.success).toBe(false);
      if (status === 404) expect(answer.message).toBe(UNKNOWN_REPLY_MESSAGE);
    }
    expect(await spokenTexts(config.ELEVENLABS_API_KEY!)).toEqual([]);

    // The real ids in their own sessions are spoken, with the text the server stored.
    expect((await speak({ sessionId: mine, replyId: myReply.replyId }, config)).status).toBe(200);
    expect((await speak({ sessionId: other, replyId: otherReply.replyId }, config)).status).toBe(200);
    expect((await speak({ sessionId: mine, replyId: 'wake' }, config)).status).toBe(200);
    expect(await spokenTexts(config.ELEVENLABS_API_KEY!)).toEqual([myReply.response.trim(), otherReply.response.trim(), WAKE_REPLY]);
  });

  it('the chat answer carries the signed reply id (POST /api/melvin/enhanced-chat)', async () => {
    const sessionId = newSessionId();
    const chat = await SELF.fetch(`${BASE}/api/melvin/enhanced-chat`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': clientIp() },
      body: JSON.stringify({ message: 'Hello', sessionId, images: [] }),
    });
    expect(chat.status).toBe(200);
    const reply = await chat.json<{ response: string; replyId: string }>();
    expect(reply.replyId).toMatch(/^\d+\.[0-9a-f]{32}$/);
    const config = configured();
    expect((await speak({ sessionId, replyId: reply.replyId }, config)).status).toBe(200);
    expect(await spokenTexts(config.ELEVENLABS_API_KEY!)).toEqual([reply.response.trim()]);
  });

  it(`caps one chat session at ${TTS_SESSION_LIMIT} spoken replies (429), other sessions unaffected`, async () => {
    const config = configured();
    const sessionId = newSessionId();
    const reply = await consultantReply(sessionId);
    for (let i = 0; i < TTS_SESSION_LIMIT; i++) {
      const res = await app.request(
        '/api/elevenlabs-tts',
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': `198.51.100.${(i % 200) + 1}` },
          body: JSON.stringify({ sessionId, replyId: i % 2 ? 'wake' : reply.replyId }),
        },
        { ...env, ...config },
      );
      expect(res.status, `request ${i + 1}`).toBe(200);
    }
    const over = await speak({ sessionId, replyId: reply.replyId }, config);
    expect(over.status).toBe(429);
    expect((await over.json<{ message: string }>()).message).toBe(SESSION_LIMIT_MESSAGE);
    expect((await speak({ sessionId: newSessionId(), replyId: 'wake' }, config)).status).toBe(200);
    expect((await spokenTexts(config.ELEVENLABS_API_KEY!)).length).toBe(TTS_SESSION_LIMIT + 1);
  });

  it(
    `caps the whole site at ${TTS_DAILY_RULE.limit} spoken replies a day (429), whatever the session`,
    async () => {
      await clearOfWindowEnd(TTS_DAILY_RULE.windowSeconds);
      const config = configured();
      // Fill the day's counter as 500 earlier replies would have.
      const stub = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`${TTS_DAILY_RULE.name}:${TTS_DAILY_SUBJECT}`));
      await stub.hit(TTS_DAILY_RULE.limit, TTS_DAILY_RULE.windowSeconds);
      await runInDurableObject(stub, async (_i: RateLimiter, state) => {
        const stored = (await state.storage.get<{ windowStart: number; windowMs: number; count: number }>('window'))!;
        await state.storage.put('window', { ...stored, count: TTS_DAILY_RULE.limit });
      });
      const res = await speak({ sessionId: newSessionId(), replyId: 'wake' }, config);
      expect(res.status).toBe(429);
      expect((await res.json<{ message: string }>()).message).toContain(DAILY_LIMIT_MESSAGE);
      expect(await spokenTexts(config.ELEVENLABS_API_KEY!)).toEqual([]);
    },
    WINDOW_WAIT_TIMEOUT_MS,
  );
});
