import type { IncomingMessage } from 'node:http';
import proxyaddr from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { CancelEmit, CHAT_EVENT, CHAT_MSG, CHAT_SOCKET_PATH, FRAME_CODE, FRAME_STATUS, MAX_QUESTION_BYTES, ResumeEmit, SOCKET_MAX_MESSAGE_BYTES, SocketAuth, SocketQuery, type AnswerFrame } from '@chatdr/contract';
import type { AuthContext } from '../../http/context.ts';
import { NOTICE_EVENT, type Notice } from '@chatdr/contract/remind/schemas';
import { RedisFrameLog } from './frame-log.ts';
import type { ChatStreams, RemoteCancel, RemoteResume } from './chat.stream.ts';
import { frame } from './frames.ts';

export interface ChatSocketOptions {
  redisUrl: string | undefined;
  /** Web origins allowed besides the server's own host. */
  allowedOrigins: readonly string[];
  /** TRUST_PROXY: the proxies whose X-Forwarded-For names the client (per-IP limits); empty: none. */
  trustProxy?: readonly string[];
  resolve(token: string | undefined): Promise<AuthContext | null>;
  /** How long a question's frames stay in Redis for a resume on another instance. */
  frameTtlMs?: number;
  /** The change bus: a user's sessions changed (logout, forced logout, …) on any instance. */
  onUserChanged?: (fn: (userId: number) => void) => void;
}

export interface ChatSocket {
  io: Server;
  /** Sends a live notice (reminders: push type user_remind) to every open app of an account, on any instance. */
  notify(userId: number, notice: Notice): void;
  close(): Promise<void>;
}

interface SocketData {
  token: string | undefined;
  deviceType: string | null;
  refused: boolean;
  /** The client's address (per-IP question limits). */
  ip: string | null;
}

const REMOTE_RESUME = 'chatdr:resume';
const userRoom = (userId: number) => `user:${userId}`;
const REMOTE_CANCEL = 'chatdr:cancel';
const REMOTE_NOTICE = 'chatdr:notice';
const REMOTE_TIMEOUT_MS = 2_000;

/** The questionId of a (possibly malformed) emit, for its refusal frame. */
const questionIdIn = (raw: unknown): string =>
  typeof raw === 'object' && raw !== null && typeof (raw as { questionId?: unknown }).questionId === 'string' ? String((raw as { questionId: string }).questionId).slice(0, 64) : '';

/** Bytes of an engine.io message as received (a UTF-8 text frame, or binary). */
function messageBytes(data: unknown): number {
  if (typeof data === 'string') return data.length * 3 <= MAX_QUESTION_BYTES ? data.length : Buffer.byteLength(data);
  if (Buffer.isBuffer(data)) return data.length;
  if (data instanceof ArrayBuffer) return data.byteLength;
  return 0;
}

/**
 * The client's address: the socket's peer, or — only when that peer is one of the trusted proxies
 * (TRUST_PROXY, the same list Fastify's `trustProxy` gets) — the address the proxies name, walking
 * X-Forwarded-For from the right past trusted hops, exactly as `req.ip` does for REST.
 */
export function clientIp(req: IncomingMessage, trustProxy: readonly string[]): string | null {
  if (trustProxy.length === 0) return req.socket.remoteAddress ?? null;
  try {
    return proxyaddr(req, [...trustProxy]).slice(0, 64) || null;
  } catch {
    return req.socket.remoteAddress ?? null;
  }
}

/** Websocket Origin allow-list: no Origin (native shells, servers), the same host, or ALLOWED_ORIGINS. */
export function originAllowed(req: IncomingMessage, allowed: readonly string[]): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  if (allowed.includes(origin)) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

/**
 * The chat socket at /api/chatDr-service-socket/socket.io (websocket only) on the app's HTTP
 * server. With REDIS_URL, instances share fan-out (@socket.io/redis-adapter), resume and cancel
 * reach the instance answering, and finished questions' frames are in Redis.
 */
export async function attachChatSocket(app: FastifyInstance, streams: ChatStreams, opts: ChatSocketOptions): Promise<ChatSocket> {
  const io = new Server(app.server, {
    path: CHAT_SOCKET_PATH,
    transports: ['websocket'],
    serveClient: false,
    // Above MAX_QUESTION_BYTES so that an oversized question is read and refused with 3030 (below)
    // rather than the connection closed without a word.
    maxHttpBufferSize: SOCKET_MAX_MESSAGE_BYTES,
    allowRequest: (req, cb) => cb(null, originAllowed(req, opts.allowedOrigins)),
  });
  let closeRedis: () => Promise<void> = async () => {};
  let clustered = false;
  if (opts.redisUrl) {
    const { Redis } = await import('ioredis');
    const { createAdapter } = await import('@socket.io/redis-adapter');
    // Auto-pipelining: the commands of one turn (frame-log appends of answers ending together,
    // the adapter's publishes) leave in one write.
    const pub = new Redis(opts.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2, enableAutoPipelining: true });
    const sub = pub.duplicate({ enableAutoPipelining: false });
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub, { requestsTimeout: REMOTE_TIMEOUT_MS }));
    streams.bind(delivery(), new RedisFrameLog(pub, opts.frameTtlMs ?? 180_000));
    clustered = true;
    closeRedis = async () => {
      await Promise.all([pub.quit().catch(() => undefined), sub.quit().catch(() => undefined)]);
    };
    io.on(REMOTE_RESUME, (msg: RemoteResume, ack: (handled: boolean) => void) => ack(streams.attachLocal(msg)));
    io.on(REMOTE_CANCEL, (msg: RemoteCancel, ack: (handled: boolean) => void) => ack(streams.cancelLocal(msg)));
    io.on(REMOTE_NOTICE, (msg: { userId: number; notice: Notice }) => notifyLocal(msg.userId, msg.notice));
  } else {
    streams.bind(delivery(), null);
  }

  function delivery() {
    const ask = (event: string, msg: RemoteResume | RemoteCancel): Promise<boolean> =>
      new Promise((resolve) => {
        if (!clustered) return resolve(false);
        io.serverSideEmit(event, msg, (_err: Error | null, answers: unknown[] = []) => resolve(Array.isArray(answers) && answers.includes(true)));
      });
    return {
      send(socketId: string, f: AnswerFrame) {
        const local = io.sockets.sockets.get(socketId);
        if (local) local.emit(CHAT_EVENT.answer, f);
        else if (clustered) io.to(socketId).emit(CHAT_EVENT.answer, f);
      },
      remoteResume: (msg: RemoteResume) => ask(REMOTE_RESUME, msg),
      remoteCancel: (msg: RemoteCancel) => ask(REMOTE_CANCEL, msg),
    };
  }

  const log = app.log.child({ module: 'chat-socket' });
  const refuseLogin = (socket: Socket, questionId = '') => {
    const data = socket.data as SocketData;
    const f = frame(questionId, 0, FRAME_STATUS.last, FRAME_CODE.login, {}, CHAT_MSG.notLoggedIn);
    if (data.refused) {
      // Already told (a session ended, the socket is closing): a question sent in between still
      // gets its own 3000, so the client never waits on it.
      if (questionId) socket.emit(CHAT_EVENT.answer, f);
      return;
    }
    data.refused = true;
    socket.emit(CHAT_EVENT.answer, f);
    // Let the frame go out before the connection closes.
    setTimeout(() => socket.disconnect(true), 50);
  };
  /** The caller of an event, checked again each time (a logout ends the socket's rights). */
  const caller = async (socket: Socket): Promise<AuthContext | null | 'error'> => {
    const data = socket.data as SocketData;
    // A failure to look the session up (database busy) is not "not logged in": the client would
    // be sent to the login page for nothing.
    const auth = await opts.resolve(data.token).catch((err: unknown) => {
      log.warn({ err }, 'chat socket session lookup failed');
      return 'error' as const;
    });
    if (auth === 'error') return 'error';
    return auth && auth.status === 'active' ? auth : null;
  };
  /** A transient failure: the question ends with the busy/failed code and can be resent. */
  const refuseTransient = (socket: Socket, questionId: string) => {
    socket.emit(CHAT_EVENT.answer, frame(questionId, 1, FRAME_STATUS.last, FRAME_CODE.failed, {}, CHAT_MSG.busy));
  };
  const guard = (socket: Socket, questionId: string, fn: (auth: AuthContext) => Promise<void>) => {
    void caller(socket)
      .then((auth) => (auth === 'error' ? refuseTransient(socket, questionId) : auth ? fn(auth) : refuseLogin(socket, questionId)))
      .catch((err: unknown) => log.error({ err }, 'chat socket event failed'));
  };

  /**
   * The sockets of this instance in an account's room, each checked again: one whose session ended
   * (logout, forced logout, expiry) or now belongs to another account leaves the room — a session
   * that failed to load (database busy) stays, and is checked again next time. With `then`, what
   * to do with each socket still entitled.
   */
  const recheckRoom = (userId: number, then?: (socket: Socket) => void): Promise<unknown> => {
    const ids = io.of('/').adapter.rooms.get(userRoom(userId));
    if (!ids) return Promise.resolve();
    return Promise.all(
      [...ids].map(async (id) => {
        const socket = io.sockets.sockets.get(id);
        if (!socket) return;
        const auth = await caller(socket);
        if (auth === 'error') return;
        if (auth && auth.userId === userId) {
          then?.(socket);
          return;
        }
        void socket.leave(userRoom(userId));
        if (!auth) refuseLogin(socket);
      }),
    ).catch((err: unknown) => log.warn({ err }, 'chat socket room check failed'));
  };
  /** A live notice to this instance's sockets of the account, only those whose session still holds. */
  const notifyLocal = (userId: number, notice: Notice) => void recheckRoom(userId, (socket) => socket.emit(NOTICE_EVENT, notice));
  // A session ended on any instance: this instance's sockets of it are closed at once (3000).
  opts.onUserChanged?.((userId) => void recheckRoom(userId));

  io.on('connection', (socket) => {
    const q = SocketQuery.safeParse(socket.handshake.query);
    // The token comes in the handshake's auth payload only: a token in the URL (query) is ignored,
    // so clients that still send it there are answered 3000 instead of leaking it to proxy logs.
    const a = SocketAuth.safeParse(socket.handshake.auth);
    const data: SocketData = { token: a.success ? a.data.token : undefined, deviceType: q.success ? (q.data.deviceType ?? null) : null, refused: false, ip: clientIp(socket.request, opts.trustProxy ?? []) };
    socket.data = data;
    // The upgrade request (headers, its parser's state) is needed only for the address above:
    // engine.io would keep it for the connection's life (socket.io's "Memory usage" advice).
    (socket.conn as unknown as { request: unknown }).request = null;
    const handshakeQid = q.success ? (q.data.questionId ?? '') : '';
    void caller(socket).then((auth) => {
      if (auth === null) refuseLogin(socket, handshakeQid);
      // The account's room: live notices reach every open app of it (across instances with Redis).
      else if (auth !== 'error') void socket.join(userRoom(auth.userId));
    });
    // A question over MAX_QUESTION_BYTES is refused with 3030 and a message saying so. The size
    // is the message's as received: engine.io's `packet` event and the middleware below run in
    // one synchronous step for each message (decode → middleware), so it is this emit's size.
    let lastMessageBytes = 0;
    socket.conn.on('packet', (p: { type: string; data?: unknown }) => {
      if (p.type === 'message') lastMessageBytes = messageBytes(p.data);
    });
    socket.use((packet, next) => {
      if (packet[0] === CHAT_EVENT.question && lastMessageBytes > MAX_QUESTION_BYTES) {
        log.info({ bytes: lastMessageBytes }, 'chat question over the size limit refused');
        socket.emit(CHAT_EVENT.answer, frame(questionIdIn(packet[1]), 1, FRAME_STATUS.last, FRAME_CODE.badFormat, { text: CHAT_MSG.questionTooLarge }, CHAT_MSG.badInputFormat));
        return;
      }
      next();
    });
    socket.on(CHAT_EVENT.question, (raw: unknown) => {
      const qid = questionIdIn(raw);
      guard(socket, qid, (auth) => streams.question(socket.id, auth, raw, data.deviceType, data.ip));
    });
    socket.on(CHAT_EVENT.cancel, (raw: unknown) => {
      const c = CancelEmit.safeParse(raw);
      if (c.success) guard(socket, c.data.questionId, (auth) => streams.cancel(socket.id, auth, c.data.questionId));
    });
    socket.on(CHAT_EVENT.resume, (raw: unknown) => {
      const r = ResumeEmit.safeParse(raw);
      if (r.success) guard(socket, r.data.questionId, (auth) => streams.resume(socket.id, auth, r.data.questionId, r.data.lastSeq));
    });
    socket.on('disconnect', () => streams.dropSocket(socket.id));
  });

  return {
    io,
    notify(userId, notice) {
      // Each instance checks its own sockets' sessions before it emits (a session revoked a moment
      // ago gets nothing, even if the change-bus message that closes its socket is still on its way).
      notifyLocal(userId, notice);
      if (clustered) io.serverSideEmit(REMOTE_NOTICE, { userId, notice });
    },
    async close() {
      await streams.shutdown();
      for (const s of io.sockets.sockets.values()) s.disconnect(true);
      io.engine.close();
      await closeRedis();
    },
  };
}
