import type { FastifyBaseLogger } from 'fastify';
import type { Server, Socket } from 'socket.io';
import { IM_EVENT, IM_NAMESPACE, ImReadReq, ImResumeReq, ImSendReq } from '@chatdr/contract';
import { AppError } from '../../http/errors.ts';
import type { ClinicService, ImPeer } from './clinic.service.ts';

const room = (side: 'user' | 'doctor', id: number) => `${side === 'user' ? 'u' : 'd'}:${id}`;
type Ack = (r: unknown) => void;

/**
 * Doctor chat over namespace /im of the chat socket's server (docs/IM-SOCKET.md): the token of
 * rong/getToken (users) or the workspace's im token (doctors) in the handshake's auth. Messages
 * are persisted before they are acknowledged and fanned out to both sides' rooms (across
 * instances through the chat socket's Redis adapter); a reconnecting client resumes from the last
 * seq it holds, and a resent clientMsgId answers the stored message: nothing lost, nothing doubled.
 */
export function attachImSocket(io: Server, svc: ClinicService, log: FastifyBaseLogger): void {
  const nsp = io.of(IM_NAMESPACE);
  svc.fanout = {
    message: (c, m) => void nsp.to([room('user', c.userId), room('doctor', c.doctorId)]).emit(IM_EVENT.message, m),
    receipt: (c, reader, seq) => void nsp.to([room('user', c.userId), room('doctor', c.doctorId)]).emit(IM_EVENT.receipt, { groupId: `G${c.id}`, reader, seq }),
    closed: (c) => void nsp.to([room('user', c.userId), room('doctor', c.doctorId)]).emit(IM_EVENT.closed, { groupId: `G${c.id}`, status: c.status }),
    // Across instances too (the Redis adapter): every socket of the ended session closes.
    revoked: (sessionId) => void nsp.in(`ds:${sessionId}`).disconnectSockets(true),
  };
  nsp.use((socket, next) => {
    const peer = svc.peerOf((socket.handshake.auth as { token?: unknown } | undefined)?.token);
    if (!peer) return next(new Error('401'));
    svc
      .imPeerLive(peer)
      .then((live) => {
        if (!live) return next(new Error('401'));
        (socket.data as { peer: ImPeer }).peer = peer;
        next();
      })
      .catch(() => next(new Error('503')));
  });
  const answer = (ack: unknown, fn: () => Promise<unknown>) => {
    const reply: Ack = typeof ack === 'function' ? (ack as Ack) : () => undefined;
    fn()
      .then((data) => reply({ ok: true, ...(data as object) }))
      .catch((err: unknown) => {
        if (err instanceof AppError) return reply({ ok: false, code: err.code, msg: err.message });
        log.error({ err: err instanceof Error ? err.message : String(err) }, 'im event failed');
        reply({ ok: false, code: 500, msg: '服务繁忙，请稍后重试' });
      });
  };
  const bad = (msg: string) => {
    throw new AppError(400, msg);
  };
  nsp.on('connection', (socket: Socket) => {
    const peer = (socket.data as { peer: ImPeer }).peer;
    void socket.join(peer.sessionId === undefined ? room(peer.side, peer.id) : [room(peer.side, peer.id), `ds:${peer.sessionId}`]);
    socket.on(IM_EVENT.send, (raw: unknown, ack: unknown) =>
      answer(ack, async () => {
        const v = ImSendReq.safeParse(raw);
        if (!v.success) bad(v.error.issues[0]?.message ?? '消息格式不正确');
        return { message: await svc.send(peer, (v as { data: ImSendReq }).data) };
      }),
    );
    socket.on(IM_EVENT.read, (raw: unknown, ack: unknown) =>
      answer(ack, async () => {
        const v = ImReadReq.safeParse(raw);
        if (!v.success) return bad('参数不正确');
        return svc.read(peer, v.data.groupId, v.data.seq);
      }),
    );
    socket.on(IM_EVENT.resume, (raw: unknown, ack: unknown) =>
      answer(ack, async () => {
        const v = ImResumeReq.safeParse(raw);
        if (!v.success) return bad('参数不正确');
        return { messages: await svc.resume(peer, v.data.groups) };
      }),
    );
  });
}
