import { MSG, SOCKET_CODE } from '@chatdr/contract';
import { annotationsOf, conclusionOf, emergencyOf, frameEventOf, interviewOf, memberNoteOf, mergeRecommend, roleQuestionOf, type ChatMessage, type FrameLike } from './model';
import { hasGap, isFinal } from './message-state';

/**
 * Frames → message state (chat-core §7/§8; docs/CHAT-SOCKET.md). Every frame of a question is
 * applied exactly once and in seq order: a repeat (a resume overlapping what arrived) is dropped,
 * a frame after a gap waits in `pending` until the gap fills.
 */
export function receiveFrame(m: ChatMessage, f: FrameLike): ChatMessage {
  if (f.header.questionId !== m.questionId && f.header.seq !== 0) return m;
  // A finished question takes no more frames (a late resume, or frames after a time-out).
  if (isFinal(m)) return m;
  const seq = f.header.seq;
  // seq 0: a connection-level frame (3000 without a question).
  if (seq === 0) return applyFrame(m, f);
  if (seq <= m.lastSeq || m.pending.some((p) => p.header.seq === seq)) return m;
  if (seq > m.lastSeq + 1) return { ...m, pending: [...m.pending, f].sort((a, b) => a.header.seq - b.header.seq) };
  let next = { ...applyFrame(m, f), lastSeq: seq };
  for (;;) {
    const ahead = next.pending.find((p) => p.header.seq === next.lastSeq + 1);
    if (!ahead) break;
    const rest = next.pending.filter((p) => p !== ahead);
    next = { ...applyFrame({ ...next, pending: rest }, ahead), lastSeq: ahead.header.seq };
    if (isFinal(next)) break;
  }
  return next;
}

export { hasGap, isFinal };

/**
 * contract's FRAME_CODE.cancelled (3008). FRAME_CODE lives beside the frame's zod schemas, which
 * would ride along onto the first screen if imported here; the unit test checks the two agree.
 */
export const CANCELLED_CODE = 3008;
const BUSY: readonly number[] = SOCKET_CODE.busy;
const ANSWER: readonly number[] = SOCKET_CODE.answer;
const ANSWERING: readonly number[] = SOCKET_CODE.statusAnswering;
const COMPLETING: readonly number[] = [SOCKET_CODE.refused, SOCKET_CODE.cannotAnswer];

/** What a header code means for the question (chat-core §8 socket table). */
export type CodeEffect =
  | { kind: 'login' }
  | { kind: 'busy' }
  | { kind: 'fail'; message: string; canResend: boolean }
  | { kind: 'cancelled' }
  | { kind: 'answer' }
  | { kind: 'complete' };

export function codeEffect(code: number, msg: string): CodeEffect {
  if (code === SOCKET_CODE.login) return { kind: 'login' };
  if (BUSY.includes(code)) return { kind: 'busy' };
  if (code === SOCKET_CODE.badFormat) return { kind: 'fail', message: MSG.badInputFormat, canResend: false };
  if (COMPLETING.includes(code)) return { kind: 'complete' };
  if (code === CANCELLED_CODE) return { kind: 'cancelled' };
  if (code === SOCKET_CODE.voiceNotRecognised) return { kind: 'fail', message: MSG.voiceNotRecognised, canResend: false };
  if (code === SOCKET_CODE.photoNotRecognised) return { kind: 'fail', message: msg.trim() || MSG.genericError, canResend: false };
  if (ANSWER.includes(code) || code === SOCKET_CODE.sources || ANSWERING.includes(code)) return { kind: 'answer' };
  return { kind: 'fail', message: msg.trim() || MSG.genericError, canResend: true };
}

function applyPayload(m: ChatMessage, p: FrameLike['payload']): ChatMessage {
  const next: ChatMessage = { ...m };
  if (typeof p.dialInId === 'number') next.dialInId = p.dialInId;
  if (typeof p.sessionId === 'string' && p.sessionId) next.sessionId = p.sessionId;
  if (typeof p.answer === 'string') next.answer = p.answer;
  if (typeof p.text === 'string') next.answer += p.text;
  if (p.deepThink) {
    const prev = next.deepThink;
    const text = p.deepThink.text ? (prev?.text ? `${prev.text}\n${p.deepThink.text}` : p.deepThink.text) : (prev?.text ?? '');
    next.deepThink = { status: p.deepThink.status, text, consumingMs: p.deepThink.consumingMs || prev?.consumingMs || 0 };
  }
  if (p.sources) next.sources = p.sources;
  if (p.annotations) next.annotations = annotationsOf(p.annotations);
  if (p.recommend) next.recommend = mergeRecommend(next.recommend, p.recommend);
  if (p.scene) next.scene = p.scene;
  if (typeof p.triage === 'string' && p.triage) next.triage = p.triage;
  if (typeof p.intent === 'string' && p.intent) next.intent = p.intent;
  if (p.roleQuestion) next.roleQuestion = roleQuestionOf(p.roleQuestion);
  if (p.conclusion) next.conclusion = conclusionOf(p.conclusion);
  if (p.followUps) next.followUps = p.followUps.filter((q) => q.trim() !== '');
  const ev = p.event === undefined ? null : frameEventOf(p.event);
  if (ev?.type === 'interview') next.interview = interviewOf(ev);
  if (ev?.type === 'emergency') next.emergency = emergencyOf(ev);
  if (ev?.type === 'member') next.member = memberNoteOf(ev);
  if (ev?.type === 'report') next.report = { reportId: ev.reportId, status: ev.status };
  return next;
}

function applyFrame(m: ChatMessage, f: FrameLike): ChatMessage {
  const last = f.header.status === 2;
  const effect = codeEffect(f.header.code, f.header.msg);
  let next = applyPayload(m, f.payload);
  next.code = f.header.code;
  switch (effect.kind) {
    case 'login':
      return { ...next, status: -1, loginRequired: true, statusMessage: MSG.notLoggedIn, canResend: true, pending: [] };
    case 'busy':
      return { ...next, status: -1, statusMessage: MSG.busy, canResend: true, pending: [] };
    case 'cancelled':
      return { ...next, status: -1, statusMessage: MSG.cancelled, canResend: true, pending: [] };
    case 'fail':
      return { ...next, status: -1, statusMessage: effect.message, canResend: effect.canResend, pending: [] };
    case 'complete':
    case 'answer':
      if (!last) return { ...next, status: 1 };
      if (!next.answer.trim()) next = { ...next, answer: effect.kind === 'complete' && f.header.msg.trim() ? f.header.msg : MSG.emptyAnswer };
      return { ...next, status: 2, statusMessage: null, canResend: false, pending: [] };
  }
}
