import WebSocket from 'ws';
import { xfyunSignedUrl, type XfyunCredentials } from './xfyun-sign.ts';
import { SpeechError, type TtsChunk, type TtsOptions, type TtsProvider } from './types.ts';

/** iFlytek online TTS: raw 16-bit PCM at 16 kHz (aue raw, auf audio/L16;rate=16000). */
export const XFYUN_TTS_RATE = 16_000;

interface TtsFrame {
  code?: number;
  message?: string;
  sid?: string;
  data?: { audio?: string; status?: number; ced?: string };
}

/**
 * iFlytek's TTS WebSocket protocol (wss://tts-api.xfyun.cn/v2/tts): a signed URL (xfyun-sign.ts),
 * one request frame `{ common: { app_id }, business: { vcn, aue, auf, speed, volume, pitch, tte },
 * data: { status: 2, text: base64 } }`, then response frames `{ code, message, sid, data: { audio,
 * status, ced } }` until status 2; code ≠ 0 is an error.
 */
export class XfyunTtsProvider implements TtsProvider {
  readonly name = 'xfyun';
  constructor(
    private readonly creds: XfyunCredentials,
    private readonly opts: { url: string; voice: string; timeoutMs?: number },
  ) {}

  async *synthesize(text: string, o: TtsOptions, signal: AbortSignal): AsyncIterable<TtsChunk> {
    const ws = new WebSocket(xfyunSignedUrl(this.opts.url, this.creds), { handshakeTimeout: this.opts.timeoutMs ?? 10_000 });
    const queue: TtsChunk[] = [];
    let done = false;
    let error: SpeechError | null = null;
    let wake: (() => void) | null = null;
    const notify = () => {
      wake?.();
      wake = null;
    };
    const fail = (e: SpeechError) => {
      if (!done) error = e;
      done = true;
      notify();
    };
    const onAbort = () => {
      done = true;
      ws.terminate();
      notify();
    };
    signal.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => {
      fail(new SpeechError(10_114, '合成超时'));
      ws.terminate();
    }, this.opts.timeoutMs ?? 30_000);
    ws.on('open', () => {
      ws.send(
        JSON.stringify({
          common: { app_id: this.creds.appId },
          business: { vcn: this.opts.voice, aue: 'raw', auf: `audio/L16;rate=${XFYUN_TTS_RATE}`, speed: o.speed, volume: o.volume, pitch: o.pitch, tte: 'UTF8' },
          data: { status: 2, text: Buffer.from(text, 'utf8').toString('base64') },
        }),
      );
    });
    ws.on('message', (raw: WebSocket.RawData) => {
      let f: TtsFrame;
      try {
        f = JSON.parse(String(raw)) as TtsFrame;
      } catch {
        return fail(new SpeechError(10_500, '合成服务返回了无法解析的数据'));
      }
      if (f.code !== 0) {
        ws.close();
        return fail(new SpeechError(typeof f.code === 'number' ? f.code : 10_500, typeof f.message === 'string' ? f.message.slice(0, 200) : '合成失败'));
      }
      if (f.data?.audio) queue.push({ pcm: Buffer.from(f.data.audio, 'base64'), sampleRate: XFYUN_TTS_RATE });
      if (f.data?.status === 2) {
        done = true;
        ws.close();
      }
      notify();
    });
    ws.on('unexpected-response', (_req, res) => {
      fail(new SpeechError(res.statusCode === 401 || res.statusCode === 403 ? 11_200 : 10_500, `合成服务拒绝连接 (HTTP ${String(res.statusCode)})`));
      res.resume();
    });
    ws.on('error', () => fail(new SpeechError(10_500, '无法连接合成服务')));
    ws.on('close', () => {
      if (!done) fail(new SpeechError(10_500, '合成服务连接中断'));
    });
    try {
      for (;;) {
        const next = queue.shift();
        if (next) {
          yield next;
          continue;
        }
        if (done) break;
        await new Promise<void>((r) => (wake = r));
      }
      if (error && !signal.aborted) throw error as SpeechError;
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      if (ws.readyState === WebSocket.OPEN || ws.readyState === WebSocket.CONNECTING) ws.terminate();
    }
  }
}
