import { z } from 'zod';
import { DB_RANGE } from '../constants.ts';
import { MSG } from '../messages.ts';
import { storable } from '../schemas/common.ts';

/** Longest question text accepted on the socket (longer is refused with 3030). */
export const MAX_QUESTION_CHARS = 5000;

/**
 * Largest `question` emit (its socket.io message, in bytes) the server reads; larger is refused
 * with a 3030 frame (CHAT_MSG.questionTooLarge).
 */
export const MAX_QUESTION_BYTES = 64 * 1024;

/**
 * The socket's message size limit (socket.io maxHttpBufferSize), a little above
 * MAX_QUESTION_BYTES so that a question between the two is read and refused with 3030 instead of
 * the connection being closed. A message above this closes the connection (websocket 1009).
 */
export const SOCKET_MAX_MESSAGE_BYTES = 2 * MAX_QUESTION_BYTES;

const optStr = (max = 200) => z.string().max(max).nullish();
/** Numbers that clients send either as numbers or as numeric strings. */
const int4 = z.number().int().min(-DB_RANGE.int4Max).max(DB_RANGE.int4Max);
const optNum = z.union([int4, z.string().regex(/^-?\d{1,12}$/).transform(Number).pipe(int4)]).nullish();
const memberId = z.number().int().positive().max(DB_RANGE.int4Max);

/**
 * The `question` emit (chat-core §7 "Socket"): every field the client sends. Anything malformed
 * is refused with frame code 3030 (输入格式不正确，请重新输入).
 */
export const QuestionEmit = storable(
    z
    .object({
      questionId: z.string().trim().min(1).max(64).regex(/^[\w-]+$/, MSG.badInputFormat),
      text: z.string().max(MAX_QUESTION_CHARS).nullish(),
      inType: optNum,
      inputMediaId: optStr(),
      relInputMediaId: optStr(),
      inputScene: optStr(),
      instructCode: optStr(50),
      reportId: z.union([z.string().max(64), z.number().int()]).nullish(),
      zdwzFlag: optNum,
      userInfoId: z.union([memberId, z.string().regex(/^\d{1,12}$/).transform(Number).pipe(memberId)]).nullish(),
      annotationNew: z.union([z.number().int(), z.boolean(), z.string().max(10)]).nullish(),
      reasoning: z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]).nullish().transform((v) => (v === undefined || v === null ? undefined : Number(v) as 0 | 1)),
      sceneModule: optStr(),
      continueSessionId: optStr(64),
      indicatorTypeCode: optStr(),
      province: optStr(50),
      city: optStr(50),
      district: optStr(50),
      privacyMode: z.union([z.literal(1), z.literal('1'), z.literal(0), z.literal('0')]).nullish().transform((v) => (v === 1 || v === '1' ? 1 : undefined)),
    })
    .refine((q) => (q.text ?? '').trim().length > 0 || Boolean(q.inputMediaId), { message: MSG.badInputFormat, path: ['text'] }),
);
export type QuestionEmitInput = z.input<typeof QuestionEmit>;
export type QuestionEmit = z.output<typeof QuestionEmit>;

export const CancelEmit = z.object({ questionId: z.string().min(1).max(64) });
export type CancelEmit = z.infer<typeof CancelEmit>;

export const ResumeEmit = z.object({ questionId: z.string().min(1).max(64), lastSeq: z.number().int().min(0) });
export type ResumeEmit = z.infer<typeof ResumeEmit>;

/**
 * Handshake query of the socket (it travels in the URL, which proxies log: never the token).
 */
export const SocketQuery = z.object({
  deviceType: z.string().max(40).optional(),
  interactType: z.string().max(40).optional(),
  spanId: z.string().max(100).optional(),
  traceId: z.string().max(100).optional(),
  questionId: z.string().max(64).optional(),
});
export type SocketQuery = z.infer<typeof SocketQuery>;

/** Handshake `auth` payload of the socket (sent in the websocket's first message, not the URL). */
export const SocketAuth = z.object({
  token: z.string().min(1).max(200),
});
export type SocketAuth = z.infer<typeof SocketAuth>;
