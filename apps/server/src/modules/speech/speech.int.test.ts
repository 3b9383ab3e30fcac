/** The speech socket: read-aloud streamed from espeak-ng (the default) and from iFlytek, dictation relayed; login required; nothing spoken is logged. */
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { CHAT_SOCKET_PATH } from '@chatdr/contract';
import { SPEECH_CODE, SPEECH_EVENT, SPEECH_NAMESPACE, type AsrFrame, type SpeechCaps, type TtsFrame } from '@chatdr/contract/speech/schemas';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { startFakeXfyun, type FakeXfyun } from './testing/xfyun-server.ts';

const hasEspeak = (() => {
  try {
    execFileSync('espeak-ng', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const SECRET_TEXT = '我的血压是一百六十';

async function listen(t: TestApp): Promise<number> {
  await t.rt.app.listen({ port: 0, host: '127.0.0.1' });
  const a = t.rt.app.server.address();
  return typeof a === 'object' && a !== null ? a.port : 0;
}

function speech(port: number, token: string | undefined): Socket {
  return connectSocket(`http://127.0.0.1:${port}${SPEECH_NAMESPACE}`, { path: CHAT_SOCKET_PATH, transports: ['websocket'], auth: token ? { token } : {}, reconnection: false, forceNew: true });
}

async function readAloud(s: Socket, id: string, text: string): Promise<{ bytes: number; rate: number; frames: TtsFrame[] }> {
  const frames: TtsFrame[] = [];
  return new Promise((resolve) => {
    const on = (f: TtsFrame) => {
      if (f.id !== id) return;
      frames.push(f);
      if (f.code !== 0 || f.data?.status === 2) {
        s.off(SPEECH_EVENT.tts, on);
        const bytes = frames.reduce((n, x) => n + (x.data?.audio ? (x.data.audio as ArrayBuffer).byteLength : 0), 0);
        resolve({ bytes, rate: frames.at(-1)?.data?.sampleRate ?? 0, frames });
      }
    };
    s.on(SPEECH_EVENT.tts, on);
    s.emit(SPEECH_EVENT.tts, { id, text });
  });
}

describe.skipIf(!hasEspeak)('speech socket with the espeak-ng default', () => {
  let t: TestApp;
  let port = 0;
  beforeAll(async () => {
    t = await startTestApp({ LOG_LEVEL: 'debug' });
    port = await listen(t);
  });
  afterAll(async () => t.close());

  it('refuses a connection without a session', async () => {
    const s = speech(port, undefined);
    const err = await new Promise<Error & { data?: { code?: number } }>((r) => s.once('connect_error', r));
    expect(err.data?.code).toBe(SPEECH_CODE.notLoggedIn);
    s.close();
  });

  it('streams PCM for a segment, says which providers it has, and never logs the text', async () => {
    const { token } = await t.login();
    const s = speech(port, token);
    await new Promise<void>((r) => s.once('connect', () => r()));
    const caps = await new Promise<SpeechCaps>((r) => s.emit(SPEECH_EVENT.caps, r));
    expect(caps).toEqual({ tts: 'espeak', asr: null });
    const got = await readAloud(s, 'seg-1', SECRET_TEXT);
    expect(got.frames.at(-1)?.data?.status).toBe(2);
    expect(got.rate).toBe(22_050);
    expect(got.bytes / 2 / 22_050).toBeGreaterThan(0.8);
    // Bad input is a clear refusal; dictation with no recogniser says so.
    const bad = await readAloud(s, 'seg-2', '');
    expect(bad.frames[0]?.code).toBe(SPEECH_CODE.badRequest);
    const asr = await new Promise<AsrFrame>((r) => {
      s.once(SPEECH_EVENT.asr, r);
      s.emit(SPEECH_EVENT.asrStart, { id: 'd-1' });
    });
    expect(asr).toMatchObject({ id: 'd-1', code: SPEECH_CODE.unavailable, message: '未配置语音识别服务，请使用文字输入' });
    expect(t.logs.join('\n')).not.toContain(SECRET_TEXT);
    s.close();
  });
});

describe('speech socket with iFlytek TTS and dictation (local protocol server)', () => {
  let t: TestApp;
  let fake: FakeXfyun;
  let port = 0;
  beforeAll(async () => {
    const creds = { appId: 'app9', apiKey: 'k9', apiSecret: 's9' };
    fake = await startFakeXfyun({ ...creds, transcript: SECRET_TEXT });
    t = await startTestApp({ LOG_LEVEL: 'debug', TTS_PROVIDER: 'xfyun', XFYUN_APP_ID: creds.appId, XFYUN_API_KEY: creds.apiKey, XFYUN_API_SECRET: creds.apiSecret, XFYUN_TTS_URL: `${fake.url}/v2/tts`, XFYUN_IAT_URL: `${fake.url}/v2/iat` });
    port = await listen(t);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('reads aloud through iFlytek and dictates', async () => {
    const { token } = await t.login();
    const s = speech(port, token);
    await new Promise<void>((r) => s.once('connect', () => r()));
    expect(await new Promise<SpeechCaps>((r) => s.emit(SPEECH_EVENT.caps, r))).toEqual({ tts: 'xfyun', asr: 'xfyun' });
    const got = await readAloud(s, 'x-1', '你好');
    expect(got).toMatchObject({ bytes: 2 * 1600 * 2, rate: 16_000 });
    const texts: AsrFrame[] = [];
    const final = new Promise<void>((r) =>
      s.on(SPEECH_EVENT.asr, (f: AsrFrame) => {
        texts.push(f);
        if (f.data?.status === 2 || f.code !== 0) r();
      }),
    );
    s.emit(SPEECH_EVENT.asrStart, { id: 'd-2' });
    s.emit(SPEECH_EVENT.asrAudio, { id: 'd-2', audio: new Uint8Array(6400), last: false });
    s.emit(SPEECH_EVENT.asrAudio, { id: 'd-2', audio: new Uint8Array(640), last: true });
    await final;
    expect(texts.at(-1)).toMatchObject({ id: 'd-2', code: 0, data: { text: SECRET_TEXT, status: 2 } });
    expect(fake.iatFrames.reduce((n, f) => n + f.bytes, 0)).toBe(7040);
    expect(t.logs.join('\n')).not.toContain(SECRET_TEXT);
    s.close();
  });
});
