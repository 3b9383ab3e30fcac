import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

/** How long, and how many bytes of the unread body, a refused upload's connection lingers. */
export const LINGER_MS = 2000;
export const LINGER_BYTES = 2 * 1024 * 1024;

/**
 * Closes a connection whose request body is still arriving without losing the refusal sent on it.
 *
 * A response with `connection: close` makes Node destroy the socket once the response is written.
 * With the client still sending, unread bytes sit in the server's receive queue, and closing a
 * socket with unread data sends a reset: the client's kernel then drops the refusal it had
 * received but not yet read, and the person sees a broken connection instead of 文件大小不能超20M.
 * This is the lingering close that HTTP servers do (nginx's `lingering_close`): send FIN after the
 * response, read and discard what still arrives, and destroy the socket after `LINGER_BYTES` or
 * `LINGER_MS`, whichever comes first — the rest of an oversize body is never read.
 *
 * Call it before the response is sent, on a response that carries `connection: close`.
 */
export function lingerOnClose(req: IncomingMessage): void {
  // Node ends a `connection: close` response's socket through destroySoon (lib/_http_server.js,
  // resOnFinish); replacing it on this one socket keeps Node's own bookkeeping intact.
  const socket = req.socket as Socket & { destroySoon?: () => void };
  if (typeof socket.destroySoon !== 'function') return;
  socket.destroySoon = () => {
    let seen = 0;
    const done = () => {
      clearTimeout(timer);
      req.off('data', onData);
      socket.destroy();
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > LINGER_BYTES) done();
    };
    const timer = setTimeout(done, LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
    socket.end();
    req.on('data', onData);
    req.resume();
  };
}
