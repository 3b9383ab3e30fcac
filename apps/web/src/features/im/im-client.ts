import { io, type Socket } from 'socket.io-client';
import { CHAT_SOCKET_PATH, IM_EVENT, IM_NAMESPACE, type ImMessage } from '@chatdr/contract';

export type ImStatus = 'connecting' | 'online' | 'offline';
type Ack = { ok: boolean; msg?: string; message?: ImMessage; messages?: ImMessage[] };

export interface ImListener {
  message(m: ImMessage): void;
  receipt(r: { groupId: string; reader: 'user' | 'doctor'; seq: number }): void;
  closed(r: { groupId: string }): void;
  status(s: ImStatus): void;
}

const newId = () => `c${Array.from(crypto.getRandomValues(new Uint8Array(10)), (b) => b.toString(16).padStart(2, '0')).join('')}`;

/**
 * One IM connection (namespace /im of the chat socket, docs/IM-SOCKET.md), shared by the patient's
 * /im/chat and the clinician workspace. It keeps the last seq of each group: every (re)connect
 * resumes from there, so nothing sent while offline is lost; messages not yet acknowledged are
 * sent again with the same clientMsgId, which the server answers once: nothing is doubled.
 */
export class ImClient {
  private socket: Socket | null = null;
  private readonly last = new Map<string, number>();
  private readonly pending = new Map<string, { groupId: string; kind: 'text' | 'image'; text?: string; mediaId?: string; resolve: (m: ImMessage) => void; reject: (e: Error) => void }>();
  private readonly seen = new Set<number>();

  constructor(private readonly token: () => Promise<string>, private readonly on: ImListener) {}

  /** The browser lost or regained the network: a stale socket is dropped at once and reopened on return. */
  private readonly netDown = () => this.drop();
  private readonly netUp = () => {
    if (!this.socket) this.connect();
  };

  connect(): void {
    window.addEventListener('offline', this.netDown);
    window.addEventListener('online', this.netUp);
    this.on.status('connecting');
    const s = io(IM_NAMESPACE, {
      path: CHAT_SOCKET_PATH,
      transports: ['websocket'],
      reconnection: true,
      reconnectionDelay: 500,
      reconnectionDelayMax: 5_000,
      auth: (cb: (d: { token: string }) => void) => void this.token().then((token) => cb({ token }), () => cb({ token: '' })),
    });
    this.socket = s;
    s.on('connect', () => {
      this.on.status('online');
      void this.resume();
      for (const [id, p] of this.pending) void this.emitSend(id, p);
    });
    s.on('disconnect', () => this.on.status('offline'));
    s.on('connect_error', () => this.on.status('offline'));
    s.on(IM_EVENT.message, (m: ImMessage) => this.accept(m));
    s.on(IM_EVENT.receipt, (r: { groupId: string; reader: 'user' | 'doctor'; seq: number }) => this.on.receipt(r));
    s.on(IM_EVENT.closed, (r: { groupId: string }) => this.on.closed(r));
  }

  /** Messages already held (history): resumes start after them. */
  hold(list: ImMessage[]): void {
    for (const m of list) this.track(m);
  }
  follow(groupId: string): void {
    if (!this.last.has(groupId)) this.last.set(groupId, 0);
  }

  send(groupId: string, v: { kind: 'text' | 'image'; text?: string; mediaId?: string }): Promise<ImMessage> {
    const id = newId();
    return new Promise((resolve, reject) => {
      const p = { groupId, ...v, resolve, reject };
      this.pending.set(id, p);
      if (this.socket?.connected) void this.emitSend(id, p);
    });
  }

  read(groupId: string, seq: number): void {
    this.socket?.emit(IM_EVENT.read, { groupId, seq }, () => undefined);
  }

  /** Drops the connection (as a network loss would); `connect()` again to come back. */
  drop(): void {
    this.socket?.disconnect();
    this.socket?.removeAllListeners();
    this.socket = null;
    this.on.status('offline');
  }
  close(): void {
    window.removeEventListener('offline', this.netDown);
    window.removeEventListener('online', this.netUp);
    this.drop();
  }

  private async emitSend(id: string, p: { groupId: string; kind: 'text' | 'image'; text?: string; mediaId?: string; resolve: (m: ImMessage) => void; reject: (e: Error) => void }) {
    const s = this.socket;
    if (!s) return;
    try {
      const r = (await s.timeout(10_000).emitWithAck(IM_EVENT.send, { groupId: p.groupId, clientMsgId: id, kind: p.kind, text: p.text, mediaId: p.mediaId })) as Ack;
      if (!this.pending.has(id)) return;
      this.pending.delete(id);
      if (r.ok && r.message) {
        this.accept(r.message);
        p.resolve(r.message);
      } else p.reject(new Error(r.msg ?? '发送失败'));
    } catch {
      // No answer: kept, sent again (same clientMsgId) on the next connect.
    }
  }

  private async resume() {
    const s = this.socket;
    if (!s || this.last.size === 0) return;
    try {
      const r = (await s.timeout(10_000).emitWithAck(IM_EVENT.resume, { groups: Object.fromEntries(this.last) })) as Ack;
      for (const m of r.messages ?? []) this.accept(m);
    } catch {
      // The next connect resumes again.
    }
  }

  private track(m: ImMessage) {
    this.seen.add(m.seq);
    if (m.seq > (this.last.get(m.groupId) ?? 0)) this.last.set(m.groupId, m.seq);
  }
  private accept(m: ImMessage) {
    if (this.seen.has(m.seq)) return;
    this.track(m);
    this.on.message(m);
  }
}
