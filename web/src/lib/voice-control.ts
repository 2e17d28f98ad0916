// Voice control for consultant mode (storefront spec sections 4, 7, 8 and 9). Framework-free and
// fully injectable (recognition factory, speak, navigate, sendMessage, timers) so it runs in Node
// tests with fake timers. The command table is in voice-commands.ts.
//
// States: off -> wake-word (listening for the assistant's name) -> command (one command) -> wake-word.
// Hearing the name speaks WAKE_REPLY and, 2000 ms later, command listening starts; results heard in
// between are ignored (they are usually the reply itself). After one command the controller goes back
// to listening for the wake word, unless the command stopped voice.

import { WAKE_REPLY, WAKE_REPLY_ID, type TtsRequest } from '@shared/voice';
import { commandAction, heardWakeWord, matchCommand } from './voice-commands';

/** Site visits name the workspace through this module: a second importer of voice-commands.ts would make it
 *  a chunk of its own, one more file the chat panel lists for the voice code (landing page weight). */
export { workspacePath } from './voice-commands';

/** What the assistant says when it hears its name (spec section 4); the server speaks it by its id. */
export { WAKE_REPLY };
/** Spec section 9 timings. */
export const COMMAND_DELAY_MS = 2000;
export const RESTART_AFTER_END_MS = 500;
export const RESTART_AFTER_ERROR_MS = 1000;
export const CHAT_SEND_DELAY_MS = 100;
export const RECOGNITION_LANG = 'en-US';
/** Recognition errors after which it is not restarted (spec section 4), voice turns off instead. */
export const NO_RESTART_ERRORS: readonly string[] = ['no-speech', 'audio-capture', 'not-allowed', 'service-not-allowed'];

export type VoiceState = 'off' | 'wake-word' | 'command';

/** The part of the Web Speech API SpeechRecognition this controller uses. */
export interface RecognitionLike {
  continuous: boolean;
  interimResults: boolean;
  lang: string;
  onresult: ((event: RecognitionResultEventLike) => void) | null;
  onerror: ((event: { error: string; message?: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}

export interface RecognitionResultEventLike {
  resultIndex: number;
  results: ArrayLike<{ isFinal?: boolean; length: number; [index: number]: { transcript: string } }>;
}

export interface VoiceTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface VoiceDependencies {
  /** The assistant's name (wake word), e.g. 'Melvin'. */
  name: string;
  /** A new recognition object, or null when the browser has none. */
  createRecognition: () => RecognitionLike | null;
  /** Says a text aloud; failures are the speaker's business (only logged). */
  speak: (text: string) => void | Promise<void>;
  navigate: (to: string) => void;
  /** Sends a chat message through the panel's normal send path. */
  sendMessage: (text: string) => void;
  onStateChange?: (state: VoiceState) => void;
  timers?: VoiceTimers;
  /** Defaults to console.warn: every voice problem is only logged as a warning (spec section 8). */
  warn?: (...args: unknown[]) => void;
}

const defaultTimers: VoiceTimers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class VoiceController {
  private readonly deps: VoiceDependencies;
  private readonly timers: VoiceTimers;
  private readonly warn: (...args: unknown[]) => void;
  private recognition: RecognitionLike | null = null;
  private currentState: VoiceState = 'off';
  /** Between hearing the wake word and command listening (the 2000 ms). */
  private acknowledging = false;
  private commandTimer: unknown = null;
  private restartTimer: unknown = null;
  private readonly chatTimers = new Set<unknown>();

  constructor(deps: VoiceDependencies) {
    this.deps = deps;
    this.timers = deps.timers ?? defaultTimers;
    this.warn = deps.warn ?? ((...args) => console.warn(...args));
  }

  get state(): VoiceState {
    return this.currentState;
  }

  /** True while voice is on (listening for the wake word or a command). */
  get listening(): boolean {
    return this.currentState !== 'off';
  }

  /** True while waiting the 2000 ms between the wake reply and command listening. */
  get awaitingCommand(): boolean {
    return this.acknowledging;
  }

  /** Starts listening for the wake word. Returns false (and only warns) when recognition is unsupported. */
  start(): boolean {
    if (this.currentState !== 'off') return true;
    let recognition: RecognitionLike | null = null;
    try {
      recognition = this.deps.createRecognition();
    } catch (error) {
      this.warn('Speech recognition could not be created:', describe(error));
    }
    if (!recognition) {
      this.warn('Speech recognition is not supported in this browser; voice control is unavailable.');
      return false;
    }
    recognition.continuous = true;
    recognition.interimResults = false;
    recognition.lang = RECOGNITION_LANG;
    recognition.onresult = (event) => this.onResult(event);
    recognition.onerror = (event) => this.onError(event);
    recognition.onend = () => this.onEnd();
    this.recognition = recognition;
    this.setState('wake-word');
    this.startRecognition();
    return this.currentState !== 'off';
  }

  /** Stops voice completely: no restart, no pending command or chat message. */
  stop(): void {
    const recognition = this.recognition;
    this.recognition = null;
    this.acknowledging = false;
    this.clearTimer('commandTimer');
    this.clearTimer('restartTimer');
    for (const handle of this.chatTimers) this.timers.clearTimeout(handle);
    this.chatTimers.clear();
    if (recognition) {
      recognition.onresult = null;
      recognition.onerror = null;
      recognition.onend = null;
      try {
        recognition.abort();
      } catch (error) {
        this.warn('Speech recognition could not be stopped:', describe(error));
      }
    }
    this.setState('off');
  }

  toggle(): boolean {
    if (this.listening) {
      this.stop();
      return false;
    }
    return this.start();
  }

  /** Handles one final transcript (what a recognition result delivers). */
  hear(transcript: string): void {
    const text = transcript.trim();
    if (!text || this.currentState === 'off' || this.acknowledging) return;
    if (this.currentState === 'wake-word') {
      // 'stop melvin' contains the name but means stop, not wake.
      if (matchCommand(text, this.deps.name)?.id === 'stop') this.stop();
      else if (heardWakeWord(text, this.deps.name)) this.wake();
      return;
    }
    this.runCommand(text);
  }

  private wake(): void {
    this.acknowledging = true;
    try {
      void Promise.resolve(this.deps.speak(WAKE_REPLY)).catch((error: unknown) => this.warn('Voice reply failed:', describe(error)));
    } catch (error) {
      this.warn('Voice reply failed:', describe(error));
    }
    this.clearTimer('commandTimer');
    this.commandTimer = this.timers.setTimeout(() => {
      this.commandTimer = null;
      this.acknowledging = false;
      if (this.currentState !== 'off') this.setState('command');
    }, COMMAND_DELAY_MS);
  }

  private runCommand(text: string): void {
    const action = commandAction(text, this.deps.name);
    if (action.kind === 'stop') {
      this.stop();
      return;
    }
    // One command per wake word.
    this.setState('wake-word');
    if (action.kind === 'navigate') {
      this.deps.navigate(action.to);
      return;
    }
    const handle = this.timers.setTimeout(() => {
      this.chatTimers.delete(handle);
      this.deps.sendMessage(action.text);
    }, CHAT_SEND_DELAY_MS);
    this.chatTimers.add(handle);
  }

  private onResult(event: RecognitionResultEventLike): void {
    const parts: string[] = [];
    for (let i = event.resultIndex; i < event.results.length; i += 1) {
      const result = event.results[i];
      if (!result || result.isFinal === false) continue;
      const best = result[0];
      if (best?.transcript) parts.push(best.transcript);
    }
    if (parts.length > 0) this.hear(parts.join(' '));
  }

  private onError(event: { error: string; message?: string }): void {
    if (this.currentState === 'off') return;
    if (event.error === 'aborted') return; // our own abort/stop
    if (NO_RESTART_ERRORS.includes(event.error)) {
      // No restart: voice turns off so the toggle does not claim it is still listening.
      this.warn(`Speech recognition stopped (${event.error}); voice control is off.`);
      this.stop();
      return;
    }
    this.warn(`Speech recognition error (${event.error}); restarting.`);
    this.scheduleRestart(RESTART_AFTER_ERROR_MS);
  }

  private onEnd(): void {
    if (this.currentState === 'off') return;
    // An error just scheduled its own (later) restart: the 'end' that follows it adds none.
    if (this.restartTimer !== null) return;
    this.scheduleRestart(RESTART_AFTER_END_MS);
  }

  private scheduleRestart(ms: number): void {
    this.clearTimer('restartTimer');
    this.restartTimer = this.timers.setTimeout(() => {
      this.restartTimer = null;
      if (this.currentState !== 'off') this.startRecognition();
    }, ms);
  }

  private startRecognition(): void {
    try {
      this.recognition?.start();
    } catch (error) {
      // Usually 'already started'; anything else is only logged.
      this.warn('Speech recognition could not start:', describe(error));
    }
  }

  private clearTimer(key: 'commandTimer' | 'restartTimer'): void {
    if (this[key] !== null) this.timers.clearTimeout(this[key]);
    this[key] = null;
  }

  private setState(state: VoiceState): void {
    if (this.currentState === state) return;
    this.currentState = state;
    this.deps.onStateChange?.(state);
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

// ---- Browser defaults -------------------------------------------------------------------------

type RecognitionConstructor = new () => RecognitionLike;

/** The browser's SpeechRecognition (or webkitSpeechRecognition) constructor, or null. */
export function browserRecognitionConstructor(scope: object = globalThis): RecognitionConstructor | null {
  const w = scope as { SpeechRecognition?: RecognitionConstructor; webkitSpeechRecognition?: RecognitionConstructor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

export function createBrowserRecognition(): RecognitionLike | null {
  const Recognition = browserRecognitionConstructor();
  return Recognition ? new Recognition() : null;
}

/** POST /api/elevenlabs-tts path (spec section 7). */
export const TTS_PATH = '/api/elevenlabs-tts';

/**
 * The server speaks only the consultant's own words, named by a reply id: the wake phrase by its
 * fixed id, a chat reply by the id its session signed (ChatReply.replyId). Other text has none.
 */
export function replyIdForSpokenText(text: string): string | null {
  return text === WAKE_REPLY ? WAKE_REPLY_ID : null;
}

/**
 * Says a consultant reply with the server's ElevenLabs voice: cancels any speech synthesis first,
 * asks for the audio (audio/mpeg) by the chat session and reply id (never the text) and plays it
 * from a blob URL. Any failure (e.g. 503 when TTS is not configured) is only logged with
 * console.warn; there is no fallback to a system voice (spec sections 7 and 8).
 */
export async function speakWithElevenLabs(reply: TtsRequest, fetchImpl: typeof fetch = (...args) => fetch(...args)): Promise<void> {
  try {
    globalThis.speechSynthesis?.cancel();
  } catch {
    // nothing to cancel
  }
  let url: string | null = null;
  try {
    const response = await fetchImpl(TTS_PATH, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ sessionId: reply.sessionId, replyId: reply.replyId } satisfies TtsRequest),
    });
    if (!response.ok) throw new Error(`${response.status}: ${response.statusText || 'voice unavailable'}`);
    const blob = await response.blob();
    url = URL.createObjectURL(blob);
    const audio = new Audio(url);
    const release = () => {
      if (url) URL.revokeObjectURL(url);
      url = null;
    };
    audio.addEventListener('ended', release, { once: true });
    audio.addEventListener('error', release, { once: true });
    await audio.play();
  } catch (error) {
    if (url) URL.revokeObjectURL(url);
    console.warn('Voice audio failed (no spoken output):', describe(error));
  }
}
