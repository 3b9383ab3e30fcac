import { create } from 'zustand';
import type { Reading } from '../voice/tts-player';

/**
 * Read-aloud: the server's provider (espeak-ng offline by default, or iFlytek) streamed into an
 * <audio> element (features/voice/tts-player.ts); the browser's speechSynthesis when the server
 * has none (or for English, which the Mandarin voice reads badly, where the browser has a voice).
 * States follow chat-core §4 (init, ttsing, play, endPlay, errorTTS); one answer at a time.
 */
export type TtsState = 'init' | 'ttsing' | 'play' | 'endPlay' | 'errorTTS';

export const useSpeech = create<{ questionId: string | null; state: TtsState }>(() => ({ questionId: null, state: 'init' }));

const browserSpeech = () => typeof window !== 'undefined' && 'speechSynthesis' in window && typeof SpeechSynthesisUtterance !== 'undefined';
/** Read-aloud can be tried: the server's audio (any browser with <audio>) or the browser's own voice. */
export const speechAvailable = () => (typeof window !== 'undefined' && typeof Audio !== 'undefined') || browserSpeech();
let serverReading: Reading | null = null;

/** Text fit for reading: no link separators or list markers. */
export const speakable = (text: string) => text.replace(/[【】#*>`]/g, ' ').replace(/\s+/g, ' ').trim();

/** Time for the browser to start speaking before read-aloud counts as failed (no voice installed). */
const START_TIMEOUT_MS = 3000;
let startTimer: ReturnType<typeof setTimeout> | null = null;

/**
 * Reads the text aloud. The state goes ttsing → play → endPlay (or errorTTS, with `onFail`
 * called: a browser with no voice fails at once or never starts).
 */
export function speak(questionId: string, text: string, lang = 'zh-CN', onFail?: (message?: string) => void): boolean {
  if (!speechAvailable()) return false;
  stopSpeaking();
  useSpeech.setState({ questionId, state: 'ttsing' });
  const mine = () => useSpeech.getState().questionId === questionId;
  // The speech socket (socket.io-client) and the player load with the first read-aloud, not with the
  // first screen.
  void Promise.all([import('../voice/speech-socket'), import('../voice/tts-player')]).then(async ([{ speechCaps }, { readOnServer }]) => {
    const caps = await speechCaps();
    if (!mine()) return;
    if (caps.tts && (lang.startsWith('zh') || !browserSpeech())) {
      serverReading = readOnServer(speakable(text), {
        onPlay: () => {
          if (mine()) useSpeech.setState({ questionId, state: 'play' });
        },
        onEnd: () => {
          if (mine()) useSpeech.setState({ questionId: null, state: 'endPlay' });
        },
        onError: (message) => {
          if (!mine()) return;
          useSpeech.setState({ questionId: null, state: 'errorTTS' });
          onFail?.(message);
        },
      });
    } else if (browserSpeech()) speakInBrowser(questionId, text, lang, onFail);
    else {
      useSpeech.setState({ questionId: null, state: 'errorTTS' });
      onFail?.();
    }
  });
  return true;
}

function speakInBrowser(questionId: string, text: string, lang: string, onFail?: () => void): void {
  const synth = window.speechSynthesis;
  synth.cancel();
  if (startTimer) clearTimeout(startTimer);
  const u = new SpeechSynthesisUtterance(speakable(text));
  u.lang = lang;
  u.rate = 1;
  const mine = () => useSpeech.getState().questionId === questionId;
  const failed = () => {
    if (!mine()) return;
    useSpeech.setState({ questionId: null, state: 'errorTTS' });
    onFail?.();
  };
  u.onstart = () => {
    if (mine()) useSpeech.setState({ questionId, state: 'play' });
  };
  u.onend = () => {
    if (mine()) useSpeech.setState({ questionId: null, state: 'endPlay' });
  };
  u.onerror = (e) => {
    // A cancel (stop, or another answer read) is not a failure.
    if (e.error === 'canceled' || e.error === 'interrupted') return;
    failed();
  };
  synth.speak(u);
  startTimer = setTimeout(() => {
    startTimer = null;
    if (mine() && useSpeech.getState().state === 'ttsing' && !synth.speaking) {
      synth.cancel();
      failed();
    }
  }, START_TIMEOUT_MS);
}

export function stopSpeaking(): void {
  if (startTimer) clearTimeout(startTimer);
  startTimer = null;
  // The state first: the cancel's own error event then belongs to no one.
  useSpeech.setState({ questionId: null, state: 'init' });
  serverReading?.stop();
  serverReading = null;
  if (browserSpeech()) window.speechSynthesis.cancel();
}
