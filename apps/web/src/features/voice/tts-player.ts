import { SPEECH_EVENT, SPEECH_LIMITS } from '@chatdr/contract/speech/constants';
import type { TtsFrame } from '@chatdr/contract/speech/schemas';
import { speechSocket } from './speech-socket';

/**
 * Server read-aloud (chat-core §4 streaming TTS): the answer is cut into sentence segments, up to
 * 3 synthesised at once on the server (§9), each segment's PCM collected as it streams in, wrapped
 * as a WAV and pushed to one <audio> element in order. Per-segment states follow the spec:
 * initialising → ttsing → results returning → success → pushed to playback.
 */
export type SegmentState = 'init' | 'ttsing' | 'returning' | 'success' | 'pushed';

/** Sentences of at most `max` characters (long ones cut), merged up to ~80 characters. */
export function segments(text: string, max: number = SPEECH_LIMITS.segmentChars): string[] {
  const sentences = text.match(/[^。！？!?；;\n]+[。！？!?；;\n]*/gu) ?? [];
  const out: string[] = [];
  let cur = '';
  for (const raw of sentences) {
    const s = raw.trim();
    if (!s) continue;
    for (let i = 0; i < s.length; i += max) {
      const piece = s.slice(i, i + max);
      if (cur && cur.length + piece.length > 80) {
        out.push(cur);
        cur = '';
      }
      cur += piece;
    }
  }
  if (cur) out.push(cur);
  return out;
}

/** A 16-bit mono PCM WAV file of `chunks`. */
export function wav(chunks: Uint8Array[], sampleRate: number): Blob {
  const bytes = chunks.reduce((n, c) => n + c.byteLength, 0);
  const h = new DataView(new ArrayBuffer(44));
  const str = (off: number, s: string) => [...s].forEach((c, i) => h.setUint8(off + i, c.charCodeAt(0)));
  str(0, 'RIFF');
  h.setUint32(4, 36 + bytes, true);
  str(8, 'WAVE');
  str(12, 'fmt ');
  h.setUint32(16, 16, true);
  h.setUint16(20, 1, true);
  h.setUint16(22, 1, true);
  h.setUint32(24, sampleRate, true);
  h.setUint32(28, sampleRate * 2, true);
  h.setUint16(32, 2, true);
  h.setUint16(34, 16, true);
  str(36, 'data');
  h.setUint32(40, bytes, true);
  return new Blob([h.buffer, ...chunks.map((c) => c.slice().buffer)], { type: 'audio/wav' });
}

export interface ReadHandlers {
  /** The first audio started playing. */
  onPlay(): void;
  /** All segments played. */
  onEnd(): void;
  /** 合成失败: code:message, or the audio could not play. */
  onError(message: string): void;
}

export interface Reading {
  stop(): void;
}

let audioEl: HTMLAudioElement | null = null;
/** The one <audio> element of read-aloud (in the page, so tests and assistive tools can see it). */
export function readAloudAudio(): HTMLAudioElement {
  if (audioEl?.isConnected) return audioEl;
  audioEl = document.createElement('audio');
  audioEl.dataset.testid = 'tts-audio';
  audioEl.preload = 'auto';
  audioEl.hidden = true;
  document.body.appendChild(audioEl);
  return audioEl;
}

let seq = 0;

/** Reads `text` aloud through the server's provider. */
export function readOnServer(text: string, h: ReadHandlers): Reading {
  const s = speechSocket();
  const parts = segments(text);
  const run = `r${String(++seq)}-${Date.now().toString(36)}`;
  const state: SegmentState[] = parts.map(() => 'init');
  const pcm: Uint8Array[][] = parts.map(() => []);
  const rate: number[] = parts.map(() => 0);
  const urls: string[] = [];
  const audio = readAloudAudio();
  let next = 0;
  let playing = -1;
  let started = false;
  let stopped = false;
  const idOf = (i: number) => `${run}-${String(i)}`;

  const request = () => {
    const inFlight = state.filter((x) => x === 'ttsing' || x === 'returning').length;
    for (let k = inFlight; k < SPEECH_LIMITS.concurrentSegments && next < parts.length; k++) {
      const i = next++;
      state[i] = 'ttsing';
      s.emit(SPEECH_EVENT.tts, { id: idOf(i), text: parts[i] });
    }
  };
  const playNext = () => {
    if (stopped) return;
    const i = playing + 1;
    if (i >= parts.length) {
      finish();
      h.onEnd();
      return;
    }
    if (state[i] !== 'success') return;
    playing = i;
    state[i] = 'pushed';
    const file = wav(pcm[i] ?? [], rate[i] || 22_050);
    const url = URL.createObjectURL(file);
    urls.push(url);
    pcm[i] = [];
    // The segment's size and format, for tests and diagnostics (no content).
    audio.dataset.bytes = String(file.size);
    audio.dataset.segment = String(i);
    audio.src = url;
    audio.play().catch(() => {
      if (!stopped) fail('该浏览器不支持webAudioApi相关接口');
    });
  };
  const onFrame = (f: TtsFrame) => {
    if (stopped || !f.id.startsWith(`${run}-`)) return;
    const i = Number(f.id.slice(run.length + 1));
    if (f.code !== 0) return fail(`合成失败: ${String(f.code)}:${f.message}`);
    if (f.data?.audio) {
      state[i] = 'returning';
      pcm[i]?.push(new Uint8Array(f.data.audio instanceof ArrayBuffer ? f.data.audio : f.data.audio.slice().buffer));
    }
    if (f.data?.sampleRate) rate[i] = f.data.sampleRate;
    if (f.data?.status === 2) {
      state[i] = 'success';
      request();
      if (playing === i - 1 && (audio.paused || audio.ended)) playNext();
    }
  };
  const onPlaying = () => {
    if (!started) {
      started = true;
      h.onPlay();
    }
  };
  const onEnded = () => playNext();
  const finish = () => {
    stopped = true;
    s.off(SPEECH_EVENT.tts, onFrame);
    audio.removeEventListener('playing', onPlaying);
    audio.removeEventListener('ended', onEnded);
    // Revoked a little later: the element may still be reading the last one.
    setTimeout(() => urls.forEach((u) => URL.revokeObjectURL(u)), 1000);
  };
  const fail = (message: string) => {
    for (let i = 0; i < parts.length; i++) if (state[i] === 'ttsing' || state[i] === 'returning') s.emit(SPEECH_EVENT.ttsCancel, { id: idOf(i) });
    audio.pause();
    finish();
    h.onError(message);
  };
  s.on(SPEECH_EVENT.tts, onFrame);
  audio.addEventListener('playing', onPlaying);
  audio.addEventListener('ended', onEnded);
  if (parts.length === 0) {
    queueMicrotask(() => {
      finish();
      h.onEnd();
    });
  } else request();
  return {
    stop() {
      if (stopped) return;
      for (let i = 0; i < parts.length; i++) if (state[i] === 'ttsing' || state[i] === 'returning') s.emit(SPEECH_EVENT.ttsCancel, { id: idOf(i) });
      audio.pause();
      finish();
    },
  };
}
