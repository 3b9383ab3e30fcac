import { spawn } from 'node:child_process';
import { SpeechError, type TtsChunk, type TtsOptions, type TtsProvider } from './types.ts';
import { zhSpeakable } from './zh-speakable.ts';

/** espeak-ng's WAV on stdout: a 44-byte header (sizes unknown when streaming), then 16-bit mono PCM at 22050 Hz. */
const WAV_HEADER = 44;
export const ESPEAK_RATE = 22_050;

/** 0–100 (50 the default) → espeak-ng's words per minute (80–450, 175 its default). */
export const espeakSpeed = (v: number) => Math.round(v <= 50 ? 80 + (v / 50) * 95 : 175 + ((v - 50) / 50) * 275);

/**
 * The offline default: Debian's espeak-ng (installed by scripts/ensure-espeak.sh) with the Mandarin
 * voice (ESPEAK_VOICE, default `cmn-latn-pinyin`: plain `cmn` reads Chinese through English
 * rules and speaks tone numbers). The text goes in on stdin — never on the command line, where
 * any user of the machine could read it — and the audio streams out as it is made.
 */
export class EspeakProvider implements TtsProvider {
  readonly name = 'espeak';
  constructor(
    private readonly voice = 'cmn-latn-pinyin',
    private readonly bin = 'espeak-ng',
  ) {}

  async *synthesize(text: string, opts: TtsOptions, signal: AbortSignal): AsyncIterable<TtsChunk> {
    const args = ['-v', this.voice, '-s', String(espeakSpeed(opts.speed)), '-a', String(Math.round(opts.volume * 2)), '-p', String(Math.round(opts.pitch)), '-b', '1', '--stdout'];
    const child = spawn(this.bin, args, { stdio: ['pipe', 'pipe', 'pipe'], signal });
    let failure: SpeechError | null = null;
    child.on('error', (err: NodeJS.ErrnoException) => {
      if (err.name === 'AbortError') return;
      failure = new SpeechError(err.code === 'ENOENT' ? 10_404 : 10_500, err.code === 'ENOENT' ? 'espeak-ng 未安装' : 'espeak-ng 启动失败');
    });
    // espeak-ng's own warnings could quote the text: read and dropped, never logged.
    child.stderr.resume();
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    child.stdin.on('error', () => undefined);
    child.stdin.end(zhSpeakable(text));
    let skip = WAV_HEADER;
    let carry: Buffer | null = null;
    try {
      for await (const data of child.stdout as AsyncIterable<Buffer>) {
        let buf: Buffer = data;
        if (skip > 0) {
          const cut = Math.min(skip, buf.length);
          skip -= cut;
          buf = buf.subarray(cut);
        }
        if (carry) {
          buf = Buffer.concat([carry, buf]);
          carry = null;
        }
        // Whole 16-bit samples only.
        if (buf.length % 2 === 1) {
          carry = Buffer.from(buf.subarray(buf.length - 1));
          buf = buf.subarray(0, buf.length - 1);
        }
        if (buf.length > 0) yield { pcm: Buffer.from(buf), sampleRate: ESPEAK_RATE };
      }
    } catch (err) {
      if (!signal.aborted) throw new SpeechError(10_500, 'espeak-ng 输出中断');
      void err;
    }
    const code = await exited;
    if (signal.aborted) return;
    if (failure) throw failure;
    if (code !== 0) throw new SpeechError(10_500, `espeak-ng 退出 ${String(code)}`);
  }
}
