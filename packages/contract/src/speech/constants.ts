/**
 * The speech socket: a socket.io namespace on the chat socket's path. Read-aloud (chat-core §7
 * "Speech synthesis", §4 TTS states) and voice dictation go through the server, so provider
 * secrets never reach the browser; the frames keep the provider protocol's shape
 * ({ code, message, data: { audio, status } }, status 2 = last, code ≠ 0 = error).
 */
export const SPEECH_NAMESPACE = '/speech';

export const SPEECH_EVENT = {
  /** client → server, with an ack: which providers this server has. */
  caps: 'caps',
  /** client → server: synthesise one segment; server → client: its audio frames. */
  tts: 'tts',
  ttsCancel: 'tts:cancel',
  /** client → server: start / audio / cancel of a dictation; server → client: text frames. */
  asrStart: 'asr:start',
  asrAudio: 'asr:audio',
  asrCancel: 'asr:cancel',
  asr: 'asr',
} as const;

export const SPEECH_LIMITS = {
  /** Characters of one read-aloud segment (the client splits an answer into sentences). */
  segmentChars: 600,
  /** chat-core §9: up to 3 concurrent speech segments. */
  concurrentSegments: 3,
  /** Recognition input: 16 kHz 16-bit mono PCM (chat-core §9), at most 60 s per utterance. */
  asrSampleRate: 16_000,
  asrMaxSeconds: 60,
  /** chat-core §9: speed, volume and pitch default 50. */
  defaultLevel: 50,
} as const;

/** Frame codes of the speech socket besides the provider's own. */
export const SPEECH_CODE = {
  ok: 0,
  notLoggedIn: 3000,
  badRequest: 3030,
  /** No provider configured for this (recognition has no offline default). */
  unavailable: 5001,
  /** chat-core §8: 语音未识别. */
  notRecognised: 5002,
  busy: 3001,
} as const;

export const SPEECH_MSG = {
  ttsFailed: '合成失败',
  noRecogniser: '未配置语音识别服务，请使用文字输入',
  notRecognised: '语音未识别',
  badRequest: '输入格式不正确，请重新输入',
  busy: '当前咨询的人数过多，请稍后重试',
  notLoggedIn: '未登录',
} as const;
