import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { CHAT_LIMITS, CHAT_MSG, ERR, HISTORY_DONE_CODES, FRAME_CODE, FRAME_STATUS, QuestionEmit, SOCKET_CODE, toStorableText, type AnswerFrame, type FramePayload, type MemberContext } from '@chatdr/contract';
import { continuedInterview, continuedQuestion, REFUSAL_TEXT, type AnswerDoctor, type AnswerReportItem } from '@chatdr/engine';
import type { Access } from '../../access/access.ts';
import type { AuthContext } from '../../http/context.ts';
import { Batcher } from './batcher.ts';
import type { ChatStore, DialogRow, DialogWrite, OpenDialog } from './chat.store.ts';
import { resolveMember, resolveReportMember, type FamilyMemberRef, type MemberResolution, type ReportPatient } from './member-resolve.ts';
import { builtinEngine, engineInput, historyTurns, HISTORY_DIALOGS, type Engine, type EngineEvent, type PastDialog } from './engine-adapter.ts';
import type { SharedFrameLog } from './frame-log.ts';
import type { QuestionLimits } from './question-limits.ts';
import { edgeEvent, extrasOf, frame } from './frames.ts';

/** A request to the instance answering a question to send its frames to a socket (cluster). */
export interface RemoteResume {
  questionId: string;
  socketId: string;
  lastSeq: number;
  userId: number;
}
export interface RemoteCancel {
  questionId: string;
  socketId: string;
  userId: number;
}

/** How frames reach sockets: this instance's, or another instance's through the adapter. */
export interface Delivery {
  send(socketId: string, f: AnswerFrame): void;
  /** Asks the other instances to resume a question one of them is answering; true if one did. */
  remoteResume(msg: RemoteResume): Promise<boolean>;
  remoteCancel(msg: RemoteCancel): Promise<boolean>;
}

export interface StreamDeps {
  store: ChatStore;
  /** The one access policy (src/access): whether a questionId is the caller's dialog. */
  access: Pick<Access, 'check'>;
  memberContext(auth: AuthContext, userInfoId: number): Promise<MemberContext>;
  /** The account's family members (for deciding whom a question is about); none: the selected member is used as sent. */
  familyMembers?(auth: AuthContext): Promise<FamilyMemberRef[]>;
  auditPass(text: string): boolean;
  maxConcurrent: number;
  /** Per-account and per-IP limits (in flight, per minute); none: only maxConcurrent applies. */
  limits?: QuestionLimits;
  log: FastifyBaseLogger;
  now: () => number;
  /** How long the frames of a finished question stay available for resume (QUALITY: drops up to 2 min). */
  frameTtlMs?: number;
  /** Batch interval of the answer's database writes. */
  flushMs?: number;
  /**
   * Batched statements of the answers' writes in flight at once (default 1: PGlite runs queries
   * on this thread; PostgreSQL can take a few, on its pool).
   */
  writeConcurrency?: number;
  /** Change-bus hook: a user's data changed (drops the member contexts cached for them). */
  onUserChanged?: (fn: (userId: number) => void) => void;
  /** This instance's id in chat_instances (default: a new random one). */
  instanceId?: string;
  /** The answer engine (default: the builtin engine on this thread). */
  engine?: Engine;
  /** The person an uploaded report names (its header), for reading it for the right member (default: none). */
  reportPatient?: (auth: AuthContext, inputMediaId: string) => Promise<ReportPatient | null>;
  /**
   * The lab items of an uploaded report the caller owns, and the durable reading started for it
   * (default: none). Null when the media is not the caller's or not readable.
   */
  reportMedia?: (auth: AuthContext, v: { inputMediaId: string; userInfoId: number | null; questionId: string; privacy: boolean }) => Promise<{ items: AnswerReportItem[]; reportId: string | null; status: number } | null>;
  /** The operator's doctors for 推荐医生 (default: none). */
  doctors?: () => Promise<AnswerDoctor[]>;
}

/** What the engine is given for a question, and what the server says before it (member-resolve.ts). */
interface Opened {
  member: MemberContext | null;
  past: PastDialog[];
  report?: AnswerReportItem[];
  /** Events sent before the engine's: the member the answer uses, or the role question. */
  lead?: EngineEvent[];
  /** The lead is the whole answer (the user is asked whom the question is about first). */
  only?: boolean;
  /** The lead carries the role question; the engine's own is dropped. */
  replaceRoleQuestion?: boolean;
}

/**
 * The person on a report that fits no member, as the engine reads it: the sex and age printed on
 * the report (for the reference ranges), no health records — nobody's profile is guessed.
 */
function reportPersonContext(p: ReportPatient): MemberContext {
  return {
    userInfoId: 0, name: '', roleName: '报告上的人', age: p.age, ageMonths: null, sex: p.sex, heightCm: null, weightKg: null, bmi: null, bmiClass: null,
    diseases: [], allergies: [], medicines: [], surgeries: [], familyHistory: [], pregnant: false, pregnancyWeek: null, lactating: false, smoking: null, drinking: null,
  };
}

async function* withoutRoleQuestion(src: AsyncIterable<EngineEvent>): AsyncIterable<EngineEvent> {
  for await (const ev of src) if (ev.type !== 'roleQuestion') yield ev;
}

/** How long a member's context is reused by the questions of one burst. */
const MEMBER_TTL_MS = 2_000;

/** A running answering heartbeat: a row not written for this long is taken as orphaned. */
export const HEARTBEAT_MS = 10_000;
export const STALE_MS = 30_000;
/** The instance heartbeat (chat_instances): refreshed this often… */
export const INSTANCE_BEAT_MS = 3_000;
/** …and an instance whose heartbeat is older than this is dead: its questions can be resent at once. */
export const INSTANCE_STALE_MS = 10_000;

const ABORT = Symbol('abort');
/** `refused`: a refusal decided after the accept frame (run.refusal), stored as a break record. */
type Outcome = 'done' | 'cancel' | 'shutdown' | 'error' | 'refused' | 'superseded';

/** One question being answered (and, for frameTtlMs after, its frames for resume). */
class Run {
  readonly frames: AnswerFrame[] = [];
  readonly watchers = new Set<string>();
  answer = '';
  deepThink = '';
  extras: Record<string, unknown> = {};
  refusal: { code: number; text: string } | null = null;
  dirty = false;
  /** A progress flush is pending (at most one per answer). */
  flushing = false;
  lastWrite = 0;
  done = false;
  /** Stored status once done: 2 answered, -1 failed or cancelled (a resend starts a new run). */
  finalStatus: 2 | -1 | null = null;
  aborted: Outcome | null = null;
  /** `end` has begun (it waits for the row before the last frame). */
  ending = false;
  writes: Promise<void> = Promise.resolve();
  finished: Promise<void> = Promise.resolve();
  /** The dialog row and session, known once the question is written (0 / '' until then). */
  dialogId = 0;
  sessionId = '';
  /** The write of the question's row (see `persist`): true once the row is this run's. */
  opened: Promise<boolean> = Promise.resolve(false);
  /** The question id already had an answered (or answering) row of the caller's: ends with it. */
  superseded: DialogRow | null = null;
  /**
   * The ids (dialInId, sessionId) once the row is written, until a frame carries them: they ride
   * on the next frame, or go alone when none follows within the flush interval (see `tick`).
   */
  pendingIds: { dialInId: number; sessionId: string; /** performance.now() when written */ at: number } | null = null;
  /** Ends the engine step being awaited (see `step`) when the run is aborted. */
  private wake: ((v: typeof ABORT) => void) | null = null;
  constructor(
    readonly questionId: string,
    readonly userId: number,
    /** The asker's address: its in-flight slot is given back when the run ends. */
    readonly ip: string | null = null,
  ) {}
  /**
   * The engine's next event, or ABORT as soon as the run is aborted (a cancel during a model's
   * silence ends at once). One waiter at a time — unlike racing a long-lived abort promise,
   * which keeps a reaction per event until the run is forgotten.
   */
  step<T>(next: Promise<T>): Promise<T | typeof ABORT> {
    return new Promise<T | typeof ABORT>((resolve, reject) => {
      if (this.aborted) return resolve(ABORT);
      this.wake = resolve;
      next.then(
        (v) => {
          this.wake = null;
          resolve(v);
        },
        (err: unknown) => {
          this.wake = null;
          reject(err instanceof Error ? err : new Error(String(err)));
        },
      );
    });
  }
  abort(why: Outcome): void {
    if (this.done || this.aborted) return;
    this.aborted = why;
    const wake = this.wake;
    this.wake = null;
    wake?.(ABORT);
  }
}

const questionIdOf = (raw: unknown): string => {
  const v = typeof raw === 'object' && raw !== null ? (raw as { questionId?: unknown }).questionId : undefined;
  return typeof v === 'string' && /^[\w-]{1,64}$/.test(v) ? v : '';
};
const textOf = (raw: unknown): string => {
  const v = typeof raw === 'object' && raw !== null ? (raw as { text?: unknown }).text : undefined;
  // Kept in the break record of a refused question: what the database cannot store is replaced.
  return typeof v === 'string' ? toStorableText(v.slice(0, 5000)) : '';
};
/** Whether a (possibly malformed) question asked for incognito: its break record stays hidden too. */
const privacyOf = (raw: unknown): boolean => {
  const v = typeof raw === 'object' && raw !== null ? (raw as { privacyMode?: unknown }).privacyMode : undefined;
  return v === 1 || v === '1';
};
/** The last frame of a question from its stored row: the answer it holds, and how it ended. */
function storedEnding(row: DialogRow): { code: number; msg: string; payload: FramePayload } {
  const code = row.status === 1 ? FRAME_CODE.failed : (row.code ?? FRAME_CODE.cancelled);
  const msg = row.status === 1 ? CHAT_MSG.busy : (row.msg ?? (row.code === null ? CHAT_MSG.cancelled : ERR.ok.msg));
  return { code, msg, payload: { answer: row.answer, dialInId: row.id, sessionId: row.sessionId } };
}
const isRefusalCode = (c: number): boolean => c === FRAME_CODE.badFormat || c === FRAME_CODE.refused || c === FRAME_CODE.cannotAnswer;
const savesBreakRecord = (code: number) => !(SOCKET_CODE.noBreakRecord as readonly number[]).includes(code);

/** An engine whose costliest step per answer stays under this (moving average) starts at once. */
const CHEAP_STEP_MS = 0.5;
/** Phases of the flush interval the streaming answers are spread over. */
const FLUSH_SLICES = 8;
/** Progress writes of streaming answers per second and instance before each is written less often. */
const ROW_WRITES_PER_S = 1000;

/**
 * The chat socket's question lifecycle, independent of socket.io: validation, the concurrency
 * limit, sessions, the engine loop, frames with sequence numbers, batched persistence as the
 * answer streams, cancel and resume (every frame once, in order).
 */
export class ChatStreams {
  /** The answer engine (from the deps; tests replace it with a paced fake). */
  engine: Engine;
  private readonly reportPatient: NonNullable<StreamDeps['reportPatient']>;
  private readonly reportMedia: NonNullable<StreamDeps['reportMedia']>;
  private readonly doctors: NonNullable<StreamDeps['doctors']>;
  private doctorCache: { at: number; list: Promise<AnswerDoctor[]> } | null = null;

  /** The doctor list, read at most once a minute (it changes only through the admin CLI). */
  private doctorList(): Promise<AnswerDoctor[]> {
    const now = this.deps.now();
    if (!this.doctorCache || now - this.doctorCache.at > 60_000) {
      this.doctorCache = { at: now, list: this.doctors().catch(() => []) };
    }
    return this.doctorCache.list;
  }
  private readonly runs = new Map<string, Run>();
  private readonly bySocket = new Map<string, Set<string>>();
  private active = 0;
  private closing = false;
  private delivery: Delivery | null = null;
  private sharedLog: SharedFrameLog | null = null;
  private readonly frameTtlMs: number;
  private readonly flushMs: number;
  /** This instance in chat_instances: the owner of the questions it answers. */
  readonly instanceId: string;
  private beater: NodeJS.Timeout | null = null;
  /** Questions opened together: one statement per batch (dialogs and sessions). */
  private readonly opens: Batcher<OpenDialog, number | null>;
  /** Streaming answers' progress writes: one statement per batch. */
  private readonly writes: Batcher<DialogWrite, null>;
  /** Final writes, apart from progress so that a last frame never waits behind a flush. */
  private readonly finals: Batcher<DialogWrite, null>;
  /** Answers streaming (dialog row written, not finished): flushed together every flushMs. */
  private readonly streaming = new Set<Run>();
  private flusher: NodeJS.Timeout | null = null;
  private flushPhase = 0;
  /** Answers waiting for their turn to start the engine (see `turn`). */
  private readonly turns: Array<() => void> = [];
  private turnScheduled = false;
  /** The check phase the questions accepted in this turn start their answers in (`afterReads`). */
  private readsDone: Promise<void> | null = null;
  /**
   * The engine's costliest step per answer (ms of synchronous work, moving average), taken as
   * CPU-heavy until answers show otherwise.
   */
  private stepCostMs = 2 * CHEAP_STEP_MS;
  /** Final writes of answers whose last frame has gone out, by user (see `settled`). */
  private readonly unsettled = new Map<number, Set<Promise<void>>>();
  /** Member contexts of the current burst, by user and member. */
  private readonly members = new Map<string, { at: number; userId: number; p: Promise<MemberContext | null> }>();

  constructor(private readonly deps: StreamDeps) {
    this.engine = deps.engine ?? builtinEngine;
    this.reportPatient = deps.reportPatient ?? (() => Promise.resolve(null));
    this.reportMedia = deps.reportMedia ?? (() => Promise.resolve(null));
    this.doctors = deps.doctors ?? (() => Promise.resolve([]));
    this.frameTtlMs = deps.frameTtlMs ?? 180_000;
    this.instanceId = deps.instanceId ?? randomUUID();
    this.flushMs = deps.flushMs ?? 200;
    const k = deps.writeConcurrency ?? 1;
    this.opens = new Batcher(async (items) => {
      const ids = await deps.store.openDialogs(items);
      return items.map((i) => ids.get(i.questionId) ?? null);
    }, 64, k);
    const write = async (items: DialogWrite[]) => {
      await deps.store.writeDialogs(items, this.instanceId);
      return items.map(() => null);
    };
    this.writes = new Batcher(write, 64, k);
    this.finals = new Batcher(write, 64, k);
    deps.onUserChanged?.((userId) => {
      for (const [k, v] of this.members) if (v.userId === userId) this.members.delete(k);
    });
  }

  /** Connects the socket layer (and the shared frame log when clustered). */
  bind(delivery: Delivery, sharedLog: SharedFrameLog | null): void {
    this.delivery = delivery;
    this.sharedLog = sharedLog;
  }

  /** Questions being answered by this instance now. */
  get activeCount(): number {
    return this.active;
  }

  private send(socketId: string, f: AnswerFrame): void {
    this.delivery?.send(socketId, f);
  }

  /** A one-frame answer (refusal, busy, bad input): seq 1, status 2. */
  private single(socketId: string, questionId: string, code: number, msg: string, payload: FramePayload = {}, seq = 1): void {
    this.send(socketId, frame(questionId, seq, FRAME_STATUS.last, code, payload, msg));
  }

  /** Saves a break record: a failed question (status -1) the user can see and resend. */
  async saveBreak(auth: AuthContext, v: { questionId: string; question: string; sessionId?: string | null | undefined; privacy?: boolean; answer?: string | undefined; code: number | null; msg: string | null; inType?: number | null | undefined; clientSaved?: boolean }): Promise<void> {
    // Only the server writes AI answer text. A record the client saves (breakChatDialSave) is an
    // interruption: a success code from it is dropped (shown as interrupted, never as an answer).
    const clientSaved = v.clientSaved === true;
    const code = clientSaved && v.code !== null && HISTORY_DONE_CODES.includes(v.code) ? null : v.code;
    const existing = await this.deps.store.dialogByQuestion(v.questionId);
    if (existing) {
      // Only a failed dialog takes a break record: an answered or answering one is left alone.
      if (existing.status !== -1 || this.runs.get(v.questionId)?.done === false || !(await this.ownsQuestion(auth, v.questionId))) return;
      // The server's dialog keeps the text the server wrote; the client only marks it broken.
      await this.deps.store.finish(existing.id, { answer: clientSaved ? existing.answer : (v.answer ?? existing.answer), deepThink: existing.deepThink, extras: existing.extras, status: -1, code, msg: v.msg, broken: true });
      return;
    }
    // The session it belongs to: the one named if it is the caller's and of the same mode; else
    // the last visible one, or a new one (an incognito question never lands in a visible session).
    const privacy = v.privacy === true;
    const named = v.sessionId ? await this.deps.store.session(auth.userId, v.sessionId) : undefined;
    let sessionId = named && named.privacy === privacy ? named.id : privacy ? undefined : (await this.deps.store.lastSession(auth.userId))?.id;
    if (!sessionId) {
      sessionId = randomUUID();
      await this.deps.store.insertSession({ id: sessionId, userId: auth.userId, deviceType: null, privacy });
    }
    await this.deps.store.insertDialog({ questionId: v.questionId, userId: auth.userId, sessionId, privacy, question: v.question, answer: v.answer ?? '', status: -1, code, msg: v.msg, broken: true, clientSaved, inType: v.inType ?? null }).catch(() => undefined);
    await this.deps.store.touchSession(sessionId, new Date(this.deps.now()));
  }

  /** A refusal before answering: one frame, and a break record unless the code is exempt. */
  private async refuse(socketId: string, auth: AuthContext, questionId: string, question: string, code: number, msg: string, text: string, q?: Partial<Pick<QuestionEmit, 'continueSessionId' | 'privacyMode' | 'inType'>>): Promise<void> {
    // Written before the frame goes out: what the client sees is already stored.
    if (questionId && question && savesBreakRecord(code)) {
      await this.saveBreak(auth, { questionId, question, answer: text, code, msg, sessionId: q?.continueSessionId, privacy: q?.privacyMode === 1, inType: q?.inType }).catch((err: unknown) => this.deps.log.warn({ err }, 'chat break record failed'));
    }
    this.single(socketId, questionId, code, msg, { text });
  }

  /**
   * The `question` emit. Everything decided from memory (validation, attach, the concurrency
   * limit, the text filter) answers at once; an accepted question gets its first frame (3002)
   * before any database work, then `open` writes it and the ids follow in a 3003 frame.
   */
  async question(socketId: string, auth: AuthContext, raw: unknown, deviceType: string | null, ip: string | null = null): Promise<void> {
    const parsed = QuestionEmit.safeParse(raw);
    if (!parsed.success) {
      await this.refuse(socketId, auth, questionIdOf(raw), textOf(raw), FRAME_CODE.badFormat, CHAT_MSG.badInputFormat, CHAT_MSG.badInputFormat, privacyOf(raw) ? { privacyMode: 1 } : {});
      return;
    }
    const q = parsed.data;
    // One account (or address) asking too often is busy for itself only (CHAT_*_PER_MINUTE).
    const { limits } = this.deps;
    if (limits && !(await limits.withinPerMinute(auth.userId, ip))) {
      this.single(socketId, q.questionId, FRAME_CODE.busy, CHAT_MSG.busy);
      return;
    }
    // Already running (or answered) here: the client asks again, e.g. after a reconnect: attach
    // from the start. A failed or cancelled one is a resend and starts again.
    const local = this.runs.get(q.questionId);
    if (local && local.userId !== auth.userId) {
      this.single(socketId, q.questionId, FRAME_CODE.badFormat, CHAT_MSG.badInputFormat, { text: CHAT_MSG.badInputFormat });
      return;
    }
    if (local && (!local.done || local.finalStatus === 2)) return this.resume(socketId, auth, q.questionId, 0);
    if (this.closing || this.active >= this.deps.maxConcurrent) {
      this.single(socketId, q.questionId, FRAME_CODE.busy, CHAT_MSG.busy);
      return;
    }
    const text = (q.text ?? '').trim();
    if (text && !this.deps.auditPass(text)) {
      await this.refuse(socketId, auth, q.questionId, text, FRAME_CODE.refused, REFUSAL_TEXT[3031], REFUSAL_TEXT[3031], q);
      return;
    }
    // One account (or address) cannot hold more than its share of the answers (CHAT_*_MAX_IN_FLIGHT).
    if (limits && !limits.acquire(auth.userId, ip)) {
      this.single(socketId, q.questionId, FRAME_CODE.busy, CHAT_MSG.busy);
      return;
    }
    // Accepted: the slot, the run and the first frame, all before any await (the limit holds
    // under a burst; a resume or a second emit of the same id attaches to this run).
    this.active++;
    const run = new Run(q.questionId, auth.userId, ip);
    this.runs.set(q.questionId, run);
    this.watch(run, socketId);
    this.push(run, FRAME_CODE.accepted, FRAME_STATUS.first, {});
    run.finished = this.afterReads().then(() => this.answer(run, auth, q, deviceType));
  }

  /**
   * Resolves once the sockets' reads of this turn of the event loop are handled (the check
   * phase), one timer for all the questions they carried. Each accepted question's 3002 frame has
   * gone out by then: under a burst every accept frame leaves before any answer starts, instead
   * of each waiting behind the answers begun ahead of it. Costs no latency when idle.
   */
  private afterReads(): Promise<void> {
    if (!this.readsDone) {
      this.readsDone = new Promise((resolve) => {
        setImmediate(() => {
          this.readsDone = null;
          resolve();
        });
      });
    }
    return this.readsDone;
  }

  /**
   * Resolves on a later turn of the event loop, one waiter per turn. The builtin engine computes
   * an answer in one go (milliseconds of CPU, no I/O): starting a burst of them back to back
   * would hold incoming questions' accept frames and other answers' frames behind all of it.
   * One start per turn lets the sockets' I/O in between. Engines whose steps cost little CPU
   * (a model's stream) need no turn (see `stepCostMs`).
   */
  private turn(): Promise<void> {
    return new Promise((resolve) => {
      this.turns.push(resolve);
      this.kickTurns();
    });
  }
  private kickTurns(): void {
    if (this.turnScheduled || this.turns.length === 0) return;
    this.turnScheduled = true;
    setImmediate(() => {
      this.turnScheduled = false;
      this.turns.shift()?.();
      this.kickTurns();
    });
  }

  /** A member's context, shared by the questions of a burst; null when not the caller's. */
  private member(auth: AuthContext, userInfoId: number): Promise<MemberContext | null> {
    const key = `${auth.userId}:${userInfoId}`;
    const now = this.deps.now();
    const hit = this.members.get(key);
    if (hit && now - hit.at >= 0 && now - hit.at < MEMBER_TTL_MS) return hit.p;
    // Only the caller's own members: another account's id is refused like malformed input.
    const p = this.deps.memberContext(auth, userInfoId).catch(() => null);
    if (this.members.size >= 10_000) this.members.clear();
    this.members.set(key, { at: now, userId: auth.userId, p });
    return p;
  }

  /**
   * Gathers the engine's context (session, member, earlier turns, report items) and starts the
   * write of the question (`persist`) without waiting for it: the engine does not wait for the
   * database. Null when the question ends here (refused: last frame sent).
   */
  private async open(run: Run, auth: AuthContext, q: QuestionEmit, deviceType: string | null): Promise<Opened | null> {
    const { store } = this.deps;
    const memberP = q.userInfoId ? this.member(auth, q.userInfoId) : Promise.resolve(null);
    const session = await this.sessionFor(auth, q, deviceType);
    // Earlier turns only exist in a continued session.
    const pastP: Promise<PastDialog[]> = session.hasPast ? store.recentTurns(auth.userId, session.id, Number.MAX_SAFE_INTEGER, HISTORY_DIALOGS) : Promise.resolve([]);
    pastP.catch(() => undefined);
    const member = await memberP;
    run.opened = this.persist(run, auth, q, deviceType, session);
    if (q.userInfoId && !member) {
      // Another account's member: refused like malformed input; the row becomes its break record.
      run.refusal = { code: FRAME_CODE.badFormat, text: CHAT_MSG.badInputFormat };
      await this.end(run, 'refused');
      return null;
    }
    const past = await pastP;
    const whom = await this.whom(auth, q, member, past);
    if (whom) return { ...whom, past };
    // A question about an uploaded report (inputMediaId): the items read from it go to the engine,
    // and the durable report reading (folder, indicators, stepped statuses) starts beside it.
    if (q.inputMediaId) {
      // Read for the person on the report: the member it fits, or the report's own sex and age.
      const person = await this.reportPerson(auth, q, member).catch(() => null);
      const userInfoId = person ? person.userInfoId : (q.userInfoId ?? null);
      const media = await this.reportMedia(auth, { inputMediaId: q.inputMediaId, userInfoId, questionId: q.questionId, privacy: q.privacyMode === 1 }).catch(() => null);
      if (media) {
        if (media.reportId !== null) this.push(run, FRAME_CODE.progress, FRAME_STATUS.more, { event: { type: 'report', reportId: media.reportId, status: media.status } });
        return person ? { member: person.member, past, report: media.items, lead: person.lead } : { member, past, report: media.items };
      }
    }
    return { member, past };
  }

  /**
   * Whom the question is about, decided before the engine answers (member-resolve.ts): the member
   * the text names replaces the selected one (and the answer says so first), several fitting
   * members are asked about when the answer depends on it, a relative the family lacks is offered
   * to be added. Null: the selected member, as sent. Report questions keep the report's own flow.
   */
  private async whom(auth: AuthContext, q: QuestionEmit, selected: MemberContext | null, past: readonly PastDialog[]): Promise<Omit<Opened, 'past'> | null> {
    const raw = (q.text ?? '').trim();
    // A reply that continues the previous turn (a self-check answer, 有没有皮疹？ after 孩子发烧) is
    // about whom that turn was: resolved on what it continues, asked or offered only once.
    const turns = past.length > 0 && raw ? historyTurns(past) : [];
    const interview = turns.length > 0 ? continuedInterview(turns, raw) : null;
    const text = interview ? interview.narrative : turns.length > 0 ? (continuedQuestion(turns, raw)?.question ?? raw) : raw;
    const continued = text !== raw;
    if (!this.deps.familyMembers || !text || q.inputMediaId) return null;
    const members = await this.deps.familyMembers(auth).catch(() => null);
    if (!members) return null;
    const r: MemberResolution = resolveMember(text, q.userInfoId ?? null, members);
    switch (r.kind) {
      case 'keep':
        return null;
      case 'use': {
        const member = r.member.id === selected?.userInfoId ? selected : await this.member(auth, r.member.id);
        if (!member) return null;
        return { member, lead: [{ type: 'member', userInfoId: r.member.id, roleName: r.member.roleName, name: r.member.name, text: r.note }] };
      }
      case 'ask':
        if (continued) return { member: null };
        return {
          member: null,
          only: true,
          lead: [
            { type: 'roleQuestion', roleStatus: -1, who: r.who, text: r.text, candidates: r.candidates.map((m) => ({ userInfoId: m.id, roleName: m.roleName, name: m.name })) },
            { type: 'text', delta: `${r.text}\n` },
          ],
        };
      case 'ambiguous':
        return { member: null };
      case 'missing':
        // Offered once, on the question that named the relative; the rest of the flow goes on.
        if (continued) return { member: null, replaceRoleQuestion: true };
        return { member: null, replaceRoleQuestion: true, lead: [{ type: 'roleQuestion', roleStatus: -1, who: r.who, text: r.text, add: { roleCode: r.roleCode, roleName: r.roleName } }] };
    }
  }

  /**
   * Whom a report is read for (member-resolve.ts: resolveReportMember): null keeps the selected
   * member; otherwise the member the report's sex and age fit (with the note), or the report's own
   * sex and age with the question whose report it is (and no member's folder: userInfoId null).
   */
  private async reportPerson(auth: AuthContext, q: QuestionEmit, selected: MemberContext | null): Promise<{ member: MemberContext | null; userInfoId: number | null; lead: EngineEvent[] } | null> {
    if (!q.inputMediaId || !this.deps.familyMembers) return null;
    const [patient, members] = await Promise.all([this.reportPatient(auth, q.inputMediaId), this.deps.familyMembers(auth)]);
    const r = resolveReportMember(patient, q.userInfoId ?? null, members);
    if (r.kind === 'keep' || !patient) return null;
    if (r.kind === 'use') {
      const member = r.member.id === selected?.userInfoId ? selected : await this.member(auth, r.member.id);
      if (!member) return null;
      return { member, userInfoId: r.member.id, lead: [{ type: 'member', userInfoId: r.member.id, roleName: r.member.roleName, name: r.member.name, text: r.note }] };
    }
    return {
      member: reportPersonContext(patient),
      userInfoId: null,
      lead: [{ type: 'roleQuestion', roleStatus: -3, who: 'other', text: r.text, candidates: r.candidates.map((m) => ({ userInfoId: m.id, roleName: m.roleName, name: m.name })), add: { roleCode: null, roleName: '成员' } }],
    };
  }

  /**
   * Writes the question's row (and a new session) — batched with the questions accepted at the
   * same time — and hands its ids (dialInId, sessionId) to the next frame once it is written
   * (`withIds`; at the latest the last frame: `end` waits for the write). The id may already
   * have a row: another account's (refused), a failed one of the caller's (a resend: answered
   * again on the same row), or an answered or answering one (the run ends with what that row
   * holds). True when the row is this run's.
   */
  private async persist(run: Run, auth: AuthContext, q: QuestionEmit, deviceType: string | null, session: { id: string; isNew: boolean }): Promise<boolean> {
    try {
      return await this.writeQuestion(run, auth, q, deviceType, session);
    } catch (err) {
      // Not written: the answer stops and ends failed (resendable).
      this.deps.log.error({ err }, 'chat question failed to open');
      run.abort('error');
      return false;
    }
  }

  private async writeQuestion(run: Run, auth: AuthContext, q: QuestionEmit, deviceType: string | null, session: { id: string; isNew: boolean }): Promise<boolean> {
    const { store } = this.deps;
    const now = new Date(this.deps.now());
    const privacy = q.privacyMode === 1;
    const input: Record<string, unknown> = {};
    for (const k of ['inputMediaId', 'relInputMediaId', 'inputScene', 'reportId', 'zdwzFlag', 'annotationNew', 'sceneModule', 'indicatorTypeCode', 'province', 'city', 'district'] as const) {
      if (q[k] !== undefined && q[k] !== null) input[k] = q[k];
    }
    if (deviceType) input.deviceType = deviceType;
    if (q.reasoning !== undefined) input.reasoning = q.reasoning;
    const fields = { privacy, question: (q.text ?? '').trim(), inType: q.inType ?? null, instructCode: q.instructCode ?? null, userInfoId: q.userInfoId ?? null, input, createdAt: now, owner: this.instanceId };
    let id = await this.opens.push({ questionId: q.questionId, userId: auth.userId, sessionId: session.id, newSession: session.isNew, deviceType, ...fields });
    if (id === null) {
      // The row may be an answer of this caller's that ended here a moment ago: its final write first.
      await this.settled(auth.userId);
      const existing = await store.dialogByQuestion(q.questionId);
      if (!existing || !(await this.ownsQuestion(auth, q.questionId))) {
        run.refusal = { code: FRAME_CODE.badFormat, text: CHAT_MSG.badInputFormat };
        run.abort(existing ? 'refused' : 'error');
        return false;
      }
      // Failed or cancelled: a resend, answered again on the same row. Still answering on an
      // instance that stopped heartbeating (killed): taken over at once, the same way.
      const orphan = existing.status === 1 && existing.owner !== null && existing.owner !== this.instanceId;
      const row = existing.status === -1
        ? await store.restartDialog(existing.id, { sessionId: session.id, ...fields })
        : orphan && existing.owner !== null ? await store.takeOverDialog(existing.id, existing.owner, INSTANCE_STALE_MS, { sessionId: session.id, ...fields }) : undefined;
      if (!row) {
        if (existing.status === -1) throw new Error('restart of a failed dialog found no row');
        // Answered, or answering on a live instance: the run ends with what the row holds.
        run.superseded = existing;
        run.abort('superseded');
        return false;
      }
      if (session.isNew) await store.insertSession({ id: session.id, userId: auth.userId, deviceType, privacy });
      await store.touchSession(session.id, now);
      id = row.id;
    }
    run.dialogId = id;
    run.sessionId = session.id;
    run.lastWrite = this.deps.now();
    // A refused question (another account's member) gets no ids: its row is a break record.
    // The ids ride on the next frame (no frame of their own under load); `tick` sends them alone
    // when the engine is silent for a flush interval.
    if (!run.done && !run.refusal) run.pendingIds = { dialInId: id, sessionId: session.id, at: performance.now() };
    return true;
  }

  /**
   * The session a question goes to: the one it continues if the caller's, of the same mode and
   * still open (8 h); a session id the client made (getUUID) that nobody has; else a new one
   * (created with the dialog, in the same statement).
   */
  private async sessionFor(auth: AuthContext, q: QuestionEmit, deviceType: string | null): Promise<{ id: string; isNew: boolean; hasPast: boolean }> {
    const { store } = this.deps;
    const privacy = q.privacyMode === 1;
    const wanted = q.continueSessionId?.trim();
    if (wanted) {
      const s = await store.session(auth.userId, wanted);
      const fresh = (at: Date | null) => at === null || this.deps.now() - at.getTime() < CHAT_LIMITS.sessionTimeoutMs;
      if (s && s.privacy === privacy && fresh(s.lastAt)) return { id: s.id, isNew: false, hasPast: s.lastAt !== null };
      if (!s && /^[\w-]{8,64}$/.test(wanted) && (await store.claimSession({ id: wanted, userId: auth.userId, deviceType, privacy }))) return { id: wanted, isNew: false, hasPast: false };
    }
    return { id: randomUUID(), isNew: true, hasPast: false };
  }

  private watch(run: Run, socketId: string): void {
    run.watchers.add(socketId);
    let set = this.bySocket.get(socketId);
    if (!set) this.bySocket.set(socketId, (set = new Set()));
    set.add(run.questionId);
  }

  /** Appends a frame to the question's log and sends it to every watcher (with the ids, if pending). */
  private push(run: Run, code: number, status: 0 | 1 | 2, payload: FramePayload, msg: string = ERR.ok.msg): void {
    const f = frame(run.questionId, run.frames.length + 1, status, code, this.withIds(run, payload), msg);
    run.frames.push(f);
    for (const sid of run.watchers) this.send(sid, f);
  }

  /** The payload with the pending ids added (once): the frame that carries them to the client. */
  private withIds(run: Run, payload: FramePayload): FramePayload {
    const ids = run.pendingIds;
    if (!ids) return payload;
    run.pendingIds = null;
    return { ...payload, dialInId: ids.dialInId, sessionId: ids.sessionId };
  }

  /** The engine loop. Never throws: every ending is persisted and sent. */
  private async answer(run: Run, auth: AuthContext, q: QuestionEmit, deviceType: string | null): Promise<void> {
    let outcome: Outcome;
    try {
      const ready = await this.open(run, auth, q, deviceType);
      if (!ready) return;
      this.streaming.add(run);
      this.startFlusher();
      const doctors = await this.doctorList();
      // An engine whose steps cost little CPU (a model's stream) starts at once, its first frame
      // right behind the accept frame; a CPU-heavy one (the builtin) waits for its turn.
      if (this.stepCostMs >= CHEAP_STEP_MS) await this.turn();
      // Each step runs the engine synchronously up to its next await: its cost to this thread.
      let t0 = performance.now();
      for (const ev of ready.lead ?? []) this.onEvent(run, ev);
      const engine: Engine = ready.only ? async function* () { yield { type: 'done' }; } : this.engine;
      const dropRole = ready.replaceRoleQuestion === true;
      const source = engine(engineInput(q, { ...ready, doctors }));
      const it = (dropRole ? withoutRoleQuestion(source) : source)[Symbol.asyncIterator]();
      let next = it.next();
      let maxStep = performance.now() - t0;
      for (;;) {
        if (run.aborted) {
          // The step still pending is abandoned: a failure it ends with later (a pool closing) is not ours to report.
          next.catch(() => undefined);
          void Promise.resolve(it.return?.()).catch(() => undefined);
          break;
        }
        const r: IteratorResult<EngineEvent> | typeof ABORT = await run.step(next);
        if (r === ABORT) {
          next.catch(() => undefined);
          void Promise.resolve(it.return?.()).catch(() => undefined);
          break;
        }
        if (r.done) break;
        this.onEvent(run, r.value);
        if (r.value.type === 'done') break;
        t0 = performance.now();
        next = it.next();
        maxStep = Math.max(maxStep, performance.now() - t0);
      }
      this.stepCostMs = 0.8 * this.stepCostMs + 0.2 * maxStep;
      outcome = run.aborted ?? 'done';
    } catch (err) {
      outcome = run.aborted ?? 'error';
      if (!run.aborted) this.deps.log.error({ err }, run.dialogId ? 'chat engine failed' : 'chat question failed to open');
    }
    await this.end(run, outcome);
  }

  private onEvent(run: Run, ev: EngineEvent): void {
    if (ev.type === 'done') return;
    if (ev.type === 'text') {
      const delta = typeof ev.delta === 'string' ? ev.delta : '';
      if (!delta) return;
      run.answer += delta;
      run.dirty = true;
      this.push(run, FRAME_CODE.answer, FRAME_STATUS.more, { text: delta });
      return;
    }
    if (ev.type === 'refusal') {
      const code = typeof ev.code === 'number' ? ev.code : FRAME_CODE.cannotAnswer;
      run.refusal = { code, text: typeof ev.text === 'string' ? ev.text : CHAT_MSG.badInputFormat };
      return;
    }
    if (ev.type === 'deepThink' && typeof ev.text === 'string' && ev.text) run.deepThink += (run.deepThink ? '\n' : '') + ev.text;
    const m = edgeEvent(ev);
    if (!m) {
      // A known event type with the wrong shape (contract ChatEvent): not sent, not kept.
      this.deps.log.warn({ type: ev.type }, 'chat engine event with the wrong shape dropped');
      return;
    }
    const kept = extrasOf(ev);
    if (kept) run.extras[kept[0]] = kept[1];
    run.dirty = true;
    this.push(run, m.code, FRAME_STATUS.more, m.payload);
  }

  /**
   * One timer for every streaming answer: their flushes are pushed in the same turn, so they go
   * to the database together (one statement per batch), not one query per answer and tick.
   */
  private startFlusher(): void {
    if (this.flusher) return;
    const tickMs = Math.max(1, Math.round(this.flushMs / FLUSH_SLICES));
    this.flusher = setInterval(() => {
      if (this.streaming.size === 0) {
        if (this.flusher) clearInterval(this.flusher);
        this.flusher = null;
        return;
      }
      // Each answer is flushed every flushMs, but the answers are spread over FLUSH_SLICES
      // phases of that interval: a thousand answers' writes in one turn would hold every
      // socket's frames back for tens of milliseconds. Past ROW_WRITES_PER_S the phases grow,
      // so each answer is written less often (every second with 1,000 streaming) and the
      // database's load stays bounded however many answers stream.
      const phases = Math.max(FLUSH_SLICES, Math.ceil(this.streaming.size / Math.max(1, (ROW_WRITES_PER_S * tickMs) / 1000)));
      this.flushPhase = (this.flushPhase + 1) % phases;
      let i = 0;
      for (const run of this.streaming) if (i++ % phases === this.flushPhase) this.tick(run);
    }, tickMs);
    this.flusher.unref();
  }

  /** The 200 ms batch: the accumulated answer to the database. */
  private tick(run: Run): void {
    // Not written yet: its progress waits for the row.
    if (run.dialogId === 0) return;
    // The engine has been silent since the row was written: the ids go in a frame of their own.
    if (run.pendingIds && performance.now() - run.pendingIds.at >= this.flushMs) this.push(run, FRAME_CODE.progress, FRAME_STATUS.more, {});
    // One flush at a time per answer: when the database is slower than flushMs (a burst on
    // PGlite), the next flush takes the latest state instead of queueing stale ones, and the
    // final write waits for at most one.
    if (run.flushing) return;
    const due = run.dirty || this.deps.now() - run.lastWrite >= HEARTBEAT_MS;
    if (!due) return;
    run.flushing = true;
    const progress = { answer: run.answer, deepThink: run.deepThink, extras: { ...run.extras } };
    run.dirty = false;
    run.writes = run.writes.then(async () => {
      await this.writes.push({ id: run.dialogId, final: false, ...progress });
      run.lastWrite = this.deps.now();
    }).catch((err: unknown) => this.deps.log.warn({ err }, 'chat flush failed')).finally(() => {
      run.flushing = false;
    });
  }

  /**
   * Final frame, final write, release. The last frame waits only for the question's row (so the
   * ids come with it at the latest), not for the final write: that follows at once, and reads of
   * the caller's dialogs on this instance wait for it (`settled`), as does a stop (`shutdown`).
   */
  private async end(run: Run, why: Outcome): Promise<void> {
    if (run.done || run.ending) return;
    run.ending = true;
    this.streaming.delete(run);
    await run.opened;
    // The row's write may have ended the run meanwhile (another account's id, an answered one).
    const outcome = run.aborted ?? why;
    let code: number = FRAME_CODE.answer;
    let msg: string = ERR.ok.msg;
    let payload: FramePayload = {};
    let status: 2 | -1 = 2;
    let storedCode: number | null = FRAME_CODE.answer;
    let broken = false;
    if (outcome === 'superseded' && run.superseded) {
      // The id was answered before (or is being answered elsewhere): what its row holds.
      ({ code, msg, payload } = storedEnding(run.superseded));
      status = -1;
    } else if (outcome === 'cancel') {
      code = FRAME_CODE.cancelled;
      msg = CHAT_MSG.cancelled;
      status = -1;
      // History shows an item without a code as 您取消了本次提问。
      storedCode = null;
    } else if (outcome === 'refused' && run.refusal) {
      // Decided after the accept frame (e.g. another account's member): a break record.
      code = run.refusal.code;
      msg = code === FRAME_CODE.badFormat ? CHAT_MSG.badInputFormat : run.refusal.text;
      payload = { text: run.refusal.text };
      run.answer = run.refusal.text;
      status = -1;
      storedCode = code;
      broken = true;
    } else if (outcome === 'error' || outcome === 'shutdown' || outcome === 'refused') {
      code = FRAME_CODE.failed;
      msg = CHAT_MSG.busy;
      status = -1;
      storedCode = code;
      broken = true;
    } else if (run.refusal) {
      code = run.refusal.code;
      msg = isRefusalCode(code) && code === FRAME_CODE.badFormat ? CHAT_MSG.badInputFormat : run.refusal.text;
      if (!run.answer) {
        payload = { text: run.refusal.text };
        run.answer = run.refusal.text;
      }
      storedCode = code;
      broken = savesBreakRecord(code);
    } else if (!run.answer.trim()) {
      payload = { text: CHAT_MSG.emptyAnswer };
      run.answer = CHAT_MSG.emptyAnswer;
    }
    // The ids not yet sent ride on the last frame (not a refusal's: its row is a break record;
    // a superseded run's payload already holds the stored row's).
    if (outcome === 'refused' || outcome === 'superseded') run.pendingIds = null;
    const last = frame(run.questionId, run.frames.length + 1, FRAME_STATUS.last, code, this.withIds(run, payload), msg);
    // A run without a dialog row (it failed to open, or the id is another account's) writes nothing.
    const log = run.dialogId ? this.sharedLog : null;
    const stored = { answer: run.answer, deepThink: run.deepThink, extras: run.extras, status, code: storedCode, msg: outcome === 'done' && !run.refusal ? null : msg, broken };
    run.frames.push(last);
    run.done = true;
    run.finalStatus = status;
    this.active--;
    this.deps.limits?.release(run.userId, run.ip);
    for (const sid of run.watchers) this.send(sid, last);
    // Set once the shared log holds every frame: this instance then need not keep them.
    let shared = false;
    run.writes = run.writes.then(async () => {
      await Promise.all([
        // The whole question at once: another instance replays it only once it is finished
        // (while it runs, a resume there reaches this instance; if this one dies, the row is failed).
        log ? log.save(run.questionId, run.frames).then(() => { shared = true; }) : undefined,
        run.dialogId ? this.finals.push({ id: run.dialogId, final: true, ...stored }) : undefined,
      ]);
    }).catch((err: unknown) => this.deps.log.error({ err }, 'chat final write failed'));
    const written = run.writes;
    let pending = this.unsettled.get(run.userId);
    if (!pending) this.unsettled.set(run.userId, (pending = new Set()));
    pending.add(written);
    await written;
    pending.delete(written);
    if (pending.size === 0) this.unsettled.delete(run.userId);
    this.release(run, shared);
  }

  /** Resolves when the final writes of the user's answers ended on this instance are stored. */
  async settled(userId: number): Promise<void> {
    const pending = this.unsettled.get(userId);
    if (pending) await Promise.all(pending);
  }

  /**
   * Keeps a finished question's frames for resume, then forgets it. Once the shared log (Redis)
   * holds them and the final row is written, a resume is answered from there (see `resume`), so
   * the run is forgotten at once: at 1,000 streams a 3-minute hold kept every answer's frames
   * and state (~10-20 KB each) for every question of those minutes, not just the ones streaming.
   */
  private release(run: Run, shared = false): void {
    const drop = () => {
      if (this.runs.get(run.questionId) === run) this.runs.delete(run.questionId);
      for (const sid of run.watchers) {
        const set = this.bySocket.get(sid);
        set?.delete(run.questionId);
        if (set?.size === 0) this.bySocket.delete(sid);
      }
    };
    if (this.closing || run.dialogId === 0 || shared) return drop();
    setTimeout(drop, this.frameTtlMs).unref();
  }

  /** The caller's dialog answers this questionId (the access policy's chatQuestion rule). */
  private async ownsQuestion(auth: AuthContext, questionId: string): Promise<boolean> {
    return (await this.deps.access.check(auth, 'chatQuestion', [questionId])).size > 0;
  }

  /** The `resume` emit: the frames after lastSeq, each once, in order; then the live ones. */
  async resume(socketId: string, auth: AuthContext, questionId: string, lastSeq: number): Promise<void> {
    if (this.attachLocal({ questionId, socketId, lastSeq, userId: auth.userId })) return;
    const row = await this.deps.store.dialogByQuestion(questionId);
    if (!row || !(await this.ownsQuestion(auth, questionId))) {
      this.single(socketId, questionId, FRAME_CODE.badFormat, CHAT_MSG.badInputFormat, {}, lastSeq + 1);
      return;
    }
    // Started here meanwhile (a resend racing the resume).
    if (this.attachLocal({ questionId, socketId, lastSeq, userId: auth.userId })) return;
    if (row.status === 1 && this.delivery && (await this.delivery.remoteResume({ questionId, socketId, lastSeq, userId: auth.userId }))) return;
    if (this.sharedLog) {
      const frames = await this.sharedLog.read(questionId).catch(() => []);
      const lastFrame = frames.at(-1);
      if (lastFrame && lastFrame.header.status === FRAME_STATUS.last && lastFrame.header.seq === frames.length) {
        for (const f of frames) if (f.header.seq > lastSeq) this.send(socketId, f);
        return;
      }
    }
    // The frames are gone (expired or never shared): one last frame with the stored answer.
    const e = storedEnding((await this.deps.store.dialogByQuestion(questionId)) ?? row);
    this.single(socketId, questionId, e.code, e.msg, e.payload, lastSeq + 1);
  }

  /** Resume against a question this instance holds; false when it holds none. */
  attachLocal(msg: RemoteResume): boolean {
    const run = this.runs.get(msg.questionId);
    if (!run || run.userId !== msg.userId) return false;
    for (const f of run.frames) if (f.header.seq > msg.lastSeq) this.send(msg.socketId, f);
    if (!run.done) this.watch(run, msg.socketId);
    return true;
  }

  /** The `cancel` emit. */
  async cancel(socketId: string, auth: AuthContext, questionId: string): Promise<void> {
    if (this.cancelLocal({ questionId, socketId, userId: auth.userId })) return;
    await this.delivery?.remoteCancel({ questionId, socketId, userId: auth.userId });
  }

  cancelLocal(msg: RemoteCancel): boolean {
    const run = this.runs.get(msg.questionId);
    if (!run || run.userId !== msg.userId) return false;
    if (!run.done) {
      this.watch(run, msg.socketId);
      run.abort('cancel');
    }
    return true;
  }

  /** A socket went away: its questions keep streaming (to the log) for a resume. */
  dropSocket(socketId: string): void {
    const set = this.bySocket.get(socketId);
    if (!set) return;
    for (const qid of set) this.runs.get(qid)?.watchers.delete(socketId);
    this.bySocket.delete(socketId);
  }

  /** The live state of a question on this instance (answer/moment). */
  live(questionId: string): { answer: string; deepThink: string; seq: number } | null {
    const run = this.runs.get(questionId);
    return run && !run.done ? { answer: run.answer, deepThink: run.deepThink, seq: run.frames.length } : null;
  }

  /** Stop: every running answer ends failed and resendable (status -1), written before returning. */
  async shutdown(): Promise<void> {
    this.closing = true;
    const pending: Array<Promise<void>> = [];
    for (const run of this.runs.values()) {
      if (!run.done) run.abort('shutdown');
      // A finished answer's final write may still be in flight: a stop waits for it too.
      pending.push(run.finished);
    }
    await Promise.all(pending);
    this.runs.clear();
    this.bySocket.clear();
    // Every question of this instance is written as ended: its heartbeat row can go.
    if (this.beater) {
      clearInterval(this.beater);
      this.beater = null;
      await this.deps.store.forgetInstance(this.instanceId).catch(() => undefined);
    }
  }

  /**
   * Questions left answering by a stopped process become failed (-1) and resendable: all of them
   * (null: PGlite at start), or those not written since `staleBefore` and those whose instance
   * stopped heartbeating.
   */
  recover(staleBefore: Date | null): Promise<number> {
    return this.deps.store.failStale(staleBefore, FRAME_CODE.failed, CHAT_MSG.busy, { self: this.instanceId, staleMs: INSTANCE_STALE_MS });
  }

  /**
   * Writes this instance's heartbeat now and every INSTANCE_BEAT_MS until `shutdown`: while it is
   * fresh, nobody takes its questions over.
   */
  async startHeartbeat(): Promise<void> {
    await this.deps.store.beat(this.instanceId);
    if (this.beater) return;
    this.beater = setInterval(() => {
      this.deps.store.beat(this.instanceId).catch((err: unknown) => this.deps.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'chat instance heartbeat failed'));
    }, INSTANCE_BEAT_MS);
    this.beater.unref();
  }
}
