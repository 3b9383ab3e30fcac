import { describe, expect, it } from 'vitest';
import { CHAT_SOCKET_PATH } from '@chatdr/contract';
import { SOCKET_OPTIONS } from './socket';

describe('chat socket options', () => {
  it('follow chat-core §7/§9: websocket only, 8 tries, 2 s growing to 10 s, 3 s timeout', () => {
    expect(SOCKET_OPTIONS).toMatchObject({ path: CHAT_SOCKET_PATH, transports: ['websocket'], reconnectionAttempts: 8, reconnectionDelay: 2000, reconnectionDelayMax: 10_000, timeout: 3000 });
  });
});
