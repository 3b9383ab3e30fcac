import type { Namespace, Socket } from 'socket.io';
import { SocketAuth } from '@chatdr/contract';
import { SPEECH_CODE, SPEECH_EVENT, SPEECH_LIMITS, SPEECH_MSG, SPEECH_NAMESPACE, SpeechId, TtsRequest, type AsrFrame, type SpeechCaps, type TtsFrame } from '@chatdr/contract/speech/schemas';
import type { Server } from 'socket.io';
import type { AuthContext } from '../../http/context.ts';
import { SpeechError, type AsrProvider, type AsrSession, type TtsProvider } from './types.ts';

export interface SpeechDeps {
  tts: TtsProvider | null;
  asr: AsrProvider | null;
  resolve(token: string | undefined): Promise<AuthContext | null>;
  /** Syntheses running at once on this instance (espeak-ng processes); more wait their turn. */
  maxConcurrent?: number;
  log: { warn(obj: object, msg: string): void };
}

/** A small FIFO semaphore. */
class Slots {
  private busy = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly max: number) {}
  async take(): Promise<() => void> {
    if (this.busy >= this.max) await new Promise<void>((r) => this.waiting.push(r));
    else this.busy++;
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.busy--;
    };
  }
}

/**
 * The speech namespace (/speech) on the chat socket's server: read-aloud segments streamed as PCM
 * frames, dictation audio relayed to the recogniser. Only a logged-in session may use it. The text
 * and the audio are health data: neither is ever logged (only provider error codes are).
 */
export function attachSpeech(io: Server, deps: SpeechDeps): Namespace {
  const nsp = io.of(SPEECH_NAMESPACE);
  const slots = new Slots(deps.maxConcurrent ?? 2);
  const caps: SpeechCaps = { tts: deps.tts?.name ?? null, asr: deps.asr?.name ?? null };

  nsp.use((socket, next) => {
    const a = SocketAuth.safeParse(socket.handshake.auth);
    deps
      .resolve(a.success ? a.data.token : undefined)
      .then((auth) => {
        if (auth && auth.status === 'active') {
          (socket.data as { userId: number }).userId = auth.userId;
          next();
        } else next(Object.assign(new Error(SPEECH_MSG.notLoggedIn), { data: { code: SPEECH_CODE.notLoggedIn } }));
      })
      .catch(() => next(Object.assign(new Error(SPEECH_MSG.busy), { data: { code: SPEECH_CODE.busy } })));
  });

  nsp.on('connection', (socket: Socket) => {
    const running = new Map<string, AbortController>();
    let asr: { id: string; session: AsrSession; bytes: number } | null = null;
    const ttsFrame = (f: TtsFrame) => socket.emit(SPEECH_EVENT.tts, f);
    const asrFrame = (f: AsrFrame) => socket.emit(SPEECH_EVENT.asr, f);

    socket.on(SPEECH_EVENT.caps, (ack: unknown) => {
      if (typeof ack === 'function') (ack as (c: SpeechCaps) => void)(caps);
    });

    socket.on(SPEECH_EVENT.tts, (raw: unknown) => {
      const r = TtsRequest.safeParse(raw);
      const id = typeof (raw as { id?: unknown } | null)?.id === 'string' ? String((raw as { id: string }).id).slice(0, 64) : '';
      if (!r.success) return ttsFrame({ id, code: SPEECH_CODE.badRequest, message: SPEECH_MSG.badRequest, data: null });
      if (!deps.tts) return ttsFrame({ id, code: SPEECH_CODE.unavailable, message: SPEECH_MSG.ttsFailed, data: null });
      if (running.size >= SPEECH_LIMITS.concurrentSegments || running.has(r.data.id)) return ttsFrame({ id, code: SPEECH_CODE.busy, message: SPEECH_MSG.busy, data: null });
      const ac = new AbortController();
      running.set(r.data.id, ac);
      void synthesize(deps.tts, r.data, ac.signal).finally(() => running.delete(r.data.id));
    });

    async function synthesize(tts: TtsProvider, req: TtsRequest, signal: AbortSignal) {
      const release = await slots.take();
      let seq = 0;
      let rate = 0;
      try {
        if (signal.aborted) return;
        for await (const chunk of tts.synthesize(req.text, req, signal)) {
          if (signal.aborted || socket.disconnected) return;
          rate = chunk.sampleRate;
          ttsFrame({ id: req.id, code: SPEECH_CODE.ok, message: 'success', data: { audio: chunk.pcm, sampleRate: chunk.sampleRate, status: 1, seq: seq++ } });
        }
        if (!signal.aborted) ttsFrame({ id: req.id, code: SPEECH_CODE.ok, message: 'success', data: { audio: null, sampleRate: rate, status: 2, seq } });
      } catch (err) {
        if (signal.aborted) return;
        const e = err instanceof SpeechError ? err : new SpeechError(10_500, 'error');
        // The code and the provider's message only: never the text.
        deps.log.warn({ provider: tts.name, code: e.code }, 'read-aloud synthesis failed');
        ttsFrame({ id: req.id, code: e.code, message: e.message, data: null });
      } finally {
        release();
      }
    }

    socket.on(SPEECH_EVENT.ttsCancel, (raw: unknown) => {
      const r = SpeechId.safeParse(raw);
      if (r.success) running.get(r.data.id)?.abort();
    });

    socket.on(SPEECH_EVENT.asrStart, (raw: unknown) => {
      const r = SpeechId.safeParse(raw);
      if (!r.success) return asrFrame({ id: '', code: SPEECH_CODE.badRequest, message: SPEECH_MSG.badRequest, data: null });
      const id = r.data.id;
      if (!deps.asr) return asrFrame({ id, code: SPEECH_CODE.unavailable, message: SPEECH_MSG.noRecogniser, data: null });
      asr?.session.abort();
      let lastText = '';
      const session = deps.asr.start({
        onText(text, final) {
          lastText = text;
          if (!final) return asrFrame({ id, code: SPEECH_CODE.ok, message: 'success', data: { text, status: 1 } });
          if (asr?.id === id) asr = null;
          asrFrame(text.trim() ? { id, code: SPEECH_CODE.ok, message: 'success', data: { text, status: 2 } } : { id, code: SPEECH_CODE.notRecognised, message: SPEECH_MSG.notRecognised, data: null });
        },
        onError(err) {
          if (asr?.id === id) asr = null;
          deps.log.warn({ provider: 'xfyun', code: err.code }, 'dictation failed');
          asrFrame(lastText.trim() ? { id, code: SPEECH_CODE.ok, message: 'success', data: { text: lastText, status: 2 } } : { id, code: err.code, message: SPEECH_MSG.notRecognised, data: null });
        },
      });
      asr = { id, session, bytes: 0 };
    });

    socket.on(SPEECH_EVENT.asrAudio, (raw: unknown) => {
      const r = SpeechId.safeParse(raw);
      const msg = raw as { audio?: unknown; last?: unknown };
      if (!r.success || !asr || asr.id !== r.data.id) return;
      const audio = msg.audio instanceof Uint8Array ? Buffer.from(msg.audio) : msg.audio instanceof ArrayBuffer ? Buffer.from(msg.audio) : Buffer.alloc(0);
      asr.bytes += audio.length;
      const over = asr.bytes > SPEECH_LIMITS.asrSampleRate * 2 * SPEECH_LIMITS.asrMaxSeconds;
      asr.session.write(audio.subarray(0, audio.length - (audio.length % 2)), msg.last === true || over);
    });

    socket.on(SPEECH_EVENT.asrCancel, () => {
      asr?.session.abort();
      asr = null;
    });

    socket.on('disconnect', () => {
      for (const ac of running.values()) ac.abort();
      running.clear();
      asr?.session.abort();
      asr = null;
    });
  });
  return nsp;
}
