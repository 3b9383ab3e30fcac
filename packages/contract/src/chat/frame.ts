import { z } from 'zod';
import { AnswerAnnotation, AnswerDoctor, ConclusionPayload, FrameEvent, HospitalRecommendation, RoleQuestionPayload, UnknownEvent } from './events.ts';

/**
 * The chat socket's `answer` frame (chat-core §7 "Socket", §8 socket codes), defined once here for
 * the server and the web. See docs/CHAT-SOCKET.md.
 *
 * Every question's frames are numbered `seq` 1, 2, 3, … ; `status` is 0 on the first frame, 1 on
 * the frames in between and 2 on the last one (exactly one frame has status 2). An accepted
 * question's first frame (seq 1, 3002) leaves before the server touches the database and carries
 * no ids; `dialInId` and `sessionId` ride on the first frame sent once the question's row is
 * written (whatever its code; a 3003 frame of their own when the engine is silent for a while;
 * at the latest the last frame). A refusal decided after seq 1 (e.g. another account's member) is its last frame. A client that
 * reconnects emits `resume { questionId, lastSeq }` and receives the frames after `lastSeq`, each
 * once and in order.
 */

/** Socket path (websocket transport only). */
export const CHAT_SOCKET_PATH = '/api/chatDr-service-socket/socket.io';

/** Event names. */
export const CHAT_EVENT = {
  /** client → server: a question (QuestionEmit). */
  question: 'question',
  /** client → server: stop answering (CancelEmit). */
  cancel: 'cancel',
  /** client → server: replay the frames after lastSeq (ResumeEmit). */
  resume: 'resume',
  /** server → client: AnswerFrame. */
  answer: 'answer',
} as const;

/** Frame header codes the server emits (chat-core §8 socket table). */
export const FRAME_CODE = {
  /** A frame carrying answer text (deltas), and the normal last frame. */
  answer: 1,
  /** Missing or dead token: jump to login; the server disconnects after this frame. */
  login: 3000,
  /** Too many questions being answered at once (CHAT_MAX_CONCURRENT): busy message, resend allowed. */
  busy: 3001,
  /**
   * First frame of an accepted question (seq 1, frame status 0; client: answering). Sent before
   * any database work: no payload. The ids ride on a later frame (see FramePayload.dialInId).
   */
  accepted: 3002,
  /**
   * Progress without answer text (deep think, triage, scene, intent, other engine events): status
   * 1. Also the frame that carries only `dialInId` and `sessionId` when no other frame follows the
   * row's write within the flush interval (an engine still thinking).
   */
  progress: 3003,
  /** The user cancelled (`cancel` emit): last frame, msg 您取消了本次提问。 No break record. */
  cancelled: 3008,
  /** A frame carrying sources. */
  sources: 3010,
  /** Malformed question: 输入格式不正确，请重新输入. */
  badFormat: 3030,
  /** Inappropriate content: completes with a refusal text. */
  refused: 3031,
  /** The assistant cannot answer this question: completes with its text. */
  cannotAnswer: 3034,
  /** Unexpected failure of the engine or the server: busy message, resend allowed. */
  failed: 3099,
} as const;

export const FRAME_STATUS = { first: 0, more: 1, last: 2 } as const;
export type FrameStatus = (typeof FRAME_STATUS)[keyof typeof FRAME_STATUS];

export const FrameHeader = z.object({
  code: z.number().int(),
  msg: z.string(),
  questionId: z.string(),
  /** 1, 2, 3, … per question. 0 only on a connection-level frame without a question (3000). */
  seq: z.number().int().min(0),
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
});
export type FrameHeader = z.infer<typeof FrameHeader>;

export const SourceEntry = z.object({
  index: z.number().int(),
  name: z.string(),
  title: z.string(),
  sourceCode: z.string().optional(),
  sourceName: z.string().optional(),
  fileId: z.string().optional(),
  tag: z.string().optional(),
  url: z.string().optional(),
  label: z.string().optional(),
});
export type SourceEntry = z.infer<typeof SourceEntry>;

/** Recommended department, disease, drug, or (each on its own frame) hospitals or doctors with their scene. */
export const RecommendPayload = z.object({
  department: z.string().optional(),
  disease: z.string().optional(),
  drug: z.string().optional(),
  hospitals: z.array(HospitalRecommendation).optional(),
  doctors: z.array(AnswerDoctor).optional(),
  scene: z.array(z.string()).optional(),
});
export type RecommendPayload = z.infer<typeof RecommendPayload>;

/**
 * `payload.event`: an event without a field of its own (interview, emergency, medicationVerdict,
 * member, report — see FrameEvent in events.ts), or an engine event of a type the contract does
 * not know yet, passed through as it came. A known type with the wrong shape is invalid.
 */
export const PassthroughEvent = z.union([FrameEvent, UnknownEvent]);
export type PassthroughEvent = z.infer<typeof PassthroughEvent>;

/**
 * What a frame carries besides its header. Every field is optional; a frame carries one engine
 * event (plus, once, the ids; on a refusal or the empty answer, `text`).
 */
export const FramePayload = z.object({
  /**
   * The dialog id (dialInId) and the session the question belongs to: once per question, on the
   * first frame sent after its row is written (beside that frame's own fields), and with `answer`
   * on a replay of a stored answer. Read them from whichever frame has them.
   */
  dialInId: z.number().int().optional(),
  sessionId: z.string().optional(),
  /** Answer text delta: the client appends it. */
  text: z.string().optional(),
  /** The whole answer so far, replacing what the client has (a resume whose frame log expired). */
  answer: z.string().optional(),
  /** Deep think (chat-core §4: 0 starting, 1 reasoning, 2 finished). */
  deepThink: z.object({ status: z.union([z.literal(0), z.literal(1), z.literal(2)]), text: z.string(), consumingMs: z.number() }).optional(),
  /** Sources (header code 3010). */
  sources: z.array(SourceEntry).optional(),
  /** Answer annotations (start, end, type, id). */
  annotations: z.array(AnswerAnnotation).optional(),
  /** Recommended department, disease, drug (and, when the engine gives them, hospitals and doctors). */
  recommend: RecommendPayload.optional(),
  /** Three-level scene path, e.g. 诊疗 / 疾病 / 症状自查. */
  scene: z.array(z.string()).optional(),
  /** Triage level. */
  triage: z.string().optional(),
  intent: z.string().optional(),
  /** Which profile to use (role question). */
  roleQuestion: RoleQuestionPayload.optional(),
  /** Conclusion of a consultation. */
  conclusion: ConclusionPayload.optional(),
  /** Recommended follow-up questions. */
  followUps: z.array(z.string()).optional(),
  /** Events without a field above (FrameEvent), or engine events of a new type as the engine sent them. */
  event: PassthroughEvent.optional(),
});
export type FramePayload = z.infer<typeof FramePayload>;

export const AnswerFrame = z.object({ header: FrameHeader, payload: FramePayload });
export type AnswerFrame = z.infer<typeof AnswerFrame>;

/** Whether a frame is the last of its question. */
export const isLastFrame = (f: AnswerFrame) => f.header.status === FRAME_STATUS.last;
