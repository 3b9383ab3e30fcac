import WebSocket from 'ws';
import { xfyunSignedUrl, type XfyunCredentials } from './xfyun-sign.ts';
import { SpeechError, type AsrCallbacks, type AsrProvider, type AsrSession } from './types.ts';

interface IatFrame {
  code?: number;
  message?: string;
  sid?: string;
  data?: {
    status?: number;
    result?: { sn?: number; ls?: boolean; pgs?: 'apd' | 'rpl'; rg?: [number, number]; ws?: { cw?: { w?: string }[] }[] };
  };
}

/** Audio of one frame: 40 ms of 16 kHz 16-bit mono (iFlytek's recommended 1280 bytes). */
const FRAME_BYTES = 1280;

/**
 * iFlytek streaming dictation (IAT, wss://iat-api.xfyun.cn/v2/iat): the signed URL of
 * xfyun-sign.ts; the first frame `{ common: { app_id }, business: { language: 'zh_cn', domain:
 * 'iat', accent: 'mandarin', dwa: 'wpgs' }, data: { status: 0, format: 'audio/L16;rate=16000',
 * encoding: 'raw', audio } }`, then `{ data: { status: 1, … } }`, the last with status 2.
 * Results `{ code, message, sid, data: { status, result: { sn, ls, pgs, rg, ws: [{ cw: [{ w }] }] } } }`;
 * with dynamic correction (dwa wpgs) `pgs: 'rpl'` replaces the results sn rg[0]…rg[1].
 */
export class XfyunIatProvider implements AsrProvider {
  readonly name = 'xfyun';
  constructor(
    private readonly creds: XfyunCredentials,
    private readonly opts: { url: string; timeoutMs?: number },
  ) {}

  start(cb: AsrCallbacks): AsrSession {
    const ws = new WebSocket(xfyunSignedUrl(this.opts.url, this.creds), { handshakeTimeout: this.opts.timeoutMs ?? 10_000 });
    const pending: Buffer[] = [];
    let sentFirst = false;
    let ended = false;
    let finished = false;
    let buffered = Buffer.alloc(0);
    const results = new Map<number, string>();
    const text = () => [...results.entries()].sort((a, b) => a[0] - b[0]).map(([, t]) => t).join('');
    const finish = (err?: SpeechError) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      if (err) cb.onError(err);
      if (ws.readyState === WebSocket.OPEN || ws.readyState === WebSocket.CONNECTING) ws.terminate();
    };
    const timer = setTimeout(() => finish(new SpeechError(10_114, '识别超时')), this.opts.timeoutMs ?? 60_000);
    const sendFrame = (audio: Buffer, status: 0 | 1 | 2) => {
      const data = { status, format: 'audio/L16;rate=16000', encoding: 'raw', audio: audio.toString('base64') };
      ws.send(JSON.stringify(status === 0 ? { common: { app_id: this.creds.appId }, business: { language: 'zh_cn', domain: 'iat', accent: 'mandarin', dwa: 'wpgs' }, data } : { data }));
    };
    const flush = () => {
      if (ws.readyState !== WebSocket.OPEN) return;
      for (const chunk of pending.splice(0)) buffered = Buffer.concat([buffered, chunk]);
      while (buffered.length >= FRAME_BYTES) {
        sendFrame(buffered.subarray(0, FRAME_BYTES), sentFirst ? 1 : 0);
        sentFirst = true;
        buffered = buffered.subarray(FRAME_BYTES);
      }
      if (ended) {
        if (!sentFirst) {
          sendFrame(buffered, 0);
          sentFirst = true;
          buffered = Buffer.alloc(0);
        }
        sendFrame(buffered, 2);
        buffered = Buffer.alloc(0);
      }
    };
    ws.on('open', flush);
    ws.on('message', (raw: WebSocket.RawData) => {
      let f: IatFrame;
      try {
        f = JSON.parse(String(raw)) as IatFrame;
      } catch {
        return finish(new SpeechError(10_500, '识别服务返回了无法解析的数据'));
      }
      if (f.code !== 0) return finish(new SpeechError(typeof f.code === 'number' ? f.code : 10_500, typeof f.message === 'string' ? f.message.slice(0, 200) : '识别失败'));
      const r = f.data?.result;
      if (r && typeof r.sn === 'number') {
        if (r.pgs === 'rpl' && Array.isArray(r.rg)) for (let sn = r.rg[0]; sn <= r.rg[1]; sn++) results.delete(sn);
        results.set(r.sn, (r.ws ?? []).map((w) => (w.cw ?? [])[0]?.w ?? '').join(''));
      }
      const last = f.data?.status === 2;
      cb.onText(text(), last);
      if (last) finish();
    });
    ws.on('unexpected-response', (_req, res) => {
      finish(new SpeechError(res.statusCode === 401 || res.statusCode === 403 ? 11_200 : 10_500, `识别服务拒绝连接 (HTTP ${String(res.statusCode)})`));
      res.resume();
    });
    ws.on('error', () => finish(new SpeechError(10_500, '无法连接识别服务')));
    ws.on('close', () => finish(new SpeechError(10_500, '识别服务连接中断')));
    return {
      write(pcm, last) {
        if (finished || ended) return;
        pending.push(pcm);
        if (last) ended = true;
        flush();
      },
      abort() {
        finished = true;
        clearTimeout(timer);
        ws.terminate();
      },
    };
  }
}
