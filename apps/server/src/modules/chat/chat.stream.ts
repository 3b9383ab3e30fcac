import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { CHAT_LIMITS, CHAT_MSG, ERR, FRAME_CODE, FRAME_STATUS, QuestionEmit, SOCKET_CODE, type AnswerFrame, type FramePayload, type MemberContext } from '@chatdr/contract';
import { REFUSAL_TEXT } from '@chatdr/engine';
import type { AuthContext } from '../../http/context.ts';
import type { ChatStore, DialogRow } from './chat.store.ts';
import { builtinEngine, engineInput, type Engine, type EngineEvent } from './engine-adapter.ts';
import type { SharedFrameLog } from './frame-log.ts';
import { extrasOf, frame, mapEvent } from './frames.ts';

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
  memberContext(auth: AuthContext, userInfoId: number): Promise<MemberContext>;
  auditPass(text: string): boolean;
  maxConcurrent: number;
  log: FastifyBaseLogger;
  now: () => number;
  /** How long the frames of a finished question stay available for resume (QUALITY: drops up to 2 min). */
  frameTtlMs?: number;
  /** Batch interval of the answer's database writes. */
  flushMs?: number;
}

/** A running answering heartbeat: a row not written for this long is taken as orphaned. */
export const HEARTBEAT_MS = 10_000;
export const STALE_MS = 30_000;

const ABORT = Symbol('abort');
type Outcome = 'done' | 'cancel' | 'shutdown' | 'error';

/** One question being answered (and, for frameTtlMs after, its frames for resume). */
class Run {
  readonly frames: AnswerFrame[] = [];
  readonly watchers = new Set<string>();
  answer = '';
  deepThink = '';
  extras: Record<string, unknown> = {};
  refusal: { code: number; text: string } | null = null;
  dirty = false;
  lastWrite = 0;
  done = false;
  /** Stored status once done: 2 answered, -1 failed or cancelled (a resend starts a new run). */
  finalStatus: 2 | -1 | null = null;
  aborted: Outcome | null = null;
  writes: Promise<void> = Promise.resolve();
  pendingShared: AnswerFrame[] = [];
  timer: NodeJS.Timeout | null = null;
  finished: Promise<void> = Promise.resolve();
  private fire: ((v: typeof ABORT) => void) | null = null;
  readonly abortSignal: Promise<typeof ABORT>;
  constructor(
    readonly questionId: string,
    readonly userId: number,
    readonly dialogId: number,
    readonly sessionId: string,
  ) {
    this.abortSignal = new Promise((resolve) => {
      this.fire = resolve;
    });
  }
  abort(why: Outcome): void {
    if (this.done || this.aborted) return;
    this.aborted = why;
    this.fire?.(ABORT);
  }
}

const questionIdOf = (raw: unknown): string => {
  const v = typeof raw === 'object' && raw !== null ? (raw as { questionId?: unknown }).questionId : undefined;
  return typeof v === 'string' && /^[\w-]{1,64}$/.test(v) ? v : '';
};
const textOf = (raw: unknown): string => {
  const v = typeof raw === 'object' && raw !== null ? (raw as { text?: unknown }).text : undefined;
  return typeof v === 'string' ? v.slice(0, 5000) : '';
};
/** Whether a (possibly malformed) question asked for incognito: its break record stays hidden too. */
const privacyOf = (raw: unknown): boolean => {
  const v = typeof raw === 'object' && raw !== null ? (raw as { privacyMode?: unknown }).privacyMode : undefined;
  return v === 1 || v === '1';
};
const isRefusalCode = (c: number): boolean => c === FRAME_CODE.badFormat || c === FRAME_CODE.refused || c === FRAME_CODE.cannotAnswer;
const savesBreakRecord = (code: number) => !(SOCKET_CODE.noBreakRecord as readonly number[]).includes(code);

/**
 * The chat socket's question lifecycle, independent of socket.io: validation, the concurrency
 * limit, sessions, the engine loop, frames with sequence numbers, batched persistence as the
 * answer streams, cancel and resume (every frame once, in order).
 */
export class ChatStreams {
  /** The answer engine (tests replace it with a paced fake). */
  engine: Engine = builtinEngine;
  private readonly runs = new Map<string, Run>();
  private readonly bySocket = new Map<string, Set<string>>();
  private active = 0;
  private closing = false;
  private delivery: Delivery | null = null;
  private sharedLog: SharedFrameLog | null = null;
  private readonly frameTtlMs: number;
  private readonly flushMs: number;

  constructor(private readonly deps: StreamDeps) {
    this.frameTtlMs = deps.frameTtlMs ?? 180_000;
    this.flushMs = deps.flushMs ?? 200;
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
  async saveBreak(auth: AuthContext, v: { questionId: string; question: string; sessionId?: string | null | undefined; privacy?: boolean; answer?: string | undefined; code: number | null; msg: string | null; inType?: number | null | undefined }): Promise<void> {
    const existing = await this.deps.store.dialogByQuestion(v.questionId);
    if (existing) {
      // Only a failed dialog takes a break record: an answered or answering one is left alone.
      if (existing.userId !== auth.userId || existing.status !== -1 || this.runs.get(v.questionId)?.done === false) return;
      await this.deps.store.finish(existing.id, { answer: v.answer ?? existing.answer, deepThink: existing.deepThink, extras: existing.extras, status: -1, code: v.code, msg: v.msg, broken: true });
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
    await this.deps.store.insertDialog({ questionId: v.questionId, userId: auth.userId, sessionId, privacy, question: v.question, answer: v.answer ?? '', status: -1, code: v.code, msg: v.msg, broken: true, inType: v.inType ?? null }).catch(() => undefined);
    await this.deps.store.touchSession(sessionId, new Date(this.deps.now()));
  }

  /** A refusal before answering: one frame, and a break record unless the code is exempt. */
  private async refuse(socketId: string, auth: AuthContext, questionId: string, question: string, code: number, msg: string, text: string, q?: Partial<Pick<QuestionEmit, 'continueSessionId' | 'privacyMode' | 'inType'>>): Promise<void> {
    // Written before the frame goes out: what the client sees is already stored.
    if (questionId && question && savesBreakRecord(code)) {
      await this.saveBreak(auth, { questionId, question, answer: text, code, msg, sessionId: q?.continueSessionId, privacy: q?.privacyMode === 1, inType: q?.inType }).catch((err: unknown) => this.deps.log.warn({ err: String(err) }, 'chat break record failed'));
    }
    this.single(socketId, questionId, code, msg, { text });
  }

  /** The `question` emit. */
  async question(socketId: string, auth: AuthContext, raw: unknown, deviceType: string | null): Promise<void> {
    const parsed = QuestionEmit.safeParse(raw);
    if (!parsed.success) {
      await this.refuse(socketId, auth, questionIdOf(raw), textOf(raw), FRAME_CODE.badFormat, CHAT_MSG.badInputFormat, CHAT_MSG.badInputFormat, privacyOf(raw) ? { privacyMode: 1 } : {});
      return;
    }
    const q = parsed.data;
    // Already running (or answered) here: the client asks again, e.g. after a reconnect: attach
    // from the start. A failed or cancelled one is a resend and starts again.
    const local = this.runs.get(q.questionId);
    if (local && (!local.done || local.finalStatus === 2)) return this.resume(socketId, auth, q.questionId, 0);
    if (this.closing || this.active >= this.deps.maxConcurrent) {
      this.single(socketId, q.questionId, FRAME_CODE.busy, CHAT_MSG.busy);
      return;
    }
    // Reserve the slot before any await, so the limit holds under a burst.
    this.active++;
    let started = false;
    try {
      started = await this.start(socketId, auth, q, deviceType);
    } catch (err) {
      this.deps.log.error({ err: err instanceof Error ? { type: err.name, message: err.message, stack: err.stack } : String(err) }, 'chat question failed to start');
      this.single(socketId, q.questionId, FRAME_CODE.failed, CHAT_MSG.busy);
    } finally {
      if (!started) this.active--;
    }
  }

  /** Everything before the engine runs; false when the question did not start (slot released). */
  private async start(socketId: string, auth: AuthContext, q: QuestionEmit, deviceType: string | null): Promise<boolean> {
    const { store } = this.deps;
    const text = (q.text ?? '').trim();
    const existing = await store.dialogByQuestion(q.questionId);
    if (existing && existing.userId !== auth.userId) {
      this.single(socketId, q.questionId, FRAME_CODE.badFormat, CHAT_MSG.badInputFormat, { text: CHAT_MSG.badInputFormat });
      return false;
    }
    if (existing && existing.status !== -1) {
      await this.resume(socketId, auth, q.questionId, 0);
      return false;
    }
    if (text && !this.deps.auditPass(text)) {
      await this.refuse(socketId, auth, q.questionId, text, FRAME_CODE.refused, REFUSAL_TEXT[3031], REFUSAL_TEXT[3031], q);
      return false;
    }
    let member: MemberContext | null = null;
    if (q.userInfoId) {
      // Only the caller's own members: another account's id is refused like malformed input.
      member = await this.deps.memberContext(auth, q.userInfoId).catch(() => null);
      if (!member) {
        await this.refuse(socketId, auth, q.questionId, text, FRAME_CODE.badFormat, CHAT_MSG.badInputFormat, CHAT_MSG.badInputFormat, q);
        return false;
      }
    }
    const sessionId = await this.sessionFor(auth, q, deviceType);
    const now = new Date(this.deps.now());
    const input: Record<string, unknown> = {};
    for (const k of ['inputMediaId', 'relInputMediaId', 'inputScene', 'reportId', 'zdwzFlag', 'annotationNew', 'sceneModule', 'indicatorTypeCode', 'province', 'city', 'district'] as const) {
      if (q[k] !== undefined && q[k] !== null) input[k] = q[k];
    }
    if (deviceType) input.deviceType = deviceType;
    if (q.reasoning !== undefined) input.reasoning = q.reasoning;
    const fields = {
      sessionId,
      privacy: q.privacyMode === 1,
      question: text,
      inType: q.inType ?? null,
      instructCode: q.instructCode ?? null,
      userInfoId: q.userInfoId ?? null,
      input,
      createdAt: now,
    };
    let row: DialogRow | undefined;
    try {
      row = existing ? await store.restartDialog(existing.id, fields) : await store.insertDialog({ questionId: q.questionId, userId: auth.userId, status: 1, ...fields });
    } catch {
      row = undefined;
    }
    if (!row) {
      // The same questionId raced in twice: the other one answers.
      if (this.runs.get(q.questionId)?.done === false) await this.resume(socketId, auth, q.questionId, 0);
      else this.single(socketId, q.questionId, FRAME_CODE.failed, CHAT_MSG.busy);
      return false;
    }
    const run = new Run(q.questionId, auth.userId, row.id, sessionId);
    // Off the first frame's path: chained before the answer's own writes.
    run.writes = store.touchSession(sessionId, now).catch((err: unknown) => this.deps.log.warn({ err: String(err) }, 'chat session touch failed'));
    this.runs.set(q.questionId, run);
    this.watch(run, socketId);
    run.lastWrite = this.deps.now();
    this.push(run, FRAME_CODE.accepted, FRAME_STATUS.first, { dialInId: row.id, sessionId });
    run.timer = setInterval(() => this.tick(run), this.flushMs);
    run.timer.unref();
    run.finished = this.answer(run, auth, q, member);
    return true;
  }

  /** The session a question goes to: the one it continues if still open (8 h), else a new one. */
  private async sessionFor(auth: AuthContext, q: QuestionEmit, deviceType: string | null): Promise<string> {
    const { store } = this.deps;
    const privacy = q.privacyMode === 1;
    const wanted = q.continueSessionId?.trim();
    if (wanted) {
      const s = await store.session(auth.userId, wanted);
      const fresh = (at: Date | null) => at === null || this.deps.now() - at.getTime() < CHAT_LIMITS.sessionTimeoutMs;
      if (s && s.privacy === privacy && fresh(s.lastAt)) return s.id;
      if (!s && /^[\w-]{8,64}$/.test(wanted)) {
        // A session id the client made (getUUID): adopt it if nobody has it.
        await store.insertSession({ id: wanted, userId: auth.userId, deviceType, privacy });
        if (await store.session(auth.userId, wanted)) return wanted;
      }
    }
    const id = randomUUID();
    await store.insertSession({ id, userId: auth.userId, deviceType, privacy });
    return id;
  }

  private watch(run: Run, socketId: string): void {
    run.watchers.add(socketId);
    let set = this.bySocket.get(socketId);
    if (!set) this.bySocket.set(socketId, (set = new Set()));
    set.add(run.questionId);
  }

  /** Appends a frame to the question's log and sends it to every watcher. */
  private push(run: Run, code: number, status: 0 | 1 | 2, payload: FramePayload, msg: string = ERR.ok.msg): void {
    const f = frame(run.questionId, run.frames.length + 1, status, code, payload, msg);
    run.frames.push(f);
    run.pendingShared.push(f);
    for (const sid of run.watchers) this.send(sid, f);
  }

  /** The engine loop. Never throws: every ending is persisted and sent. */
  private async answer(run: Run, auth: AuthContext, q: QuestionEmit, member: MemberContext | null): Promise<void> {
    let outcome: Outcome;
    try {
      const past = await this.deps.store.recentTurns(auth.userId, run.sessionId, run.dialogId, 6);
      const it = this.engine(engineInput(q, { member, past }))[Symbol.asyncIterator]();
      for (;;) {
        const r: IteratorResult<EngineEvent> | typeof ABORT = await Promise.race([it.next(), run.abortSignal]);
        if (r === ABORT) {
          void Promise.resolve(it.return?.()).catch(() => undefined);
          break;
        }
        if (r.done) break;
        this.onEvent(run, r.value);
        if (r.value.type === 'done') break;
      }
      outcome = run.aborted ?? 'done';
    } catch (err) {
      outcome = run.aborted ?? 'error';
      if (!run.aborted) this.deps.log.error({ err: err instanceof Error ? { type: err.name, message: err.message, stack: err.stack } : String(err) }, 'chat engine failed');
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
    const kept = extrasOf(ev);
    if (kept) run.extras[kept[0]] = kept[1];
    run.dirty = true;
    const m = mapEvent(ev);
    this.push(run, m.code, FRAME_STATUS.more, m.payload);
  }

  /** The 200 ms batch: the accumulated answer to the database (and frames to the shared log). */
  private tick(run: Run): void {
    const due = run.dirty || this.deps.now() - run.lastWrite >= HEARTBEAT_MS;
    if (!due && run.pendingShared.length === 0) return;
    const progress = due ? { answer: run.answer, deepThink: run.deepThink, extras: { ...run.extras } } : null;
    run.dirty = false;
    const frames = run.pendingShared.splice(0);
    run.writes = run.writes.then(async () => {
      if (progress) {
        await this.deps.store.saveProgress(run.dialogId, progress);
        run.lastWrite = this.deps.now();
      }
      if (frames.length && this.sharedLog) await this.sharedLog.append(run.questionId, frames);
    }).catch((err: unknown) => this.deps.log.warn({ err: String(err) }, 'chat flush failed'));
  }

  /** Final frame, final write, release. The final frame goes out after the write. */
  private async end(run: Run, outcome: Outcome): Promise<void> {
    if (run.timer) clearInterval(run.timer);
    let code: number = FRAME_CODE.answer;
    let msg: string = ERR.ok.msg;
    let payload: FramePayload = {};
    let status: 2 | -1 = 2;
    let storedCode: number | null = FRAME_CODE.answer;
    let broken = false;
    if (outcome === 'cancel') {
      code = FRAME_CODE.cancelled;
      msg = CHAT_MSG.cancelled;
      status = -1;
      // History shows an item without a code as 您取消了本次提问。
      storedCode = null;
    } else if (outcome === 'error' || outcome === 'shutdown') {
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
    const last = frame(run.questionId, run.frames.length + 1, FRAME_STATUS.last, code, payload, msg);
    const shared = [...run.pendingShared.splice(0), last];
    run.writes = run.writes.then(async () => {
      if (this.sharedLog) await this.sharedLog.append(run.questionId, shared);
      await this.deps.store.finish(run.dialogId, { answer: run.answer, deepThink: run.deepThink, extras: run.extras, status, code: storedCode, msg: outcome === 'done' && !run.refusal ? null : msg, broken });
    }).catch((err: unknown) => this.deps.log.error({ err: String(err) }, 'chat final write failed'));
    await run.writes;
    run.frames.push(last);
    run.done = true;
    run.finalStatus = status;
    this.active--;
    for (const sid of run.watchers) this.send(sid, last);
    this.release(run);
  }

  /** Keeps a finished question's frames for resume, then forgets it. */
  private release(run: Run): void {
    const drop = () => {
      if (this.runs.get(run.questionId) === run) this.runs.delete(run.questionId);
      for (const sid of run.watchers) {
        const set = this.bySocket.get(sid);
        set?.delete(run.questionId);
        if (set?.size === 0) this.bySocket.delete(sid);
      }
    };
    if (this.closing) return drop();
    setTimeout(drop, this.frameTtlMs).unref();
  }

  /** The `resume` emit: the frames after lastSeq, each once, in order; then the live ones. */
  async resume(socketId: string, auth: AuthContext, questionId: string, lastSeq: number): Promise<void> {
    if (this.attachLocal({ questionId, socketId, lastSeq, userId: auth.userId })) return;
    const row = await this.deps.store.dialogByQuestion(questionId);
    if (!row || row.userId !== auth.userId) {
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
    const now = (await this.deps.store.dialogByQuestion(questionId)) ?? row;
    const code = now.status === 1 ? FRAME_CODE.failed : (now.code ?? FRAME_CODE.cancelled);
    const msg = now.status === 1 ? CHAT_MSG.busy : (now.msg ?? (now.code === null ? CHAT_MSG.cancelled : ERR.ok.msg));
    this.single(socketId, questionId, code, msg, { answer: now.answer, dialInId: now.id, sessionId: now.sessionId }, lastSeq + 1);
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
      if (!run.done) {
        run.abort('shutdown');
        pending.push(run.finished);
      }
    }
    await Promise.all(pending);
    this.runs.clear();
    this.bySocket.clear();
  }

  /** Questions left answering by a stopped process become failed (-1) and resendable. */
  recover(staleBefore: Date | null): Promise<number> {
    return this.deps.store.failStale(staleBefore, FRAME_CODE.failed, CHAT_MSG.busy);
  }
}
