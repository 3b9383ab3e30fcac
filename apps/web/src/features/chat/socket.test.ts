import { describe, expect, it, vi } from 'vitest';
import { CHAT_SOCKET_PATH } from '@chatdr/contract';

interface Captured {
  url: string;
  opts: { query?: Record<string, unknown>; auth?: unknown };
}
const captured: Captured[] = [];

vi.mock('socket.io-client', () => ({
  io: (url: string, opts: Captured['opts']) => {
    captured.push({ url, opts });
    const io = { opts, on: () => io, removeAllListeners: () => io };
    const socket = { io, connected: false, active: true, on: () => socket, emit: () => socket, connect: () => socket, disconnect: () => socket, removeAllListeners: () => socket };
    return socket;
  },
}));

const { SOCKET_OPTIONS, connectChat } = await import('./socket');

const handlers = { onFrame: () => undefined, onReconnect: () => undefined, onDisconnect: () => undefined, onGiveUp: () => undefined };

/** What the auth payload sends at a connection attempt. */
const authAt = (auth: unknown): unknown => {
  let sent: unknown;
  if (typeof auth === 'function') (auth as (cb: (d: unknown) => void) => void)((d) => (sent = d));
  else sent = auth;
  return sent;
};

describe('chat socket options', () => {
  it('follow chat-core §7/§9: websocket only, 8 tries, 2 s growing to 10 s, 3 s timeout', () => {
    expect(SOCKET_OPTIONS).toMatchObject({ path: CHAT_SOCKET_PATH, transports: ['websocket'], reconnectionAttempts: 8, reconnectionDelay: 2000, reconnectionDelayMax: 10_000, timeout: 3000 });
  });
});

describe('chat socket handshake', () => {
  it('sends the token in the auth payload, never in the URL query, and reads it again at each attempt', () => {
    let token = 'first-token-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
    const conn = connectChat({ token: () => token, questionId: 'q-1', handlers });
    const c = captured.at(-1);
    expect(c).toBeDefined();
    expect(JSON.stringify(c?.opts.query)).not.toContain(token);
    expect(c?.opts.query).not.toHaveProperty('token');
    expect(c?.opts.query).toMatchObject({ questionId: 'q-1', interactType: 'chat' });
    expect(authAt(c?.opts.auth)).toEqual({ token });
    token = 'rotated-token-bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';
    expect(authAt(c?.opts.auth)).toEqual({ token });
    conn.close();
  });
});
