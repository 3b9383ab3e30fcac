/** Test helper: asks one question over a real socket.io connection and collects its frames. */
import { io as connectSocket } from 'socket.io-client';
import { CHAT_SOCKET_PATH, type AnswerFrame } from '@chatdr/contract';

export async function askOverSocket(port: number, token: string, question: Record<string, unknown>, idPrefix = 'q'): Promise<AnswerFrame[]> {
  const socket = connectSocket(`http://127.0.0.1:${port}`, { path: CHAT_SOCKET_PATH, transports: ['websocket'], auth: { token }, query: { deviceType: 'h5' }, reconnection: false, forceNew: true });
  const questionId = `${idPrefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const frames: AnswerFrame[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no answer')), 20_000);
      socket.on('answer', (f: AnswerFrame) => {
        if (f.header.questionId !== questionId) return;
        frames.push(f);
        if (f.header.status === 2) {
          clearTimeout(timer);
          resolve();
        }
      });
      socket.on('connect', () => socket.emit('question', { questionId, inType: 1, reasoning: 0, ...question }));
    });
  } finally {
    socket.close();
  }
  return frames;
}
