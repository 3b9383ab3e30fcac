import type { Config } from '../../config.ts';
import { EspeakProvider } from './espeak.ts';
import type { AsrProvider, TtsProvider } from './types.ts';
import { XfyunIatProvider } from './xfyun-iat.ts';
import { XfyunTtsProvider } from './xfyun-tts.ts';

/** The configured providers: espeak-ng by default for read-aloud; dictation only with iFlytek credentials. */
export function createSpeechProviders(c: Config['speech']): { tts: TtsProvider | null; asr: AsrProvider | null } {
  const x = c.xfyun;
  const tts: TtsProvider | null = c.tts === 'espeak' ? new EspeakProvider(c.espeakVoice) : c.tts === 'xfyun' && x ? new XfyunTtsProvider(x, { url: x.ttsUrl, voice: x.ttsVoice }) : null;
  const asr: AsrProvider | null = c.asr === 'xfyun' && x ? new XfyunIatProvider(x, { url: x.iatUrl }) : null;
  return { tts, asr };
}
