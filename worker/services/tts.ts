// Spoken replies through ElevenLabs' text-to-speech API (when ELEVENLABS_API_KEY and
// ELEVENLABS_VOICE_ID are set). ELEVENLABS_BASE_URL points it at a stand-in in tests.
import type { Env } from '../env';

export const DEFAULT_ELEVENLABS_BASE_URL = 'https://api.elevenlabs.io';
export const DEFAULT_ELEVENLABS_MODEL_ID = 'eleven_multilingual_v2';
export const TTS_TIMEOUT_MS = 20_000;

export interface TtsConfig {
  apiKey: string;
  voiceId: string;
  baseUrl: string;
  modelId: string;
}

/** The configuration, or null when spoken replies are not set up. */
export function ttsConfig(env: Env): TtsConfig | null {
  const apiKey = env.ELEVENLABS_API_KEY?.trim();
  const voiceId = env.ELEVENLABS_VOICE_ID?.trim();
  if (!apiKey || !voiceId) return null;
  return {
    apiKey,
    voiceId,
    baseUrl: (env.ELEVENLABS_BASE_URL?.trim() || DEFAULT_ELEVENLABS_BASE_URL).replace(/\/+$/, ''),
    modelId: env.ELEVENLABS_MODEL_ID?.trim() || DEFAULT_ELEVENLABS_MODEL_ID,
  };
}

/** The configuration keys spoken replies still need (for the log, never for the customer). */
export function missingTtsKeys(env: Env): string[] {
  return [!env.ELEVENLABS_API_KEY?.trim() && 'ELEVENLABS_API_KEY', !env.ELEVENLABS_VOICE_ID?.trim() && 'ELEVENLABS_VOICE_ID'].filter(
    (key): key is string => Boolean(key),
  );
}

/** ElevenLabs did not answer with audio: a network error, a timeout or a non-2xx status. */
export class TtsUpstreamError extends Error {
  constructor(
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`ElevenLabs text-to-speech failed: ${reason}`, options);
    this.name = 'TtsUpstreamError';
  }
}

/** MP3 audio of the text. */
export async function synthesizeSpeech(config: TtsConfig, text: string): Promise<ArrayBuffer> {
  const url = `${config.baseUrl}/v1/text-to-speech/${encodeURIComponent(config.voiceId)}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'xi-api-key': config.apiKey, 'Content-Type': 'application/json', Accept: 'audio/mpeg' },
      body: JSON.stringify({ text, model_id: config.modelId }),
      signal: AbortSignal.timeout(TTS_TIMEOUT_MS),
    });
  } catch (err) {
    throw new TtsUpstreamError(err instanceof Error && err.name === 'TimeoutError' ? 'timeout' : 'network', { cause: err });
  }
  if (!res.ok) {
    const detail = (await res.text().catch(() => '')).slice(0, 300);
    throw new TtsUpstreamError(`http_${res.status}${detail ? `: ${detail}` : ''}`);
  }
  const audio = await res.arrayBuffer().catch((err: unknown) => {
    throw new TtsUpstreamError('body_read_failed', { cause: err });
  });
  if (audio.byteLength === 0) throw new TtsUpstreamError('empty_audio');
  return audio;
}
