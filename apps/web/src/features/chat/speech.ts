import { create } from 'zustand';

/**
 * Read-aloud with the browser's speechSynthesis where it exists (the web has no native TTS
 * bridge). States follow chat-core §4 (init, ttsing, play, endPlay, errorTTS); one answer at a time.
 */
export type TtsState = 'init' | 'ttsing' | 'play' | 'endPlay' | 'errorTTS';

export const useSpeech = create<{ questionId: string | null; state: TtsState }>(() => ({ questionId: null, state: 'init' }));

export const speechAvailable = () => typeof window !== 'undefined' && 'speechSynthesis' in window && typeof SpeechSynthesisUtterance !== 'undefined';

/** Text fit for reading: no link separators or list markers. */
export const speakable = (text: string) => text.replace(/[【】#*>`]/g, ' ').replace(/\s+/g, ' ').trim();

/** Time for the browser to start speaking before read-aloud counts as failed (no voice installed). */
const START_TIMEOUT_MS = 3000;
let startTimer: ReturnType<typeof setTimeout> | null = null;

/**
 * Reads the text aloud. The state goes ttsing → play → endPlay (or errorTTS, with `onFail`
 * called: a browser with no voice fails at once or never starts).
 */
export function speak(questionId: string, text: string, lang = 'zh-CN', onFail?: () => void): boolean {
  if (!speechAvailable()) return false;
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
  useSpeech.setState({ questionId, state: 'ttsing' });
  synth.speak(u);
  startTimer = setTimeout(() => {
    startTimer = null;
    if (mine() && useSpeech.getState().state === 'ttsing' && !synth.speaking) {
      synth.cancel();
      failed();
    }
  }, START_TIMEOUT_MS);
  return true;
}

export function stopSpeaking(): void {
  if (startTimer) clearTimeout(startTimer);
  startTimer = null;
  // The state first: the cancel's own error event then belongs to no one.
  useSpeech.setState({ questionId: null, state: 'init' });
  if (speechAvailable()) window.speechSynthesis.cancel();
}
