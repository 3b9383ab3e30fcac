import type { Redis } from 'ioredis';
import type { AnswerFrame } from '@chatdr/contract';

/**
 * Frames of recent questions shared by every instance (Redis), so a client that reconnects to
 * another instance after an answer finished is replayed from it. Written once per question,
 * when it ends (a running question is resumed through the instance answering it).
 */
export interface SharedFrameLog {
  save(questionId: string, frames: readonly AnswerFrame[]): Promise<void>;
  read(questionId: string): Promise<AnswerFrame[]>;
}

/** One JSON value per question (the earlier list-typed `chatdr:frames:` keys expire on their own). */
const key = (questionId: string) => `chatdr:qframes:${questionId}`;

export class RedisFrameLog implements SharedFrameLog {
  constructor(private readonly redis: Redis, private readonly ttlMs: number) {}
  /** All of a finished question's frames, as one value (one command). */
  async save(questionId: string, frames: readonly AnswerFrame[]): Promise<void> {
    if (frames.length === 0) return;
    await this.redis.set(key(questionId), JSON.stringify(frames), 'PX', this.ttlMs);
  }
  async read(questionId: string): Promise<AnswerFrame[]> {
    const raw = await this.redis.get(key(questionId));
    if (!raw) return [];
    const v: unknown = JSON.parse(raw);
    return Array.isArray(v) ? (v as AnswerFrame[]) : [];
  }
}
