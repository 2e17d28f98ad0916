import { env } from 'cloudflare:test';
import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import { handleError } from '../../worker/app';
import type { AppBindings, Env } from '../../worker/env';
import { ttsRoutes } from '../../worker/routes/tts';
import { clientIp } from './helpers';

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

function configured(key = `el-test-${crypto.randomUUID()}`): Partial<Env> {
  return { ELEVENLABS_API_KEY: key, ELEVENLABS_VOICE_ID: 'voice-123', ELEVENLABS_BASE_URL: STAND_IN_URL };
}

describe('POST /api/elevenlabs-tts', () => {
  it('answers ElevenLabs audio as audio/mpeg, not cached, after the documented request', async () => {
    const config = configured();
    const res = await speak({ text: 'Hi there! A roller blockout is R 1 624,00.' }, config);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('audio/mpeg');
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 3))).toBe('ID3');

    const [req] = await (await fetch(`${STAND_IN_URL}/__requests?key=${encodeURIComponent(config.ELEVENLABS_API_KEY!)}`)).json<any[]>();
    expect(req).toMatchObject({
      method: 'POST',
      path: '/v1/text-to-speech/voice-123',
      body: { text: 'Hi there! A roller blockout is R 1 624,00.', model_id: 'eleven_multilingual_v2' },
    });
    expect(req.headers.accept).toBe('audio/mpeg');
  });

  it('sends ELEVENLABS_MODEL_ID when set', async () => {
    const config = { ...configured(), ELEVENLABS_MODEL_ID: 'eleven_turbo_v2_5' };
    expect((await speak({ text: 'Howzit' }, config)).status).toBe(200);
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
        const res = await speak({ text: 'Hello' }, { ELEVENLABS_API_KEY: undefined, ELEVENLABS_VOICE_ID: undefined, ...overrides });
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
    for (const [text, overrides] of [
      ['Hello', configured('wrong-key')],
      ['FAIL_500', configured()],
      ['Hello', { ...configured(), ELEVENLABS_BASE_URL: 'http://127.0.0.1:9' }],
    ] as const) {
      const res = await speak({ text }, overrides);
      expect(res.status).toBe(502);
      expect(await res.json()).toEqual({ success: false, error: 'upstream_error', message: 'The voice service did not answer. Please try again.' });
    }
  });

  it('answers 400 for empty, blank, missing or over-long text, and 415 for a non-JSON body', async () => {
    for (const body of [{ text: '' }, { text: '   ' }, {}, { text: 'a'.repeat(1001) }]) {
      const res = await speak(body, configured());
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(await res.json()).toMatchObject({ success: false, error: 'validation_error' });
    }
    expect((await speak({ text: 'a'.repeat(1000) }, configured())).status).toBe(200);
    const res = await app.request('/api/elevenlabs-tts', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'hi' }, { ...env, ...configured() });
    expect(res.status).toBe(415);
  });
});
