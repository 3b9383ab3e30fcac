import { z } from 'zod';

import { SPEECH_LIMITS } from './constants.ts';

export * from './constants.ts';

const level = z.number().int().min(0).max(100).default(SPEECH_LIMITS.defaultLevel);

export const TtsRequest = z.object({
  id: z.string().min(1).max(64),
  text: z.string().trim().min(1).max(SPEECH_LIMITS.segmentChars),
  speed: level,
  volume: level,
  pitch: level,
});
export type TtsRequest = z.infer<typeof TtsRequest>;

export const SpeechId = z.object({ id: z.string().min(1).max(64) });

/** server → client on `tts`: PCM 16-bit LE mono at sampleRate; status 1 more, 2 last. */
export interface TtsFrame {
  id: string;
  code: number;
  message: string;
  data: { audio: ArrayBuffer | Uint8Array | null; sampleRate: number; status: 1 | 2; seq: number } | null;
}

export interface AsrFrame {
  id: string;
  code: number;
  message: string;
  data: { text: string; status: 1 | 2 } | null;
}

export interface SpeechCaps {
  /** Read-aloud provider on the server (null: off). */
  tts: 'espeak' | 'xfyun' | null;
  /** Recogniser on the server (null: none configured — the browser's own may still exist). */
  asr: 'xfyun' | null;
}
