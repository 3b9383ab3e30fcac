import { SPEECH_EVENT, SPEECH_LIMITS, SPEECH_MSG } from '@chatdr/contract/speech/constants';
import type { AsrFrame } from '@chatdr/contract/speech/schemas';
import { speechCaps, speechSocket } from './speech-socket';

/**
 * Voice dictation behind one interface: the server's recogniser (iFlytek IAT, the audio streamed as
 * 16 kHz 16-bit PCM over the speech socket) when configured, else the browser's own
 * SpeechRecognition where it exists. No offline Mandarin recogniser exists to ship: with neither,
 * `pickRecognizer` answers null and the composer says so (SPEECH_MSG.noRecogniser).
 */
export interface Dictation {
  /** Mic level 0–1, for the waveform. */
  level(): number;
  /** Stop listening and give the text (empty: not recognised). */
  finish(): Promise<string>;
  cancel(): void;
}

export interface Recognizer {
  kind: 'server' | 'browser';
  start(onText: (partial: string) => void): Promise<Dictation>;
}

interface BrowserRecognition {
  lang: string;
  interimResults: boolean;
  continuous: boolean;
  onresult: ((e: { results: ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }> }) => void) | null;
  onerror: ((e: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}
type RecognitionCtor = new () => BrowserRecognition;

const browserRecognition = (): RecognitionCtor | null => {
  const w = window as unknown as { SpeechRecognition?: RecognitionCtor; webkitSpeechRecognition?: RecognitionCtor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
};

export async function pickRecognizer(): Promise<Recognizer | null> {
  const caps = await speechCaps();
  if (caps.asr) return serverRecognizer;
  const Ctor = browserRecognition();
  return Ctor ? browserRecognizer(Ctor) : null;
}

/** The microphone with a level meter; at 16 kHz when `pcm` is given (the context resamples). */
async function openMic(pcm?: (chunk: Int16Array) => void): Promise<{ level(): number; close(): void }> {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true } });
  const ctx = new AudioContext(pcm ? { sampleRate: SPEECH_LIMITS.asrSampleRate } : {});
  const src = ctx.createMediaStreamSource(stream);
  const analyser = ctx.createAnalyser();
  analyser.fftSize = 512;
  src.connect(analyser);
  let proc: ScriptProcessorNode | null = null;
  if (pcm) {
    // ScriptProcessor: no worklet module file to load (the CSP allows scripts from 'self' only).
    proc = ctx.createScriptProcessor(2048, 1, 1);
    proc.onaudioprocess = (e) => {
      const f = e.inputBuffer.getChannelData(0);
      const out = new Int16Array(f.length);
      for (let i = 0; i < f.length; i++) out[i] = Math.max(-32768, Math.min(32767, Math.round((f[i] ?? 0) * 32767)));
      pcm(out);
    };
    src.connect(proc);
    proc.connect(ctx.destination);
  }
  const buf = new Uint8Array(analyser.fftSize);
  let closed = false;
  return {
    level() {
      analyser.getByteTimeDomainData(buf);
      let peak = 0;
      for (const v of buf) peak = Math.max(peak, Math.abs(v - 128));
      return Math.min(1, peak / 64);
    },
    close() {
      if (closed) return;
      closed = true;
      proc?.disconnect();
      src.disconnect();
      stream.getTracks().forEach((t) => t.stop());
      void ctx.close();
    },
  };
}

let dictationSeq = 0;

const serverRecognizer: Recognizer = {
  kind: 'server',
  async start(onText) {
    const s = speechSocket();
    const id = `d${String(++dictationSeq)}-${Date.now().toString(36)}`;
    let text = '';
    let settle: ((t: string) => void) | null = null;
    let done = false;
    const result = new Promise<string>((r) => (settle = r));
    const onFrame = (f: AsrFrame) => {
      if (f.id !== id) return;
      if (f.code !== 0) return end('');
      text = f.data?.text ?? text;
      onText(text);
      if (f.data?.status === 2) end(text);
    };
    const end = (t: string) => {
      if (done) return;
      done = true;
      s.off(SPEECH_EVENT.asr, onFrame);
      mic.close();
      settle?.(t);
    };
    s.on(SPEECH_EVENT.asr, onFrame);
    s.emit(SPEECH_EVENT.asrStart, { id });
    const mic = await openMic((chunk) => {
      if (!done) s.emit(SPEECH_EVENT.asrAudio, { id, audio: new Uint8Array(chunk.buffer), last: false });
    });
    return {
      level: () => mic.level(),
      finish() {
        s.emit(SPEECH_EVENT.asrAudio, { id, audio: new Uint8Array(0), last: true });
        mic.close();
        // The recogniser's last result comes within a few seconds, or what was heard so far.
        setTimeout(() => end(text), 8000);
        return result;
      },
      cancel() {
        s.emit(SPEECH_EVENT.asrCancel, { id });
        end('');
      },
    };
  },
};

function browserRecognizer(Ctor: RecognitionCtor): Recognizer {
  return {
    kind: 'browser',
    async start(onText) {
      const rec = new Ctor();
      rec.lang = 'zh-CN';
      rec.interimResults = true;
      rec.continuous = true;
      let text = '';
      let settle: ((t: string) => void) | null = null;
      const result = new Promise<string>((r) => (settle = r));
      rec.onresult = (e) => {
        text = Array.from(e.results, (r) => r[0]?.transcript ?? '').join('');
        onText(text);
      };
      rec.onerror = () => settle?.(text);
      rec.onend = () => settle?.(text);
      // The level meter only; the browser listens by itself.
      const mic = await openMic().catch(() => ({ level: () => 0, close: () => undefined }));
      rec.start();
      return {
        level: () => mic.level(),
        finish() {
          rec.stop();
          mic.close();
          return result;
        },
        cancel() {
          rec.abort();
          mic.close();
          settle?.('');
        },
      };
    },
  };
}

export const NO_RECOGNISER = SPEECH_MSG.noRecogniser;
