import { useCallback, useEffect, useRef, useState } from 'react';
import type { ImMessage } from '@chatdr/contract';
import { ImClient, type ImStatus } from './im-client';

export interface ImThread {
  messages: ImMessage[];
  /** The other side has read up to this seq. */
  peerReadSeq: number;
  status: ImStatus;
  closed: boolean;
  hasMore: boolean;
  send(v: { kind: 'text' | 'image'; text?: string; mediaId?: string }): Promise<ImMessage>;
  loadOlder(): Promise<void>;
  /** Drops and reopens the connection (what a network change does). */
  reconnect(): void;
}

interface Opts {
  groupId: string | null;
  me: 'user' | 'doctor';
  token: () => Promise<string>;
  history: (groupId: string, beforeSeq?: number) => Promise<{ list: ImMessage[]; hasMore: boolean; peerReadSeq: number }>;
  closedInitially?: boolean;
}

/** One conversation over the IM socket: history, live messages, receipts, reconnect with resume. */
export function useImThread({ groupId, me, token, history, closedInitially = false }: Opts): ImThread {
  const [messages, setMessages] = useState<ImMessage[]>([]);
  const [peerReadSeq, setPeerRead] = useState(0);
  const [status, setStatus] = useState<ImStatus>('connecting');
  const [closedLive, setClosed] = useState(false);
  const [hasMore, setHasMore] = useState(false);
  const client = useRef<ImClient | null>(null);
  const visible = useRef(true);

  const merge = useCallback((list: ImMessage[]) => {
    setMessages((prev) => {
      const by = new Map(prev.map((m) => [m.seq, m]));
      for (const m of list) by.set(m.seq, m);
      return [...by.values()].sort((a, b) => a.seq - b.seq);
    });
  }, []);

  useEffect(() => {
    if (!groupId) return undefined;
    let live = true;
    const c = new ImClient(token, {
      message: (m) => {
        if (m.groupId !== groupId) return;
        merge([m]);
        if (m.sender !== me && visible.current) c.read(groupId, m.seq);
      },
      receipt: (r) => {
        if (r.groupId === groupId && r.reader !== me) setPeerRead((s) => Math.max(s, r.seq));
      },
      closed: (r) => {
        if (r.groupId === groupId) setClosed(true);
      },
      status: (s) => live && setStatus(s),
    });
    client.current = c;
    c.follow(groupId);
    void history(groupId).then((h) => {
      if (!live) return;
      c.hold(h.list);
      merge(h.list);
      setHasMore(h.hasMore);
      setPeerRead(h.peerReadSeq);
      const last = h.list.at(-1);
      if (last) c.read(groupId, last.seq);
      c.connect();
    }, () => c.connect());
    return () => {
      live = false;
      c.close();
      client.current = null;
    };
  }, [groupId, me, token, history, merge]);

  const send = useCallback(
    async (v: { kind: 'text' | 'image'; text?: string; mediaId?: string }) => {
      if (!groupId || !client.current) throw new Error('未连接');
      const m = await client.current.send(groupId, v);
      merge([m]);
      return m;
    },
    [groupId, merge],
  );
  const loadOlder = useCallback(async () => {
    if (!groupId) return;
    const first = messages[0];
    const h = await history(groupId, first?.seq);
    merge(h.list);
    setHasMore(h.hasMore);
  }, [groupId, history, merge, messages]);
  const reconnect = useCallback(() => {
    client.current?.drop();
    setTimeout(() => client.current?.connect(), 300);
  }, []);
  return { messages, peerReadSeq, status, closed: closedInitially || closedLive, hasMore, send, loadOlder, reconnect };
}
