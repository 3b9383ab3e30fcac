/**
 * Speech providers. Text sent to a TTS provider and audio sent to a recogniser are health data:
 * never logged, by the providers or by the speech socket.
 */

/** chat-core §9: speed, volume and pitch 0–100, default 50. */
export interface TtsOptions {
  speed: number;
  volume: number;
  pitch: number;
}

/** One chunk of synthesised audio: 16-bit little-endian mono PCM at `sampleRate`. */
export interface TtsChunk {
  pcm: Buffer;
  sampleRate: number;
}

export interface TtsProvider {
  readonly name: 'espeak' | 'xfyun';
  /** Streams the audio of `text` chunk by chunk; throws SpeechError on a provider failure. */
  synthesize(text: string, opts: TtsOptions, signal: AbortSignal): AsyncIterable<TtsChunk>;
}

/** A streaming recognition: audio in (16 kHz 16-bit mono PCM), the text so far out. */
export interface AsrSession {
  /** Sends audio; `last` ends the utterance. */
  write(pcm: Buffer, last: boolean): void;
  /** Ends the session without a result (the user slid up to cancel). */
  abort(): void;
}

export interface AsrCallbacks {
  /** The whole text so far (partial results replace each other). */
  onText(text: string, final: boolean): void;
  onError(err: SpeechError): void;
}

export interface AsrProvider {
  readonly name: 'xfyun';
  start(cb: AsrCallbacks): AsrSession;
}

/** A provider's failure: `code` and `message` as the provider gave them (合成失败: code:message). */
export class SpeechError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export const TTS_DEFAULTS: TtsOptions = { speed: 50, volume: 50, pitch: 50 };
