import type { Redis } from 'ioredis';
import type { AnswerFrame } from '@chatdr/contract';

/**
 * Frames of recent questions shared by every instance (Redis), so a client that reconnects to
 * another instance after an answer finished is replayed from it. Written in batches (at each
 * flush of the answer and at its end), never per frame.
 */
export interface SharedFrameLog {
  append(questionId: string, frames: readonly AnswerFrame[]): Promise<void>;
  read(questionId: string): Promise<AnswerFrame[]>;
}

const key = (questionId: string) => `chatdr:frames:${questionId}`;

export class RedisFrameLog implements SharedFrameLog {
  constructor(private readonly redis: Redis, private readonly ttlMs: number) {}
  async append(questionId: string, frames: readonly AnswerFrame[]): Promise<void> {
    if (frames.length === 0) return;
    await this.redis.multi().rpush(key(questionId), ...frames.map((f) => JSON.stringify(f))).pexpire(key(questionId), this.ttlMs).exec();
  }
  async read(questionId: string): Promise<AnswerFrame[]> {
    const rows = await this.redis.lrange(key(questionId), 0, -1);
    return rows.map((r) => JSON.parse(r) as AnswerFrame);
  }
}
