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

export function speak(questionId: string, text: string, lang = 'zh-CN'): boolean {
  if (!speechAvailable()) return false;
  const synth = window.speechSynthesis;
  synth.cancel();
  const u = new SpeechSynthesisUtterance(speakable(text));
  u.lang = lang;
  u.rate = 1;
  u.onstart = () => useSpeech.setState({ questionId, state: 'play' });
  u.onend = () => {
    if (useSpeech.getState().questionId === questionId) useSpeech.setState({ questionId: null, state: 'endPlay' });
  };
  u.onerror = () => {
    if (useSpeech.getState().questionId === questionId) useSpeech.setState({ questionId: null, state: 'errorTTS' });
  };
  useSpeech.setState({ questionId, state: 'ttsing' });
  synth.speak(u);
  return true;
}

export function stopSpeaking(): void {
  if (speechAvailable()) window.speechSynthesis.cancel();
  useSpeech.setState({ questionId: null, state: 'init' });
}
