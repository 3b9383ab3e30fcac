import { io, type Socket } from 'socket.io-client';
import { CHAT_SOCKET_PATH } from '@chatdr/contract';
import { SPEECH_EVENT, SPEECH_NAMESPACE } from '@chatdr/contract/speech/constants';
import type { SpeechCaps } from '@chatdr/contract/speech/schemas';
import { tokenStorage } from '../../api/token';

/**
 * The speech socket (/speech namespace on the chat socket's path): read-aloud and dictation go
 * through the server, so provider keys never reach the browser. One connection, opened on first
 * use; the token is read again at every (re)connection.
 */
let socket: Socket | null = null;
let caps: Promise<SpeechCaps> | null = null;

export function speechSocket(): Socket {
  if (socket) return socket;
  socket = io(SPEECH_NAMESPACE, {
    path: CHAT_SOCKET_PATH,
    transports: ['websocket'],
    reconnectionAttempts: 3,
    timeout: 3000,
    auth: (cb: (d: { token: string }) => void) => cb({ token: tokenStorage.read()?.value ?? '' }),
  });
  socket.on('connect_error', () => {
    caps = null;
  });
  return socket;
}

const NONE: SpeechCaps = { tts: null, asr: null };

/** Which providers the server has (null ones: not configured, or the server out of reach). */
export function speechCaps(): Promise<SpeechCaps> {
  caps ??= new Promise<SpeechCaps>((resolve) => {
    const s = speechSocket();
    const timer = setTimeout(() => resolve(NONE), 4000);
    s.timeout(4000).emit(SPEECH_EVENT.caps, (err: Error | null, c: SpeechCaps) => {
      clearTimeout(timer);
      resolve(err ? NONE : c);
    });
  }).then((c) => {
    if (c === NONE) caps = null;
    return c;
  });
  return caps;
}
