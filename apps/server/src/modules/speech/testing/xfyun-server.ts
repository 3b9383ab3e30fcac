import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { xfyunVerify } from '../xfyun-sign.ts';

/**
 * A local server speaking iFlytek's TTS (/v2/tts) and dictation (/v2/iat) WebSocket protocols, for
 * the providers' tests: it checks the signed URL the way iFlytek does (HTTP 401 otherwise), checks
 * the frames' fields, answers TTS with PCM (a tone as long as the text) in several frames, and
 * dictation with `transcript` in two results, the second replacing the first (dwa wpgs).
 */
export interface FakeXfyun {
  url: string;
  /** Requests seen (decoded), for assertions. */
  ttsRequests: { appId: string; vcn: string; speed: number; text: string }[];
  iatFrames: { status: number; bytes: number }[];
  close(): Promise<void>;
}

export async function startFakeXfyun(opts: { appId: string; apiKey: string; apiSecret: string; transcript?: string; failCode?: number }): Promise<FakeXfyun> {
  const secrets = new Map([[opts.apiKey, opts.apiSecret]]);
  const server: Server = createServer((_req, res) => res.writeHead(404).end());
  const wss = new WebSocketServer({ noServer: true });
  const state: FakeXfyun = { url: '', ttsRequests: [], iatFrames: [], close: async () => {} };
  server.on('upgrade', (req, socket, head) => {
    const path = new URL(req.url ?? '/', 'ws://x').pathname;
    if ((path !== '/v2/tts' && path !== '/v2/iat') || !xfyunVerify(req.url ?? '', secrets, Date.now())) {
      socket.end('HTTP/1.1 401 Unauthorized\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => (path === '/v2/tts' ? tts(ws) : iat(ws)));
  });
  const send = (ws: WebSocket, f: unknown) => ws.send(JSON.stringify(f));

  function tts(ws: WebSocket) {
    ws.once('message', (raw) => {
      const f = JSON.parse(String(raw)) as { common?: { app_id?: string }; business?: { vcn?: string; aue?: string; auf?: string; speed?: number; tte?: string }; data?: { status?: number; text?: string } };
      if (f.common?.app_id !== opts.appId) return send(ws, { code: 10_313, message: 'invalid appid', sid: 'tts0' });
      if (opts.failCode) return send(ws, { code: opts.failCode, message: 'engine busy', sid: 'tts0' });
      if (f.business?.aue !== 'raw' || f.business.tte !== 'UTF8' || f.data?.status !== 2 || typeof f.data.text !== 'string') return send(ws, { code: 10_163, message: 'param invalid', sid: 'tts0' });
      const text = Buffer.from(f.data.text, 'base64').toString('utf8');
      state.ttsRequests.push({ appId: f.common.app_id, vcn: f.business.vcn ?? '', speed: f.business.speed ?? -1, text });
      // 100 ms of a 440 Hz tone per character at 16 kHz, in frames of 3200 bytes.
      const samples = text.length * 1600;
      const pcm = Buffer.alloc(samples * 2);
      for (let i = 0; i < samples; i++) pcm.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / 16_000)), i * 2);
      for (let off = 0; off < pcm.length; off += 3200) {
        const last = off + 3200 >= pcm.length;
        send(ws, { code: 0, message: 'success', sid: 'tts1', data: { audio: pcm.subarray(off, off + 3200).toString('base64'), status: last ? 2 : 1, ced: String(off) } });
      }
    });
  }

  function iat(ws: WebSocket) {
    let first = true;
    ws.on('message', (raw) => {
      const f = JSON.parse(String(raw)) as { common?: { app_id?: string }; business?: { language?: string; domain?: string }; data?: { status?: number; audio?: string; format?: string } };
      const status = f.data?.status ?? -1;
      if (first && (status !== 0 || f.common?.app_id !== opts.appId || f.business?.language !== 'zh_cn' || f.business.domain !== 'iat')) return send(ws, { code: 10_106, message: 'invalid parameter', sid: 'iat0' });
      first = false;
      state.iatFrames.push({ status, bytes: Buffer.from(f.data?.audio ?? '', 'base64').length });
      if (status !== 2) return;
      const t = opts.transcript ?? '';
      const half = t.slice(0, Math.ceil(t.length / 2));
      const words = (s: string) => [...s].map((w) => ({ cw: [{ w }] }));
      send(ws, { code: 0, message: 'success', sid: 'iat1', data: { status: 1, result: { sn: 1, ls: false, pgs: 'apd', ws: words(half + '吗') } } });
      send(ws, { code: 0, message: 'success', sid: 'iat1', data: { status: 2, result: { sn: 2, ls: true, pgs: 'rpl', rg: [1, 1], ws: words(t) } } });
    });
  }

  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  state.url = `ws://127.0.0.1:${String(port)}`;
  state.close = async () => {
    for (const c of wss.clients) c.terminate();
    await new Promise<void>((r) => server.close(() => r()));
  };
  return state;
}
