import { io, type Socket } from 'socket.io-client';
import { CHAT_SOCKET_PATH } from '@chatdr/contract';
import { NOTICE_EVENT, type Notice } from '@chatdr/contract/remind/schemas';
import { tokenStorage } from '../../api/token';
import { webClientInfo } from '../../platform/device';

/**
 * The notice connection of an open app: the chat socket's endpoint, no question asked; the server
 * puts it in the account's room and sends live notices (push type user_remind …) on `notice`.
 * Loaded after login only (socket.io is not part of the first screen).
 */
export function connectNotices(onNotice: (n: Notice) => void): () => void {
  const socket: Socket = io('', {
    path: CHAT_SOCKET_PATH,
    transports: ['websocket'],
    reconnection: true,
    reconnectionDelay: 2_000,
    reconnectionDelayMax: 30_000,
    query: { deviceType: webClientInfo().deviceType, interactType: 'notice' },
    auth: (cb: (data: { token: string }) => void) => cb({ token: tokenStorage.read()?.value ?? '' }),
  });
  socket.on(NOTICE_EVENT, (n: Notice) => onNotice(n));
  return () => {
    socket.off(NOTICE_EVENT);
    socket.close();
  };
}
