import { create } from 'zustand';
import { CHAT_LIMITS, LIMITS, MSG, type AnswerFrame, type QuestionEmitInput, type SkillCode } from '@chatdr/contract';
import { sessionHooks } from '../../api/hooks';
import { tokenStorage } from '../../api/token';
import { isLoggedIn, onLogin, useLoginStore } from '../../app/login-store';
import { i18n } from '../../i18n';
import { KEYS, STORAGE_PREFIX, localStore } from '../../platform/storage';
import { showToast } from '../../ui/toast';
import { roles } from '../family/role-store';
import type { receiveFrame as ReceiveFrame } from './frame-reducer';
import { hasGap, isFinal, newMessage } from './message-state';
import type { ChatMedia, ChatMessage } from './model';
import { ejectFlags, ratingThreshold, shouldShowRating, type RatingTrigger } from './rating';
import { toggleSelection } from './selection';
import { isBusy } from './send-gate';
import type { ChatConnection } from './socket';
import { useSpeech } from './speech';
import { tick } from './typewriter';
import { createWatchdog, type Watchdog } from './watchdog';

/**
 * The chat of the home screen (chat-core §4): messages, the session, the composer's skill and
 * incognito switch, selection mode, and the socket. First-screen safe: the request layer, the
 * socket client and the chat calls are loaded on the first send.
 *
 * Health content lives in memory only: nothing here is written to browser storage but the open
 * session's id (a reload restores the thread from the server's stored history) and the rating
 * dialog's last-shown time.
 */
export type ConnState = 'idle' | 'connecting' | 'online' | 'reconnecting';

export interface ChatState {
  messages: ChatMessage[];
  /** The session questions continue (null: the server starts one with the next question). */
  sessionId: string | null;
  incognito: boolean;
  skill: SkillCode | null;
  auditing: boolean;
  draft: string;
  conn: ConnState;
  selecting: boolean;
  /** dialInIds of the selected messages. */
  selected: number[];
  bannerDismissed: boolean;
  ratingOpen: boolean;
}

const initial = (): ChatState => ({
  messages: [],
  sessionId: null,
  incognito: false,
  skill: null,
  auditing: false,
  draft: '',
  conn: 'idle',
  selecting: false,
  selected: [],
  bannerDismissed: false,
  ratingOpen: false,
});

export const useChatStore = create<ChatState>(initial);
const get = useChatStore.getState;
const set = useChatStore.setState;

/** The rating dialog's last-shown time: a UI flag (cleared with every chatdr key at logout). */
const RATING_KEY = `${STORAGE_PREFIX}ratingShownAt`;

const toastMsg = (text: string) => showToast(text);

// ---- runtime (not state) ----

let connection: ChatConnection | null = null;
let connecting: Promise<ChatConnection> | null = null;
const watchdogs = new Map<string, Watchdog>();
/** What was emitted per question: sent again (same questionId) when no frame has arrived yet. */
const emitted = new Map<string, QuestionEmitInput>();
let typer: ReturnType<typeof setInterval> | null = null;
let dialIns = 0;
let threshold: number | null = null;

const api = () => import('./queries');

function update(questionId: string, fn: (m: ChatMessage) => ChatMessage): ChatMessage | undefined {
  let out: ChatMessage | undefined;
  set((s) => ({
    messages: s.messages.map((m) => {
      if (m.questionId !== questionId) return m;
      out = fn(m);
      return out;
    }),
  }));
  return out;
}

const active = (): ChatMessage | undefined => get().messages.find((m) => m.status === 0 || m.status === 1 || m.status === -2);

// ---- typewriter ----

function runTypewriter(): void {
  if (typer) return;
  typer = setInterval(() => {
    let pending = false;
    set((s) => ({
      messages: s.messages.map((m) => {
        if (m.typing === 'complete' || m.isHistory) return m;
        if (m.status === -1) return { ...m, typing: 'complete', shown: m.answer.length };
        if (m.status === -2 || m.status === 0) {
          pending = true;
          return m;
        }
        const next = tick({ shown: m.shown, received: m.answer.length, done: m.status === 2, state: m.typing });
        if (next.state !== 'complete') pending = true;
        if (next.state === 'complete') onTyped(m);
        return next.shown === m.shown && next.state === m.typing ? m : { ...m, shown: next.shown, typing: next.state };
      }),
    }));
    if (!pending && typer) {
      clearInterval(typer);
      typer = null;
    }
  }, LIMITS.typewriterIntervalMs);
}

/** An answer finished typing out: count the dial-in, maybe the rating dialog (chat-core §4). */
function onTyped(m: ChatMessage): void {
  touch();
  if (m.status !== 2) return;
  dialIns += 1;
  const trigger: RatingTrigger = m.conclusion ? 'consultationEnd' : 'dialIn';
  setTimeout(() => void maybeRate(trigger), LIMITS.ratingPopupDelayMs);
}

/** Time of the last thing that happened in the chat (a frame, an answer typed out, a reading step, speech). */
let lastActivity = 0;
/** Reports whose reading is still stepping (questionIds): the rating dialog waits for them. */
const readings = new Set<string>();
/** How long the chat must have been still before the rating dialog may open. */
const QUIET_MS = 4000;
const touch = () => {
  lastActivity = Date.now();
};
useSpeech.subscribe(touch);

/**
 * A quiet moment (issue 18 point 8): nothing being answered, typed out, read aloud or read from
 * a report, no dialog or sheet open, and nothing happened for QUIET_MS.
 */
export function quietMoment(now = Date.now()): boolean {
  const s = get();
  return !isBusy(s.messages, s.auditing) && readings.size === 0 && useSpeech.getState().questionId === null && !overlayOpen() && now - lastActivity >= QUIET_MS;
}

/** An antd-mobile dialog or popup is on screen. */
function overlayOpen(): boolean {
  if (typeof document === 'undefined') return false;
  return [...document.querySelectorAll<HTMLElement>('.adm-mask')].some((el) => getComputedStyle(el).display !== 'none');
}

/**
 * The rating dialog (chat-core §4). The server keeps the evaluation info (getEvaCondition: new
 * user, dial-ins since it was last shown, the 15-day and today flags) and says whether it is due;
 * if it cannot be asked, the same rule runs here on what this device knows.
 */
async function maybeRate(trigger: RatingTrigger): Promise<void> {
  if (get().ratingOpen) return;
  const q = await api();
  const remote = await q.evaluationCondition(trigger === 'dialIn' ? 'dialIn' : 'conclusion');
  const storage = localStore();
  let show: boolean;
  if (remote) {
    show = remote.show;
  } else {
    const shownAt = Number(storage.getItem(RATING_KEY) ?? NaN);
    threshold ??= ratingThreshold(false);
    show = shouldShowRating({ isNewUser: false, dialInCount: dialIns, ...ejectFlags(Number.isFinite(shownAt) ? shownAt : null, Date.now()) }, trigger, threshold);
  }
  if (!show) return;
  // Never over a streaming answer, a report reading, read-aloud or another dialog or sheet: wait
  // (up to two minutes) for a quiet moment, else leave it for the next trigger.
  for (let i = 0; i < 60 && !quietMoment(); i++) await new Promise((r) => setTimeout(r, LIMITS.ratingPopupDelayMs));
  if (!quietMoment() || get().ratingOpen) return;
  storage.setItem(RATING_KEY, String(Date.now()));
  void q.markRatingShown();
  set({ ratingOpen: true });
}

// ---- socket ----

async function connect(questionId: string): Promise<ChatConnection> {
  if (connection) return connection;
  connecting ??= (async () => {
    set({ conn: 'connecting' });
    // The frame parsers (zod schemas) come with the socket: frames only arrive through it.
    const [{ connectChat }, { tokenKeeper }, reducer] = await Promise.all([import('./socket'), import('../../api'), import('./frame-reducer')]);
    receiveFrame = reducer.receiveFrame;
    await tokenKeeper.getToken();
    const c = connectChat({
      token: () => tokenStorage.read()?.value ?? null,
      questionId,
      handlers: {
        onFrame,
        onDisconnect: () => set({ conn: 'reconnecting' }),
        onReconnect: () => {
          set({ conn: 'online' });
          // Resume what was being answered from the last frame seen (exactly once, in order).
          const m = active();
          if (m && m.status !== -2) retry(m);
        },
        onGiveUp: () => {
          dropConnection();
          const m = active();
          if (m) fail(m.questionId, MSG.busy, true);
        },
      },
    });
    connection = c;
    set({ conn: 'online' });
    return c;
  })().finally(() => {
    connecting = null;
  });
  return connecting;
}

/**
 * Asks again for what is missing: the frames after the last seq (`resume`), or — before any
 * frame came — the question itself (the same questionId attaches to it on the server if it
 * arrived, and asks it if it did not).
 */
function retry(m: ChatMessage): void {
  if (!connection || isFinal(m)) return;
  const q = emitted.get(m.questionId);
  if (m.lastSeq === 0 && q) connection.question(q);
  else connection.resume(m.questionId, m.lastSeq);
}

function dropConnection(): void {
  connection?.close();
  connection = null;
  set({ conn: 'idle' });
}

function stopWatchdog(questionId: string): void {
  watchdogs.get(questionId)?.stop();
  watchdogs.delete(questionId);
}

function forget(questionId: string): void {
  stopWatchdog(questionId);
  emitted.delete(questionId);
}

/** A failure on this side (time-out, lost connection): -1, resend allowed, and a break record. */
function fail(questionId: string, message: string, breakRecord: boolean): void {
  forget(questionId);
  const m = update(questionId, (x) => (isFinal(x) ? x : { ...x, status: -1, statusMessage: message, canResend: true }));
  if (m && breakRecord) {
    void api().then(({ saveBreak }) =>
      saveBreak({ questionId, question: m.question, ...(m.sessionId ? { sessionId: m.sessionId } : {}), ...(m.answer ? { answer: m.answer.slice(0, 20_000) } : {}), msg: message }),
    );
  }
  runTypewriter();
}

/** Set with the socket (connect): the frame reducer is loaded with it, off the first screen. */
let receiveFrame: typeof ReceiveFrame | null = null;

function onFrame(f: AnswerFrame): void {
  const reduce = receiveFrame;
  if (!reduce) return;
  const qid = f.header.questionId;
  const before = get().messages.find((m) => m.questionId === qid) ?? (f.header.seq === 0 ? active() : undefined);
  if (!before) return;
  const after = update(before.questionId, (m) => reduce(m, f));
  if (!after || after === before) return;
  touch();
  watchdogs.get(after.questionId)?.touch();
  if (after.sessionId && after.sessionId !== get().sessionId && !isFinal(before)) set({ sessionId: after.sessionId });
  if (hasGap(after)) retry(after);
  runTypewriter();
  if (!isFinal(after)) return;
  if (stopRequested.delete(after.questionId) && after.status === 2) stopTyping(after.questionId);
  stopWatchdog(after.questionId);
  emitted.delete(after.questionId);
  // A self-check that concluded ends the 症状自查 mode: the next question is an ordinary one
  // (a sticky skill read 附近有什么医院 as another complaint to check).
  if (after.conclusion?.command === 'zzzc' && get().skill === 'zzzc') set({ skill: null });
  if (after.loginRequired) {
    dropConnection();
    void onLoginRequired(after);
    return;
  }
  if (after.status === 2 && after.followUps.length === 0 && !after.interview && after.dialInId !== null) {
    const id = after.dialInId;
    void api()
      .then(({ recommendQuestions }) => recommendQuestions(id, after.question, after.answer))
      .then((list) => update(after.questionId, (m) => (m.followUps.length ? m : { ...m, followUps: list.slice(0, LIMITS.recommendedQuestionsMax) })))
      .catch(() => undefined);
  }
}

/** Questions the user stopped while the server was still answering. */
const stopRequested = new Set<string>();

/** The typing-out stops where it is: the rest of the answer is not shown (marked 已停止输出). */
function stopTyping(questionId: string): void {
  update(questionId, (x) => (x.typing === 'complete' ? x : { ...x, answer: x.answer.slice(0, x.shown), annotations: x.annotations.filter((a) => a.end <= x.shown), typing: 'complete', stopped: true }));
  touch();
}

/** Questions already asked again once after a 3000 whose session turned out to be alive. */
const loginRetried = new Set<string>();

/**
 * 3000 (chat-core §8: jump to login). The session is checked with a REST call first: when it is
 * really gone, the request layer ends it and opens login; when it is alive (the socket's check
 * failed for another reason) the question is asked once more on a new connection.
 */
async function onLoginRequired(m: ChatMessage): Promise<void> {
  const { sessionAlive } = await api();
  const alive = await sessionAlive();
  if (alive === 'gone') {
    sessionHooks.onUnauthorized();
    return;
  }
  if (alive === 'alive' && !loginRetried.has(m.questionId)) {
    loginRetried.add(m.questionId);
    const fresh = newMessage(m.questionId, m.question, m.skill, m.createTime);
    update(m.questionId, () => fresh);
    await emit(fresh);
    return;
  }
  update(m.questionId, (x) => ({ ...x, loginRequired: false, statusMessage: MSG.busy, canResend: true }));
}

async function emit(m: ChatMessage): Promise<void> {
  let c: ChatConnection;
  try {
    c = await connect(m.questionId);
  } catch {
    // No token (login opens) or the socket client did not load.
    set({ conn: 'idle' });
    fail(m.questionId, MSG.busy, false);
    return;
  }
  const s = get();
  const presetRoleId = roles.useStore.getState().presetRoleId;
  const q: QuestionEmitInput = {
    questionId: m.questionId,
    text: m.question,
    annotationNew: 1,
    reasoning: 1,
    ...(m.skill ? { instructCode: m.skill } : {}),
    ...(m.media ? { inputMediaId: m.media.inputMediaId } : {}),
    ...(presetRoleId !== null ? { userInfoId: presetRoleId } : {}),
    ...(s.sessionId ? { continueSessionId: s.sessionId } : {}),
    ...(s.incognito ? { privacyMode: 1 as const } : {}),
  };
  emitted.set(m.questionId, q);
  c.question(q);
  update(m.questionId, (x) => (x.status === -2 ? { ...x, status: 0 } : x));
  stopWatchdog(m.questionId);
  watchdogs.set(
    m.questionId,
    createWatchdog({
      onRetry: () => {
        const now = get().messages.find((x) => x.questionId === m.questionId);
        if (now) retry(now);
      },
      onTimeout: () => fail(m.questionId, MSG.busy, true),
    }),
  );
  runTypewriter();
}

const questionId = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `q-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`);

// ---- actions ----

export const chat = {
  /**
   * Sends a question: the gate (请等待上一次对话结束), the text audit within 1500 ms (blocked →
   * 文本含有敏感信息; a failed audit sends anyway), then the socket. Resolves true when sent.
   */
  async send(raw: string, opts: { skill?: SkillCode | null; media?: ChatMedia | null } = {}): Promise<boolean> {
    const text = raw.trim();
    if (!text) return false;
    const s = get();
    if (isBusy(s.messages, s.auditing)) {
      toastMsg(MSG.waitPrevious);
      return false;
    }
    set({ auditing: true });
    let verdict: 'pass' | 'blocked' | 'error';
    try {
      verdict = await (await api()).auditText(text);
    } catch {
      verdict = 'error';
    } finally {
      set({ auditing: false });
    }
    if (verdict === 'blocked') {
      toastMsg(MSG.sensitiveText);
      return false;
    }
    const skill = opts.skill === undefined ? get().skill : opts.skill;
    const m = { ...newMessage(questionId(), text, skill, Date.now()), ...(opts.media ? { media: opts.media } : {}) };
    set((st) => ({ messages: [...st.messages, m], draft: '' }));
    await emit(m);
    return true;
  },

  /**
   * Asks the last question again, for the member selected now (the user switched member, or
   * picked one when the answer asked whose profile to use; a report is read again for that
   * member). Not while an answer is being given (the gate says so).
   */
  async reaskLast(): Promise<boolean> {
    const last = [...get().messages].reverse().find((m) => m.question.trim() !== '');
    if (!last || (last.status !== 2 && last.status !== -1)) return false;
    return chat.send(last.question, { skill: last.skill, ...(last.media ? { media: last.media } : {}) });
  },

  /** Resends a failed question (same questionId: the server restarts its dialog). */
  async resend(qid: string): Promise<void> {
    const old = get().messages.find((m) => m.questionId === qid);
    if (!old?.canResend) return;
    const others = get().messages.filter((m) => m.questionId !== qid);
    if (isBusy(others, get().auditing)) {
      toastMsg(MSG.waitPrevious);
      return;
    }
    const fresh = { ...newMessage(qid, old.question, old.skill, old.createTime) };
    set((st) => ({ messages: [...st.messages.filter((m) => m.questionId !== qid), fresh] }));
    await emit(fresh);
  },

  /**
   * Stops the answer: one the server is still giving is cancelled there (3008, 您取消了本次提问。);
   * one that has arrived but is still being typed out stops where it is (the rest is not shown,
   * marked 已停止).
   */
  cancel(): void {
    const m = active();
    if (!m) {
      const typing = get().messages.findLast((x) => x.status === 2 && !x.isHistory && x.typing !== 'complete');
      if (typing) stopTyping(typing.questionId);
      return;
    }
    // The server may finish before the cancel reaches it: the answer then stops typing where it is.
    if (m.status !== -2) stopRequested.add(m.questionId);
    if (connection && m.status !== -2) connection.cancel(m.questionId);
    else fail(m.questionId, MSG.cancelled, false);
  },

  /** A new chat session (chatSession/generateNew): the thread empties. */
  async newSession(): Promise<void> {
    const m = active();
    if (m) chat.cancel();
    for (const id of [...watchdogs.keys()]) forget(id);
    set({ messages: [], sessionId: null, selecting: false, selected: [], bannerDismissed: false, draft: '' });
    try {
      const r = await (await api()).generateNewSession();
      // Only if nothing was asked meanwhile.
      if (get().messages.length === 0) set({ sessionId: r.sessionId });
    } catch {
      // The next question starts a session on the server anyway.
    }
  },

  /** Incognito (privacyMode=1) starts a new session, and so does leaving it. */
  async setIncognito(on: boolean): Promise<void> {
    if (get().incognito === on) return;
    set({ incognito: on });
    await chat.newSession();
    toastMsg(i18n.t(on ? 'home.incognitoOn' : 'home.incognitoOff'));
  },

  setSkill(skill: SkillCode | null): void {
    set({ skill });
  },

  setDraft(draft: string): void {
    set({ draft });
  },

  /** Continues a session from history: its dialogs become the thread. */
  continueSession(sessionId: string, messages: ChatMessage[]): void {
    for (const id of [...watchdogs.keys()]) forget(id);
    // Shown whole (typed out already) but live: the last turn's chips and follow-ups work.
    set({ messages: messages.map((m) => ({ ...m, isHistory: false, typing: 'complete', shown: m.answer.length })), sessionId, selecting: false, selected: [], bannerDismissed: false });
  },

  startSelecting(first?: number): void {
    set({ selecting: true, selected: first === undefined ? [] : [first] });
  },
  stopSelecting(): void {
    set({ selecting: false, selected: [] });
  },
  toggleSelected(id: number): void {
    const r = toggleSelection(get().selected, id);
    if (r.refused) toastMsg(MSG.selectLimit);
    else set({ selected: r.selected });
  },

  setCollectFlag(dialInId: number, flag: 0 | 1): void {
    set((s) => ({ messages: s.messages.map((m) => (m.dialInId === dialInId ? { ...m, collectFlag: flag } : m)) }));
  },

  removeDialogs(ids: readonly number[]): void {
    set((s) => ({ messages: s.messages.filter((m) => m.dialInId === null || !ids.includes(m.dialInId)), selected: [], selecting: false }));
  },

  /** A report sent into the chat is being read (its stepped statuses) or has finished. */
  setReading(questionId: string, running: boolean): void {
    if (running) readings.add(questionId);
    else readings.delete(questionId);
    touch();
  },

  dismissBanner(): void {
    set({ bannerDismissed: true });
  },
  closeRating(): void {
    set({ ratingOpen: false });
  },

  /**
   * Reopening the app (issue 18 point 8): the session that was open comes back with its messages,
   * read from the server (getSessionDetail) by the id kept in storage — while it is under the 8 h
   * session timeout. A question still being answered there is resumed from its first frame.
   */
  async restore(): Promise<void> {
    const storage = localStore();
    const id = storage.getItem(KEYS.openSession);
    if (!id || get().messages.length > 0 || get().incognito || restoring) return;
    restoring = true;
    try {
      const [{ loadSession }, { dialogToMessage }] = await Promise.all([api(), import('./history-status')]);
      const list = await loadSession(id);
      if (get().messages.length > 0 || get().sessionId !== null) return;
      const messages = list.map(dialogToMessage).reverse();
      const lastAt = messages.at(-1)?.createTime ?? 0;
      if (messages.length === 0 || Date.now() - lastAt >= CHAT_LIMITS.sessionTimeoutMs) {
        storage.removeItem(KEYS.openSession);
        return;
      }
      chat.continueSession(id, messages);
      const live = get().messages.find((m) => m.status === 1);
      if (live) {
        update(live.questionId, (m) => ({ ...m, status: 1, answer: '', lastSeq: 0, typing: 'prepare', shown: 0, pending: [] }));
        try {
          const c = await connect(live.questionId);
          c.resume(live.questionId, 0);
          runTypewriter();
        } catch {
          fail(live.questionId, MSG.busy, false);
        }
      }
    } catch {
      // The session is gone or unreachable: start afresh.
      storage.removeItem(KEYS.openSession);
    } finally {
      restoring = false;
    }
  },

  /** Logout: everything goes, incognito is switched off (chat-core §1). */
  reset(): void {
    dropConnection();
    if (typer) clearInterval(typer);
    typer = null;
    for (const id of [...watchdogs.keys()]) forget(id);
    dialIns = 0;
    threshold = null;
    set(initial());
  },

  /** The current role vanished (chat-core §4): close the socket, start a new session. */
  roleVanished(): void {
    dropConnection();
    void chat.newSession();
  },
};

onLogin('logout', () => chat.reset());

// The open session's id follows the thread (never an incognito one); reopening restores it.
let restoring = false;
useChatStore.subscribe((s, prev) => {
  if (s.sessionId === prev.sessionId && s.incognito === prev.incognito) return;
  const storage = localStore();
  if (s.sessionId && !s.incognito) storage.setItem(KEYS.openSession, s.sessionId);
  else if (!restoring) storage.removeItem(KEYS.openSession);
});
onLogin('success', () => void chat.restore());
if (isLoggedIn(useLoginStore.getState().status)) void chat.restore();
roles.onNewSession(() => chat.roleVanished());

/** Whether the composer must wait (the sending gate). */
export const useBusy = () => useChatStore((s) => isBusy(s.messages, s.auditing));
/** The session-tips banner (chat-core §4): after 10 questions in the session, until dismissed. */
export const bannerDue = (s: Pick<ChatState, 'messages' | 'bannerDismissed'>) => !s.bannerDismissed && s.messages.length >= LIMITS.sessionBannerAfterQuestions;
export const useShowBanner = () => useChatStore(bannerDue);
