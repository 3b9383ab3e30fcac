import type { SkillCode } from '@chatdr/contract';
import type { ChatMessage } from './model';

/**
 * A message's state that the chat store needs on the first screen, without the frame parsers of
 * model.ts (those validate with the contract's zod schemas, which load with the chat socket and
 * the history: frame-reducer.ts, history-status.ts).
 */

export function newMessage(questionId: string, question: string, skill: SkillCode | null, now: number): ChatMessage {
  return {
    questionId,
    question,
    skill,
    status: -2,
    dialInId: null,
    sessionId: null,
    lastSeq: 0,
    pending: [],
    answer: '',
    deepThink: null,
    sources: [],
    annotations: [],
    recommend: null,
    scene: [],
    triage: null,
    intent: null,
    roleQuestion: null,
    conclusion: null,
    interview: null,
    emergency: null,
    followUps: [],
    code: null,
    statusMessage: null,
    canResend: false,
    loginRequired: false,
    collectFlag: 0,
    isHistory: false,
    typing: 'prepare',
    shown: 0,
    createTime: now,
  };
}

/** The question got its last frame (or failed): status 2 or -1. */
export const isFinal = (m: ChatMessage) => m.status === 2 || m.status === -1;

/** Whether the frames are missing some seq (a resume should be asked for). */
export const hasGap = (m: ChatMessage) => m.pending.length > 0;
