import { io, type Socket } from 'socket.io-client';
import { CHAT_EVENT, CHAT_SOCKET_PATH, LIMITS, traceIdOf, type AnswerFrame, type QuestionEmitInput } from '@chatdr/contract';
import { randomHex } from '../../api/headers';
import { webClientInfo } from '../../platform/device';

/**
 * The chat socket (chat-core §7 "Socket", §9): socket.io at /api/chatDr-service-socket/socket.io,
 * websocket transport only, reconnecting up to 8 times with a delay growing from 2 s to 10 s and a
 * 3 s connect timeout. Loaded on the first send (it is not part of the first screen).
 *
 * After a reconnect the chat emits `resume { questionId, lastSeq }` for the question it was
 * waiting on, and the server replays the frames after lastSeq (docs/CHAT-SOCKET.md).
 */
export interface ChatSocketHandlers {
  onFrame(f: AnswerFrame): void;
  /** Connected again after a drop: resume what was being answered. */
  onReconnect(): void;
  /** The connection dropped (the socket is retrying). */
  onDisconnect(): void;
  /** Every retry failed. */
  onGiveUp(): void;
}

export interface ChatConnection {
  question(q: QuestionEmitInput): void;
  cancel(questionId: string): void;
  resume(questionId: string, lastSeq: number): void;
  readonly connected: boolean;
  close(): void;
}

/** The socket.io options of chat-core §9 (exported for the unit test). */
export const SOCKET_OPTIONS = {
  path: CHAT_SOCKET_PATH,
  transports: ['websocket'],
  reconnection: true,
  reconnectionAttempts: LIMITS.socketReconnectTries,
  reconnectionDelay: LIMITS.socketReconnectDelayMs,
  reconnectionDelayMax: LIMITS.socketReconnectDelayMaxMs,
  timeout: LIMITS.socketTimeoutMs,
} as const;

/** The handshake query: it is part of the URL (proxies log it), so it never carries the token. */
const handshake = (questionId: string) => ({
  deviceType: webClientInfo().deviceType,
  interactType: 'chat',
  traceId: traceIdOf(new Date()),
  spanId: randomHex(8),
  questionId,
});

/**
 * Opens the socket. The token goes in socket.io's `auth` payload (sent in the websocket's first
 * message, not the URL) and is read again at every connection attempt (it may have been rotated
 * meanwhile). Emits made while (re)connecting are buffered by socket.io and sent on connect.
 */
export function connectChat(opts: { token: () => string | null; questionId: string; handlers: ChatSocketHandlers; url?: string }): ChatConnection {
  const { handlers } = opts;
  const auth = (cb: (data: { token: string }) => void) => cb({ token: opts.token() ?? '' });
  const socket: Socket = io(opts.url ?? '', { ...SOCKET_OPTIONS, transports: [...SOCKET_OPTIONS.transports], query: handshake(opts.questionId), auth });
  let dropped = false;
  socket.on(CHAT_EVENT.answer, (f: AnswerFrame) => handlers.onFrame(f));
  socket.on('connect', () => {
    if (dropped) {
      dropped = false;
      handlers.onReconnect();
    }
  });
  socket.on('disconnect', (reason) => {
    // Our own close(): nothing to resume.
    if (reason === 'io client disconnect') return;
    dropped = true;
    handlers.onDisconnect();
    // The server ended the connection (e.g. after 3000): socket.io does not retry that by itself.
    if (reason === 'io server disconnect') return;
  });
  socket.io.on('reconnect_attempt', () => {
    socket.io.opts.query = handshake(opts.questionId);
  });
  socket.io.on('reconnect_failed', () => handlers.onGiveUp());

  return {
    question: (q) => void socket.emit(CHAT_EVENT.question, q),
    cancel: (questionId) => void socket.emit(CHAT_EVENT.cancel, { questionId }),
    resume: (questionId, lastSeq) => {
      if (!socket.connected && !socket.active) socket.connect();
      socket.emit(CHAT_EVENT.resume, { questionId, lastSeq });
    },
    get connected() {
      return socket.connected;
    },
    close: () => {
      socket.removeAllListeners();
      socket.io.removeAllListeners();
      socket.disconnect();
    },
  };
}
