import { MSG } from '../messages.ts';

/**
 * The chat core's user-facing strings (chat-core §4/§5/§8), for the socket and the chat calls.
 * Taken from MSG (verbatim spec strings); nothing here is retyped by the server or the web.
 */
export const CHAT_MSG = {
  /** 3000: missing or dead token (the client jumps to login). */
  notLoggedIn: MSG.notLoggedIn,
  /** 3001 and the other busy codes. */
  busy: MSG.busy,
  /** 3030. */
  badInputFormat: MSG.badInputFormat,
  /** An answer that produced no text. */
  emptyAnswer: MSG.emptyAnswer,
  /** `cancel` emit, and history items without a status code. */
  cancelled: MSG.cancelled,
  /** Unexpected failures. */
  genericError: MSG.genericError,
  /** Text audit refusal (audit/textByBody). */
  sensitiveText: MSG.sensitiveText,
  /** Client sending gate (a question while the previous one is answering). */
  waitPrevious: MSG.waitPrevious,
  /** 3030's text for a question emit over MAX_QUESTION_BYTES (64 KB). */
  questionTooLarge: '问题内容过长（超过 64 KB），请精简后重新发送。',
  /** A share link that does not exist. */
  shareMissing: '分享内容不存在或已失效',
} as const;
export type ChatMsgKey = keyof typeof CHAT_MSG;

/** Follow-up questions offered when an answer brought none (recommendQuestionV2, at most 3). */
export const CHAT_DEFAULT_QUESTIONS: readonly string[] = ['最近有哪些不舒服的症状？', '这种情况需要去医院吗？', '平时生活中需要注意什么？'];

/**
 * The answer line that states which profile was used (结合档案：本人，36岁，男。): the engine writes
 * it on a line of its own, and a shared answer (saveShare → /share) leaves it out, so a stranger
 * with the link never learns the asker's age, sex or conditions (issue 18 point 10).
 */
export const PROFILE_LINE_PREFIX = '结合档案：';

/** An answer as a share shows it: without the profile line(s). */
export function answerForShare(answer: string): string {
  return answer
    .split('\n')
    .filter((line) => !line.trimStart().startsWith(PROFILE_LINE_PREFIX))
    .join('\n')
    .replace(/^\n+/u, '');
}
