import { useEffect, useRef, useState } from 'react';
import type { VoiceController, VoiceState } from '../../lib/voice-control';

export interface UseVoiceOptions {
  /** Voice exists only in consultant mode; when false the controller is never started. */
  enabled: boolean;
  name: string;
  /** The chat session whose consultant is speaking: the server speaks only that session's replies. */
  sessionId: string;
  navigate: (to: string) => void;
  sendMessage: (text: string) => void;
}

export interface VoiceHandle {
  state: VoiceState;
  listening: boolean;
  toggle: () => void;
}

/**
 * One VoiceController per mounted panel, stopped on unmount; the callbacks may change between renders.
 * The voice code is loaded only in consultant mode (spec section 3: the voice toggle is the
 * consultant's), so customers on the landing page do not download it; a press of the toggle while it
 * loads is carried out once it has.
 */
export function useVoice({ enabled, name, sessionId, navigate, sendMessage }: UseVoiceOptions): VoiceHandle {
  const [state, setState] = useState<VoiceState>('off');
  const callbacks = useRef({ navigate, sendMessage });
  callbacks.current = { navigate, sendMessage };
  const controllerRef = useRef<VoiceController | null>(null);
  const pendingToggle = useRef(false);

  useEffect(() => {
    if (!enabled) return undefined;
    let controller: VoiceController | null = null;
    let cancelled = false;
    void import('../../lib/voice-control').then(
      ({ createBrowserRecognition, replyIdForSpokenText, speakWithElevenLabs, VoiceController }) => {
        if (cancelled) return;
        controller = new VoiceController({
          name,
          createRecognition: createBrowserRecognition,
          speak: (text) => {
            const replyId = replyIdForSpokenText(text);
            if (!replyId) return console.warn("Not spoken: the voice speaks only the consultant's own replies.");
            return speakWithElevenLabs({ sessionId, replyId });
          },
          navigate: (to) => callbacks.current.navigate(to),
          sendMessage: (text) => callbacks.current.sendMessage(text),
          onStateChange: setState,
        });
        controllerRef.current = controller;
        if (pendingToggle.current) {
          pendingToggle.current = false;
          controller.toggle();
        }
      },
    );
    return () => {
      cancelled = true;
      pendingToggle.current = false;
      controller?.stop();
      if (controllerRef.current === controller) controllerRef.current = null;
      setState('off');
    };
  }, [enabled, name, sessionId]);

  return {
    state,
    listening: state !== 'off',
    toggle: () => {
      if (controllerRef.current) controllerRef.current.toggle();
      else if (enabled) pendingToggle.current = !pendingToggle.current;
    },
  };
}
