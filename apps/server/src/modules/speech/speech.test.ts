import { afterEach, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { EspeakProvider, ESPEAK_RATE } from './espeak.ts';
import { startFakeXfyun, type FakeXfyun } from './testing/xfyun-server.ts';
import { XfyunIatProvider } from './xfyun-iat.ts';
import { xfyunAuthorization, xfyunSignature, xfyunSignedUrl, xfyunVerify } from './xfyun-sign.ts';
import { XfyunTtsProvider } from './xfyun-tts.ts';
import { SpeechError, TTS_DEFAULTS, type TtsChunk } from './types.ts';
import { numberToZh, zhSpeakable } from './zh-speakable.ts';

const creds = { appId: 'app123', apiKey: 'key-abc', apiSecret: 'secret-xyz' };
let fake: FakeXfyun | null = null;
afterEach(async () => {
  await fake?.close();
  fake = null;
});

async function collect(it: AsyncIterable<TtsChunk>): Promise<{ bytes: number; rate: number; chunks: number }> {
  let bytes = 0;
  let rate = 0;
  let chunks = 0;
  for await (const c of it) {
    bytes += c.pcm.length;
    rate = c.sampleRate;
    chunks++;
  }
  return { bytes, rate, chunks };
}

const hasEspeak = (() => {
  try {
    execFileSync('espeak-ng', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('Chinese speakable text', () => {
  it('reads numbers and units as words', () => {
    expect(numberToZh('38.5')).toBe('三十八点五');
    expect(numberToZh('120')).toBe('一百二十');
    expect(numberToZh('1005')).toBe('一千零五');
    expect(numberToZh('10')).toBe('十');
    expect(numberToZh('20000')).toBe('二万');
    expect(zhSpeakable('**体温** 38.5℃，服用 5mg')).toBe('体温 三十八点五摄氏度，服用 五毫克');
    expect(zhSpeakable('血糖 3.9-6.1 mmol/L')).toBe('血糖 三点九至六点一 毫摩尔每升');
    expect(zhSpeakable('占 15%')).toBe('占 百分之十五');
  });
});

describe('iFlytek signing', () => {
  it('matches the documented scheme and verifies', () => {
    const date = 'Wed, 10 Jul 2019 07:35:43 GMT';
    const sig = xfyunSignature('secret-xyz', 'tts-api.xfyun.cn', date, '/v2/tts');
    const auth = Buffer.from(xfyunAuthorization('key-abc', sig), 'base64').toString();
    expect(auth).toBe(`api_key="key-abc", algorithm="hmac-sha256", headers="host date request-line", signature="${sig}"`);
    const now = new Date(date);
    const url = xfyunSignedUrl('wss://tts-api.xfyun.cn/v2/tts', creds, now);
    const q = new URL(url).searchParams;
    expect(q.get('date')).toBe(date);
    expect(q.get('host')).toBe('tts-api.xfyun.cn');
    const secrets = new Map([['key-abc', 'secret-xyz']]);
    expect(xfyunVerify(url, secrets, now.getTime())).toBe('key-abc');
    // Another secret, another path, a stale date: refused.
    expect(xfyunVerify(url, new Map([['key-abc', 'other']]), now.getTime())).toBeNull();
    expect(xfyunVerify(url.replace('/v2/tts', '/v2/iat'), secrets, now.getTime())).toBeNull();
    expect(xfyunVerify(url, secrets, now.getTime() + 600_000)).toBeNull();
  });
});

describe('iFlytek TTS provider against a local server speaking the protocol', () => {
  it('streams the audio of the text', async () => {
    fake = await startFakeXfyun(creds);
    const tts = new XfyunTtsProvider(creds, { url: `${fake.url}/v2/tts`, voice: 'xiaoyan' });
    const got = await collect(tts.synthesize('你好，注意休息', { ...TTS_DEFAULTS, speed: 60 }, new AbortController().signal));
    expect(got.rate).toBe(16_000);
    expect(got.bytes).toBe(7 * 1600 * 2);
    expect(got.chunks).toBeGreaterThan(3);
    expect(fake.ttsRequests).toEqual([{ appId: 'app123', vcn: 'xiaoyan', speed: 60, text: '你好，注意休息' }]);
  });

  it('a wrong secret is refused at the handshake; a provider error code is passed on', async () => {
    fake = await startFakeXfyun({ ...creds, failCode: 10_700 });
    const bad = new XfyunTtsProvider({ ...creds, apiSecret: 'wrong' }, { url: `${fake.url}/v2/tts`, voice: 'xiaoyan' });
    await expect(collect(bad.synthesize('你好', TTS_DEFAULTS, new AbortController().signal))).rejects.toMatchObject({ code: 11_200 });
    const busy = new XfyunTtsProvider(creds, { url: `${fake.url}/v2/tts`, voice: 'xiaoyan' });
    const err = await collect(busy.synthesize('你好', TTS_DEFAULTS, new AbortController().signal)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SpeechError);
    expect(err).toMatchObject({ code: 10_700, message: 'engine busy' });
  });
});

describe('iFlytek dictation (IAT) provider against a local server speaking the protocol', () => {
  it('sends 40 ms frames with status 0, 1…, 2 and applies the replacing result', async () => {
    fake = await startFakeXfyun({ ...creds, transcript: '我头疼发烧' });
    const iat = new XfyunIatProvider(creds, { url: `${fake.url}/v2/iat` });
    const texts: [string, boolean][] = [];
    const done = new Promise<void>((resolve, reject) => {
      const s = iat.start({
        onText: (t, final) => {
          texts.push([t, final]);
          if (final) resolve();
        },
        onError: reject,
      });
      s.write(Buffer.alloc(3000), false);
      s.write(Buffer.alloc(1000), true);
    });
    await done;
    expect(fake.iatFrames.map((f) => f.status)).toEqual([0, 1, 1, 2]);
    expect(fake.iatFrames.reduce((n, f) => n + f.bytes, 0)).toBe(4000);
    expect(texts.at(0)).toEqual(['我头疼吗', false]);
    expect(texts.at(-1)).toEqual(['我头疼发烧', true]);
  });

  it('a wrong key is an error, not a hang', async () => {
    fake = await startFakeXfyun(creds);
    const iat = new XfyunIatProvider({ ...creds, apiKey: 'nobody' }, { url: `${fake.url}/v2/iat` });
    const err = await new Promise<SpeechError>((resolve) => {
      const s = iat.start({ onText: () => undefined, onError: resolve });
      s.write(Buffer.alloc(1280), true);
    });
    expect(err.code).toBe(11_200);
  });
});

describe.skipIf(!hasEspeak)('espeak-ng (the offline default)', () => {
  it('streams 22 050 Hz PCM for Chinese text, quickly', async () => {
    const t0 = Date.now();
    const got = await collect(new EspeakProvider().synthesize('体温38.5℃，建议多喝水，注意休息。', TTS_DEFAULTS, new AbortController().signal));
    expect(got.rate).toBe(ESPEAK_RATE);
    // Over a second of speech.
    expect(got.bytes / 2 / ESPEAK_RATE).toBeGreaterThan(1);
    expect(Date.now() - t0).toBeLessThan(5000);
  });

  it('stops when aborted; a missing binary is a SpeechError', async () => {
    const ac = new AbortController();
    let n = 0;
    for await (const c of new EspeakProvider().synthesize('很长的一段话。'.repeat(200), TTS_DEFAULTS, ac.signal)) {
      n += c.pcm.length;
      ac.abort();
    }
    expect(n).toBeGreaterThan(0);
    await expect(collect(new EspeakProvider('cmn-latn-pinyin', 'espeak-ng-missing').synthesize('你好', TTS_DEFAULTS, new AbortController().signal))).rejects.toMatchObject({ code: 10_404 });
  });
});
