import { randomBytes, randomUUID } from 'node:crypto';
import { CHAT_DEFAULT_QUESTIONS, CHAT_LIMITS, FRAME_CODE, answerForShare, historyStatus, type ChatDialog, type ChatSessionItem, type MemberContext } from '@chatdr/contract';
import type { AuthContext } from '../../http/context.ts';
import { fail } from '../../http/errors.ts';
import { notFound, type Access } from '../../access/access.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { ChatStore, DialogRow } from './chat.store.ts';

export type { DialogRow };
import type { ChatStreams } from './chat.stream.ts';
import { sourcesOf } from './frames.ts';

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const field = (extras: Record<string, unknown>, type: string, key: string): unknown => {
  const e = extras[type];
  return isObj(e) ? e[key] : undefined;
};
const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
const strs = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const MAPPED = new Set(['sources', 'scene', 'followUps', 'recommend', 'triage', 'annotations', 'deepThink']);
const REFUSALS: readonly number[] = [FRAME_CODE.badFormat, FRAME_CODE.refused, FRAME_CODE.cannotAnswer];

/** A stored dialog as the chat calls return it (history mapping of chat-core §4 applied). */
export function toDialog(r: DialogRow): ChatDialog {
  const answering = r.status === 1;
  const mapped = answering ? { status: 1 as const, statusMessage: null } : historyStatus(r.code);
  const x = r.extras;
  const extras: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(x)) if (!MAPPED.has(k)) extras[k] = v;
  const dt = x.deepThink;
  const input = r.input;
  const inputStr = (k: string) => (input[k] === undefined || input[k] === null ? null : String(input[k]));
  return {
    id: r.id,
    dialInId: r.id,
    questionId: r.questionId,
    sessionId: r.sessionId,
    question: r.question,
    answer: r.answer,
    status: mapped.status,
    code: r.code,
    statusMessage: mapped.statusMessage ?? r.msg,
    canResend: mapped.status === -1 && !(r.code !== null && REFUSALS.includes(r.code)),
    createTime: r.createdAt.getTime(),
    inType: r.inType,
    commandCode: r.instructCode,
    inputMediaId: inputStr('inputMediaId'),
    relInputMediaId: inputStr('relInputMediaId'),
    inputScene: inputStr('inputScene'),
    reportId: inputStr('reportId'),
    sceneModule: inputStr('sceneModule'),
    indicatorTypeCode: inputStr('indicatorTypeCode'),
    userInfoId: r.userInfoId,
    deepThinkStatus: isObj(dt) && typeof dt.status === 'number' ? dt.status : null,
    deepThinkText: r.deepThink,
    deepThinkConsuming: isObj(dt) && typeof dt.consumingMs === 'number' ? dt.consumingMs : null,
    scene: Array.isArray(field(x, 'scene', 'path')) ? strs(field(x, 'scene', 'path')) : null,
    source: sourcesOf(field(x, 'sources', 'items')),
    followUps: strs(field(x, 'followUps', 'questions')),
    recommendDeptName: str(field(x, 'recommend', 'department')),
    recommendDisName: str(field(x, 'recommend', 'disease')),
    recommendDrgName: str(field(x, 'recommend', 'drug')),
    triage: str(field(x, 'triage', 'level')),
    chatAnnotaions: (() => {
      const items = field(x, 'annotations', 'items');
      return Array.isArray(items) ? items.filter(isObj) : [];
    })(),
    extras,
    collectFlag: r.collectedAt ? 1 : 0,
  };
}

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/u;

/**
 * Search terms of a keyword: CJK runs become bigrams (a single character stays itself), other
 * words stay whole; every term must match. Works the same with ILIKE on PGlite and PostgreSQL.
 */
export function searchTerms(keyword: string): string[] {
  const out = new Set<string>();
  for (const chunk of keyword.toLowerCase().split(/[\s\p{P}\p{S}]+/u)) {
    if (!chunk) continue;
    let run = '';
    const flush = () => {
      if (run.length === 1) out.add(run);
      for (let i = 0; i + 1 < run.length; i++) out.add(run.slice(i, i + 2));
      run = '';
    };
    let word = '';
    for (const ch of chunk) {
      if (CJK.test(ch)) {
        if (word) out.add(word);
        word = '';
        run += ch;
      } else {
        flush();
        word += ch;
      }
    }
    flush();
    if (word) out.add(word);
  }
  return [...out].slice(0, 12);
}

/** Chat history, dialogs, collections, shares and recommendations: rules and access checks. */
export class ChatService {
  constructor(
    private readonly store: ChatStore,
    private readonly access: Access,
    readonly streams: ChatStreams,
    private readonly audit: AuditService,
    private readonly memberContext: (auth: AuthContext, userInfoId: number) => Promise<MemberContext>,
    private readonly now: () => number,
    /** Life of a share link (SHARE_TTL_DAYS). */
    private readonly shareTtlMs: number = 30 * 86_400_000,
  ) {}

  uuid(): string {
    return randomUUID();
  }

  // --- reads for other modules (insight, report): they call these, never the chat store ---------
  // As stored, without waiting for answers this instance is still writing (the callers check
  // ownership through the access policy first).

  /** A dialog of the account by id. */
  dialog(userId: number, id: number): Promise<DialogRow | undefined> {
    return this.store.dialog(userId, id);
  }
  /** The dialog of a questionId, whoever asked it (questionIds are unique). */
  dialogByQuestion(questionId: string): Promise<DialogRow | undefined> {
    return this.store.dialogByQuestion(questionId);
  }
  /** The account's latest dialog whose question carried the media item. */
  dialogByMedia(userId: number, mediaId: string): Promise<DialogRow | undefined> {
    return this.store.dialogByMedia(userId, mediaId);
  }
  countDialogs(userId: number, opts: { memberId?: number; since?: Date | null; completeOnly?: boolean } = {}): Promise<number> {
    return this.store.countDialogs(userId, opts);
  }
  /** Which of these media ids a question of the account still names (its history shows the file). */
  mediaNamed(userId: number, ids: string[]): Promise<Set<string>> {
    return this.store.mediaNamed(userId, ids);
  }

  /** A new session for the device; tells when the last one was (8 h: timed out). */
  async generateNew(auth: AuthContext, deviceType: string | null) {
    const last = await this.store.lastSession(auth.userId);
    const sessionId = randomUUID();
    await this.store.insertSession({ id: sessionId, userId: auth.userId, deviceType, privacy: false });
    const lastTime = last?.lastAt?.getTime() ?? null;
    return { sessionId, lastSessionTime: lastTime, lastSessionId: last?.id ?? null, lastSessionTimedOut: lastTime === null || this.now() - lastTime >= CHAT_LIMITS.sessionTimeoutMs };
  }

  async history(auth: AuthContext, page: number, size: number): Promise<{ list: ChatSessionItem[]; total: number; page: number; size: number }> {
    await this.streams.settled(auth.userId);
    const { rows, total } = await this.store.sessionPage(auth.userId, page, size);
    const list = rows.map((r) => ({
      sessionId: r.id,
      title: r.first,
      lastQuestion: r.last,
      createTime: r.createdAt.getTime(),
      lastTime: (r.lastAt ?? r.createdAt).getTime(),
      count: r.n,
      timedOut: this.now() - (r.lastAt ?? r.createdAt).getTime() >= CHAT_LIMITS.sessionTimeoutMs,
      status: r.lastStatus === 1 ? 1 : historyStatus(r.lastCode).status,
    }));
    return { list, total, page, size };
  }

  async sessionDetail(auth: AuthContext, b: { sessionId: string; size: number; desc: boolean; lastId: number | undefined }) {
    await this.streams.settled(auth.userId);
    // Incognito sessions are never shown again.
    await this.access.require(auth, 'chatSessionVisible', [b.sessionId]);
    const s = this.access.found('chatSessionVisible', await this.store.session(auth.userId, b.sessionId));
    const rows = await this.store.sessionDialogs(auth.userId, b.sessionId, b.size, b.desc, b.lastId);
    return { sessionId: s.id, list: await this.marked(auth.userId, rows.slice(0, b.size).map(toDialog)), hasMore: rows.length > b.size };
  }

  async mediaCounts(auth: AuthContext, sessionIds: string[]) {
    const counts = await this.store.mediaCounts(auth.userId, sessionIds);
    return sessionIds.map((sessionId) => ({ sessionId, cnt: counts.get(sessionId) ?? 0 }));
  }

  /**
   * Deletes the caller's media these ids name (files and cover images), wired by the app to the
   * media service; used when a history deletion asks for it (delMediaFlag).
   */
  dropMedia: (userId: number, mediaIds: string[]) => Promise<void> = async () => {};
  /** Doctors' reviews of an account's dialogs (clinic module), for the 医生已审核 mark. */
  verifyMarks: (userId: number, dialogIds: number[]) => Promise<Map<number, { chatVerifyId: number; verifyStatus: number; verifyRemark: string; doctorName: string }>> = async () => new Map();
  private async marked(userId: number, list: ChatDialog[]): Promise<ChatDialog[]> {
    const marks = await this.verifyMarks(userId, list.map((d) => d.dialInId));
    return list.map((d) => {
      const m = marks.get(d.dialInId);
      return m ? { ...d, ...m } : d;
    });
  }

  async deleteSession(auth: AuthContext, sessionId: string, delMedia = true): Promise<null> {
    await this.access.require(auth, 'chatSession', [sessionId]);
    const media = this.access.found('chatSession', await this.store.deleteSession(auth.userId, sessionId));
    if (delMedia) await this.dropMedia(auth.userId, media);
    return null;
  }

  async deleteAll(auth: AuthContext, delMedia = true): Promise<null> {
    const media = await this.store.deleteAll(auth.userId);
    if (delMedia) await this.dropMedia(auth.userId, media);
    return null;
  }

  async deleteDialogs(auth: AuthContext, ids: number[], delMedia = true): Promise<null> {
    await this.access.require(auth, 'chatDialog', ids);
    const media = this.access.found('chatDialog', await this.store.deleteDialogs(auth.userId, ids));
    if (delMedia) await this.dropMedia(auth.userId, media);
    return null;
  }

  /** A dialog of the caller's, as stored once the answers this instance just ended are written. */
  private async own(auth: AuthContext, dialInId: number): Promise<DialogRow> {
    await this.streams.settled(auth.userId);
    await this.access.require(auth, 'chatDialog', [dialInId]);
    return this.access.found('chatDialog', await this.store.dialog(auth.userId, dialInId));
  }

  async item(auth: AuthContext, dialInId: number): Promise<ChatDialog> {
    return toDialog(await this.own(auth, dialInId));
  }

  /** The profile an answer drew on, and its sources. */
  async personalSource(auth: AuthContext, dialInId: number) {
    const r = await this.own(auth, dialInId);
    const member = r.userInfoId ? await this.memberContext(auth, r.userInfoId).catch(() => null) : null;
    const sources = toDialog(r).source;
    return {
      dialInId: r.id,
      useArchives: member !== null,
      userInfoId: r.userInfoId,
      userProfile: member ? ({ ...member } as Record<string, unknown>) : null,
      referenceNum: sources.length,
      searchReferences: sources,
    };
  }

  /** The answer so far (live on this instance, else as last written). */
  async moment(auth: AuthContext, questionId: string) {
    await this.streams.settled(auth.userId);
    await this.access.require(auth, 'chatQuestion', [questionId]);
    const r = this.access.found('chatQuestion', await this.store.dialogByQuestion(questionId));
    const live = this.streams.live(questionId);
    const d = toDialog(r);
    return {
      questionId,
      dialInId: r.id,
      sessionId: r.sessionId,
      status: d.status,
      code: r.code,
      answer: live?.answer ?? r.answer,
      deepThinkText: live?.deepThink ?? r.deepThink,
      finished: r.status !== 1,
    };
  }

  async saveShare(auth: AuthContext, ids: number[]) {
    await this.streams.settled(auth.userId);
    const unique = [...new Set(ids)];
    await this.access.require(auth, 'chatDialog', unique);
    const rows = await this.store.dialogs(auth.userId, unique);
    // An incognito dialog is never published; a client-saved record is not an AI answer.
    if (rows.some((r) => r.privacy)) throw fail('incognitoNoShare');
    if (rows.some((r) => r.clientSaved)) throw fail('interruptedNoShare');
    const shareId = randomBytes(18).toString('base64url');
    const expiresAt = new Date(this.now() + this.shareTtlMs);
    await this.store.insertShare(shareId, auth.userId, unique, expiresAt);
    return { shareId, path: `/share?shareId=${shareId}`, expireTime: expiresAt.getTime() };
  }

  /**
   * Public, read-only: the shared dialogs (only question, answer, time, sources, scene, status),
   * under the page's "from the AI assistant" line — so only what the server wrote as an answer:
   * incognito dialogs and client-saved records are left out even of links made before that rule.
   * A revoked or expired link answers 4104.
   */
  async shareView(shareId: string) {
    const s = await this.store.share(shareId);
    if (!s) throw notFound('chatShare');
    if (s.revokedAt || s.expiresAt.getTime() <= this.now()) throw fail('shareGone');
    const rows = (await this.store.dialogs(s.userId, s.dialogIds)).filter((r) => !r.privacy && !r.clientSaved).map(toDialog);
    return { shareId, createTime: s.createdAt.getTime(), list: rows.map((d) => ({ question: d.question, answer: answerForShare(d.answer), createTime: d.createTime, source: d.source, scene: d.scene, status: d.status })) };
  }

  /** The caller's share links (not revoked), newest first, each with its first question and expiry. */
  async shares(auth: AuthContext, page: number, size: number) {
    const { rows, total } = await this.store.sharePage(auth.userId, page, size);
    const firstIds = rows.map((s) => s.dialogIds[0]).filter((id): id is number => typeof id === 'number');
    const firsts = new Map((await this.store.dialogs(auth.userId, [...new Set(firstIds)])).map((d) => [d.id, d.question]));
    const now = this.now();
    const list = rows.map((s) => ({
      shareId: s.id,
      path: `/share?shareId=${s.id}`,
      title: firsts.get(s.dialogIds[0] ?? -1) ?? '',
      count: s.dialogIds.length,
      createTime: s.createdAt.getTime(),
      expireTime: s.expiresAt.getTime(),
      expired: s.expiresAt.getTime() <= now,
    }));
    return { list, total, page, size };
  }

  async revokeShare(auth: AuthContext, shareId: string): Promise<null> {
    await this.access.require(auth, 'chatShare', [shareId]);
    this.access.found('chatShare', await this.store.revokeShare(auth.userId, shareId, new Date(this.now())));
    return null;
  }

  async lastText(auth: AuthContext): Promise<ChatDialog | null> {
    await this.streams.settled(auth.userId);
    const r = await this.store.lastTextDialog(auth.userId);
    return r ? toDialog(r) : null;
  }

  async collect(auth: AuthContext, ids: number[], on: boolean): Promise<null> {
    await this.access.require(auth, 'chatDialog', ids);
    if (on) {
      // An incognito dialog is never kept (taking one out of the collection stays allowed).
      await this.streams.settled(auth.userId);
      const rows = await this.store.dialogs(auth.userId, [...new Set(ids)]);
      if (rows.some((r) => r.privacy)) throw fail('incognitoNoCollect');
    }
    this.access.found('chatDialog', await this.store.setCollected(auth.userId, ids, on));
    return null;
  }

  async collected(auth: AuthContext, page: number, size: number) {
    await this.streams.settled(auth.userId);
    const { rows, total } = await this.store.collected(auth.userId, page, size);
    return { list: rows.map(toDialog), total, page, size };
  }

  /** Up to 3 follow-ups: the engine's for that answer (or the last one), else defaults. */
  async recommend(auth: AuthContext, dialInId: number | undefined): Promise<string[]> {
    const r = dialInId ? await this.own(auth, dialInId) : await this.store.lastDialog(auth.userId);
    const fromEngine = r ? toDialog(r).followUps : [];
    return (fromEngine.length ? fromEngine : CHAT_DEFAULT_QUESTIONS).slice(0, CHAT_LIMITS.recommendQuestions);
  }

  async search(auth: AuthContext, keyword: string, page: number, size: number) {
    await this.streams.settled(auth.userId);
    const terms = searchTerms(keyword);
    if (terms.length === 0) return { list: [], total: 0, page, size };
    const { rows, total } = await this.store.search(auth.userId, terms, page, size);
    return { list: rows.map(toDialog), total, page, size };
  }

  auditText(content: string): { pass: boolean } {
    return this.audit.auditText(content);
  }

  async breakSave(auth: AuthContext, b: { questionId: string; question?: string | undefined; sessionId?: string | undefined; answer?: string | undefined; code?: number | undefined; msg?: string | undefined; inType?: number | undefined }): Promise<null> {
    await this.streams.saveBreak(auth, { questionId: b.questionId, question: b.question ?? '', sessionId: b.sessionId, answer: b.answer, code: b.code ?? null, msg: b.msg ?? null, inType: b.inType, clientSaved: true });
    return null;
  }
}
