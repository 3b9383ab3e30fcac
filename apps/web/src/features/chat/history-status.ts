import { HISTORY_DONE_CODES, MSG, type ChatDialog, type QuestionStatus } from '@chatdr/contract';
import { annotationsOf, conclusionOf, emergencyOf, interviewOf, isObj, memberNoteOf, mergeRecommend, newMessage, roleQuestionOf, type ChatMessage } from './model';

/**
 * chat-core §4 history mapping: status 2 when the code is 1, 3032, 3033, 3095 or 3096, otherwise
 * -1; an item with no code becomes -1 with 您取消了本次提问。 (A dialog still being answered
 * stays 1.)
 */
export function historyStatus(code: number | null | undefined): { status: 2 | -1; statusMessage: string | null } {
  if (code === null || code === undefined) return { status: -1, statusMessage: MSG.cancelled };
  return HISTORY_DONE_CODES.includes(code) ? { status: 2, statusMessage: null } : { status: -1, statusMessage: null };
}

const extra = (d: ChatDialog, type: string): Record<string, unknown> | null => {
  const v = d.extras[type];
  return isObj(v) ? v : null;
};

/** A stored dialog → a message shown whole (no typewriter). */
export function dialogToMessage(d: ChatDialog): ChatMessage {
  const answering = d.status === 1;
  const mapped = answering ? { status: 1 as QuestionStatus, statusMessage: null } : historyStatus(d.code);
  const skill = d.commandCode && /^[a-z]+$/.test(d.commandCode) ? d.commandCode : null;
  const base = newMessage(d.questionId, d.question, null, d.createTime);
  let recommend = d.recommendDeptName || d.recommendDisName || d.recommendDrgName ? mergeRecommend(null, { department: d.recommendDeptName, disease: d.recommendDisName, drug: d.recommendDrgName }) : null;
  const hospitals = extra(d, 'hospitals');
  if (hospitals) recommend = mergeRecommend(recommend, { hospitals: hospitals.items });
  const doctors = extra(d, 'doctors');
  if (doctors) recommend = mergeRecommend(recommend, { doctors: doctors.items });
  return {
    ...base,
    skill: skill as ChatMessage['skill'],
    status: mapped.status,
    // A refusal (3031/3034) keeps its text as the answer; the status stays -1 as the mapping says.
    statusMessage: mapped.statusMessage ?? (d.answer.trim() ? null : d.statusMessage),
    canResend: mapped.status === -1 && d.canResend,
    dialInId: d.dialInId,
    sessionId: d.sessionId,
    answer: d.answer,
    deepThink: d.deepThinkText ? { status: 2, text: d.deepThinkText, consumingMs: d.deepThinkConsuming ?? 0 } : null,
    sources: d.source,
    annotations: annotationsOf(d.chatAnnotaions),
    recommend,
    scene: d.scene ?? [],
    triage: d.triage,
    roleQuestion: roleQuestionOf(extra(d, 'roleQuestion')),
    member: memberNoteOf(extra(d, 'member')),
    conclusion: conclusionOf(extra(d, 'conclusion')),
    interview: interviewOf(extra(d, 'interview')),
    emergency: emergencyOf(extra(d, 'emergency')),
    followUps: d.followUps,
    code: d.code,
    collectFlag: d.collectFlag,
    verified: d.chatVerifyId && d.verifyStatus ? { chatVerifyId: d.chatVerifyId, doctorName: d.doctorName ?? '' } : null,
    isHistory: true,
    typing: 'complete',
    shown: d.answer.length,
  };
}
