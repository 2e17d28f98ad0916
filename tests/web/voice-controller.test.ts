import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHAT_SEND_DELAY_MS,
  COMMAND_DELAY_MS,
  RESTART_AFTER_END_MS,
  replyIdForSpokenText,
  RESTART_AFTER_ERROR_MS,
  speakWithElevenLabs,
  TTS_PATH,
  VoiceController,
  WAKE_REPLY,
  type RecognitionLike,
  type RecognitionResultEventLike,
  type VoiceState,
} from '../../web/src/lib/voice-control';

const NAME = 'Melvin';

/** A fake SpeechRecognition recording its calls. */
class FakeRecognition implements RecognitionLike {
  continuous = false;
  interimResults = true;
  lang = '';
  onresult: ((event: RecognitionResultEventLike) => void) | null = null;
  onerror: ((event: { error: string }) => void) | null = null;
  onend: (() => void) | null = null;
  starts = 0;
  stops = 0;
  aborts = 0;
  start() {
    this.starts += 1;
  }
  stop() {
    this.stops += 1;
  }
  abort() {
    this.aborts += 1;
  }
  say(transcript: string) {
    this.onresult?.({ resultIndex: 0, results: [Object.assign([{ transcript }], { isFinal: true })] });
  }
}

describe('VoiceController (spec sections 4 and 9)', () => {
  let recognition: FakeRecognition;
  let speak: ReturnType<typeof vi.fn<(text: string) => Promise<void>>>;
  let navigate: ReturnType<typeof vi.fn<(to: string) => void>>;
  let sendMessage: ReturnType<typeof vi.fn<(text: string) => void>>;
  let warn: ReturnType<typeof vi.fn<(...args: unknown[]) => void>>;
  let states: VoiceState[];
  let voice: VoiceController;

  beforeEach(() => {
    vi.useFakeTimers();
    recognition = new FakeRecognition();
    speak = vi.fn(async () => {});
    navigate = vi.fn();
    sendMessage = vi.fn();
    warn = vi.fn();
    states = [];
    voice = new VoiceController({
      name: NAME,
      createRecognition: () => recognition,
      speak,
      navigate,
      sendMessage,
      warn,
      onStateChange: (s) => states.push(s),
    });
  });
  afterEach(() => {
    voice.stop();
    vi.useRealTimers();
  });

  /** On, wake word heard, 2000 ms waited: command mode. */
  function toCommandMode() {
    voice.start();
    recognition.say('hey melvin');
    vi.advanceTimersByTime(COMMAND_DELAY_MS);
    expect(voice.state).toBe('command');
  }

  it('starts continuous en-US recognition without interim results, listening for the wake word', () => {
    expect(voice.state).toBe('off');
    expect(voice.start()).toBe(true);
    expect(recognition).toMatchObject({ continuous: true, interimResults: false, lang: 'en-US', starts: 1 });
    expect(voice.state).toBe('wake-word');
    expect(voice.listening).toBe(true);
    expect(states).toEqual(['wake-word']);
  });

  it('ignores speech without the wake word', () => {
    voice.start();
    recognition.say('show notes');
    recognition.say('walkthrough');
    vi.advanceTimersByTime(5000);
    expect(speak).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
    expect(sendMessage).not.toHaveBeenCalled();
    expect(voice.state).toBe('wake-word');
  });

  it('answers the wake word with the exact phrase and listens for a command only after 2000 ms', () => {
    voice.start();
    recognition.say('Hey Melvin');
    expect(speak).toHaveBeenCalledTimes(1);
    expect(speak).toHaveBeenCalledWith(WAKE_REPLY);
    expect(WAKE_REPLY).toBe("Yes, I'm here! How can I help you?");
    expect(voice.state).toBe('wake-word');
    expect(voice.awaitingCommand).toBe(true);

    vi.advanceTimersByTime(COMMAND_DELAY_MS - 1);
    recognition.say('walkthrough'); // not yet listening for commands
    expect(navigate).not.toHaveBeenCalled();
    expect(voice.state).toBe('wake-word');

    vi.advanceTimersByTime(1);
    expect(voice.state).toBe('command');
    expect(states).toEqual(['wake-word', 'command']);
    recognition.say('walkthrough');
    expect(navigate).toHaveBeenCalledWith('/room-walkthrough-rebuilt');
  });

  it.each([
    ['notes', '/melvin-workspace'],
    ['take notes', '/melvin-workspace'],
    ['site visit notes', '/melvin-workspace'],
    ['show me my notes', '/melvin-workspace?view=today'],
    ['show notes', '/melvin-workspace?view=today'],
    ['walkthrough', '/room-walkthrough-rebuilt'],
    ['visualizer', '/ar-measurement'],
    ['shutter', '/shutter-visualization'],
    ['shutters', '/shutter-visualization'],
    ['client Smith wants shutters later', '/shutter-visualization'], // the shutters row comes before the client row
    ['new client Smith', '/melvin-workspace?note=new%20client%20Smith'],
    ['customer prefers grey', '/melvin-workspace?note=customer%20prefers%20grey'],
    ['at 5 Beach Road', '/melvin-workspace?note=at%205%20Beach%20Road'],
  ])('command %j navigates to %s, then listens for the wake word again', (spoken, to) => {
    toCommandMode();
    recognition.say(spoken);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith(to);
    expect(sendMessage).not.toHaveBeenCalled();
    expect(voice.state).toBe('wake-word');
  });

  it.each(['stop listening', 'turn off', 'stop melvin', 'STOP MELVIN'])('command %j stops voice', (spoken) => {
    toCommandMode();
    recognition.say(spoken);
    expect(voice.state).toBe('off');
    expect(voice.listening).toBe(false);
    expect(recognition.aborts).toBe(1);
    expect(navigate).not.toHaveBeenCalled();
    // Stopped means stopped: no restart after a late 'end'.
    recognition.onend?.();
    vi.advanceTimersByTime(5000);
    expect(recognition.starts).toBe(1);
  });

  it("'stop melvin' while waiting for the wake word stops instead of waking", () => {
    voice.start();
    recognition.say('stop melvin');
    expect(speak).not.toHaveBeenCalled();
    expect(voice.state).toBe('off');
  });

  it('sends anything else as a chat message 100 ms later', () => {
    toCommandMode();
    recognition.say('what does a roller blind cost');
    expect(sendMessage).not.toHaveBeenCalled();
    vi.advanceTimersByTime(CHAT_SEND_DELAY_MS - 1);
    expect(sendMessage).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(sendMessage).toHaveBeenCalledExactlyOnceWith('what does a roller blind cost');
    expect(navigate).not.toHaveBeenCalled();
    expect(voice.state).toBe('wake-word');
  });

  it('a pending chat message is dropped when voice stops', () => {
    toCommandMode();
    recognition.say('hello there');
    voice.stop();
    vi.advanceTimersByTime(1000);
    expect(sendMessage).not.toHaveBeenCalled();
  });

  it('restarts recognition 500 ms after it ends while listening', () => {
    voice.start();
    recognition.onend?.();
    vi.advanceTimersByTime(RESTART_AFTER_END_MS - 1);
    expect(recognition.starts).toBe(1);
    vi.advanceTimersByTime(1);
    expect(recognition.starts).toBe(2);
    // Also in command mode.
    recognition.say('hey melvin');
    vi.advanceTimersByTime(COMMAND_DELAY_MS);
    recognition.onend?.();
    vi.advanceTimersByTime(RESTART_AFTER_END_MS);
    expect(recognition.starts).toBe(3);
    expect(voice.state).toBe('command');
  });

  it('restarts recognition 1000 ms after an error (once, even with the end that follows it)', () => {
    voice.start();
    recognition.onerror?.({ error: 'network' });
    recognition.onend?.();
    vi.advanceTimersByTime(RESTART_AFTER_END_MS);
    expect(recognition.starts).toBe(1);
    vi.advanceTimersByTime(RESTART_AFTER_ERROR_MS - RESTART_AFTER_END_MS - 1);
    expect(recognition.starts).toBe(1);
    vi.advanceTimersByTime(1);
    expect(recognition.starts).toBe(2);
    vi.advanceTimersByTime(5000);
    expect(recognition.starts).toBe(2);
    expect(voice.state).toBe('wake-word');
    expect(warn).toHaveBeenCalled();
  });

  it.each(['no-speech', 'audio-capture'])("does not restart after a '%s' error (voice turns off, only a warning)", (error) => {
    voice.start();
    recognition.onerror?.({ error });
    recognition.onend?.();
    vi.advanceTimersByTime(10_000);
    expect(recognition.starts).toBe(1);
    expect(voice.state).toBe('off');
    expect(warn).toHaveBeenCalled();
  });

  it('does not restart after it was stopped', () => {
    voice.start();
    const onend = recognition.onend;
    voice.stop();
    onend?.();
    vi.advanceTimersByTime(10_000);
    expect(recognition.starts).toBe(1);
  });

  it('stop during the 2000 ms cancels command listening', () => {
    voice.start();
    recognition.say('hey melvin');
    voice.stop();
    vi.advanceTimersByTime(COMMAND_DELAY_MS * 2);
    expect(voice.state).toBe('off');
    expect(states).toEqual(['wake-word', 'off']);
  });

  it('toggle switches on and off', () => {
    expect(voice.toggle()).toBe(true);
    expect(voice.listening).toBe(true);
    expect(voice.toggle()).toBe(false);
    expect(voice.state).toBe('off');
  });

  it('a failing speaker is only logged and command listening still starts', async () => {
    speak.mockRejectedValueOnce(new Error('503: Service Unavailable'));
    voice.start();
    recognition.say('hey melvin');
    await vi.advanceTimersByTimeAsync(COMMAND_DELAY_MS);
    expect(voice.state).toBe('command');
    expect(warn).toHaveBeenCalled();
  });

  it('without speech recognition it only warns and stays off', () => {
    const unsupported = new VoiceController({ name: NAME, createRecognition: () => null, speak, navigate, sendMessage, warn });
    expect(unsupported.start()).toBe(false);
    expect(unsupported.toggle()).toBe(false);
    expect(unsupported.state).toBe('off');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('not supported'));
  });
});

describe("spoken replies: the consultant's own words by reply id (spec section 7)", () => {
  it('asks the server for the wake phrase by its id and the chat session, never with text', async () => {
    const fetchImpl = vi.fn(async () => new Response('no voice here', { status: 503 }));
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const replyId = replyIdForSpokenText(WAKE_REPLY)!;
      expect(replyId).toBe('wake');
      await speakWithElevenLabs({ sessionId: 'session_1732581234567_abcdefghi', replyId }, fetchImpl as unknown as typeof fetch);
      expect(fetchImpl).toHaveBeenCalledTimes(1);
      const [path, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
      expect(path).toBe(TTS_PATH);
      expect(JSON.parse(String(init.body))).toEqual({ sessionId: 'session_1732581234567_abcdefghi', replyId: 'wake' });
      expect(String(init.body)).not.toContain(WAKE_REPLY);
      // A failure is only logged.
      expect(warned).toHaveBeenCalled();
    } finally {
      warned.mockRestore();
    }
  });

  it('has no reply id for any other text', () => {
    expect(replyIdForSpokenText('Your account is locked - verify at https://evil.example/login')).toBeNull();
  });
});
