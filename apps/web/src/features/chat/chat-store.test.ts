import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMITS, MSG, type AnswerFrame, type QuestionEmitInput } from '@chatdr/contract';
import type { ChatConnection, ChatSocketHandlers } from './socket';

/** A fake socket: records emits, lets the test deliver frames and drop or restore the connection. */
const sock = vi.hoisted(() => ({
  handlers: null as ChatSocketHandlers | null,
  questions: [] as QuestionEmitInput[],
  resumes: [] as Array<{ questionId: string; lastSeq: number }>,
  cancels: [] as string[],
  audit: 'pass' as 'pass' | 'blocked' | 'error',
  alive: 'alive' as 'alive' | 'gone' | 'unknown',
  session: [] as unknown[],
}));

vi.mock('./socket', () => ({
  connectChat: (opts: { handlers: ChatSocketHandlers }): ChatConnection => {
    sock.handlers = opts.handlers;
    return {
      question: (q) => void sock.questions.push(q),
      cancel: (id) => void sock.cancels.push(id),
      resume: (questionId, lastSeq) => void sock.resumes.push({ questionId, lastSeq }),
      connected: true,
      close: () => undefined,
    };
  },
}));
vi.mock('../../api', () => ({ tokenKeeper: { getToken: () => Promise.resolve('token') } }));
vi.mock('./queries', () => ({
  auditText: () => Promise.resolve(sock.audit),
  saveBreak: () => Promise.resolve(null),
  recommendQuestions: () => Promise.resolve(['推荐问题？']),
  generateNewSession: () => Promise.resolve({ sessionId: 'fresh', lastSessionTime: null, lastSessionId: null, lastSessionTimedOut: false }),
  evaluationCondition: () => Promise.resolve(null),
  markRatingShown: () => Promise.resolve(null),
  sessionAlive: () => Promise.resolve(sock.alive),
  loadSession: () => Promise.resolve(sock.session),
}));

const { bannerDue, chat, useChatStore } = await import('./chat-store');
const { sessionHooks } = await import('../../api/hooks');

const frame = (questionId: string, seq: number, code: number, payload: AnswerFrame['payload'] = {}, status: 0 | 1 | 2 = seq === 1 ? 0 : 1): AnswerFrame => ({ header: { code, msg: 'ok', questionId, seq, status }, payload });
const deliver = (...fs: AnswerFrame[]) => fs.forEach((f) => sock.handlers?.onFrame(f));
const last = () => useChatStore.getState().messages.at(-1)!;

describe('chat store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    chat.reset();
    sock.questions = [];
    sock.resumes = [];
    sock.cancels = [];
    sock.audit = 'pass';
  });
  afterEach(() => void vi.useRealTimers());

  it('sends after the audit, is answered, types out, and keeps the session for the next question', async () => {
    expect(await chat.send('我头痛发烧三天了怎么办')).toBe(true);
    const q = sock.questions[0]!;
    expect(q).toMatchObject({ text: '我头痛发烧三天了怎么办', reasoning: 1 });
    expect(q.continueSessionId).toBeUndefined();
    expect(last().status).toBe(0);
    deliver(frame(q.questionId, 1, 3002, { dialInId: 5, sessionId: 's-1' }), frame(q.questionId, 2, 1, { text: '建议多休息，多喝水，观察体温变化。' }));
    expect(last().status).toBe(1);
    expect(useChatStore.getState().sessionId).toBe('s-1');
    deliver(frame(q.questionId, 3, 1, {}, 2));
    expect(last().status).toBe(2);
    expect(last().typing).not.toBe('complete');
    await vi.advanceTimersByTimeAsync(LIMITS.typewriterIntervalMs * 20);
    expect(last().typing).toBe('complete');
    expect(last().shown).toBe(last().answer.length);
    await chat.send('还要注意什么？');
    expect(sock.questions[1]?.continueSessionId).toBe('s-1');
  });

  it('stop while the answer types out: it stops where it is, marked stopped, and the next question may go (issue 18)', async () => {
    await chat.send('高血压饮食要注意什么');
    const q = sock.questions[0]!;
    deliver(frame(q.questionId, 1, 3002, { dialInId: 6, sessionId: 's-2' }), frame(q.questionId, 2, 1, { text: '少盐少油，多吃蔬菜水果，控制体重，戒烟限酒，规律运动，按时测血压并记录。'.repeat(4) }), frame(q.questionId, 3, 1, {}, 2));
    await vi.advanceTimersByTimeAsync(LIMITS.typewriterIntervalMs * 2);
    const shown = last().shown;
    expect(shown).toBeLessThan(last().answer.length);
    chat.cancel();
    expect(sock.cancels).toEqual([]);
    expect(last()).toMatchObject({ status: 2, typing: 'complete', stopped: true });
    expect(last().answer.length).toBe(shown);
    expect(await chat.send('下一个问题')).toBe(true);
  });

  it('stop while the server answers: cancel is sent; if the answer still completes it stops typing at once', async () => {
    await chat.send('第一个问题');
    const q = sock.questions[0]!;
    deliver(frame(q.questionId, 1, 3002, { dialInId: 7, sessionId: 's-3' }), frame(q.questionId, 2, 1, { text: '一段很长的回答。'.repeat(20) }));
    chat.cancel();
    expect(sock.cancels).toEqual([q.questionId]);
    deliver(frame(q.questionId, 3, 1, {}, 2));
    expect(last()).toMatchObject({ status: 2, typing: 'complete', stopped: true });
  });

  it('reopening restores the open session from the server by the id kept in storage (issue 18)', async () => {
    const { KEYS, localStore } = await import('../../platform/storage');
    const dialog = (id: number, question: string, at: number) => ({
      id, dialInId: id, questionId: `q${id}`, sessionId: 's-open', question, answer: `答：${question}`, status: 2, code: 1, statusMessage: null, canResend: false, createTime: at,
      inType: 1, commandCode: null, inputMediaId: null, relInputMediaId: null, inputScene: null, reportId: null, sceneModule: null, indicatorTypeCode: null, userInfoId: null,
      deepThinkStatus: null, deepThinkText: null, deepThinkConsuming: null, scene: null, source: [], followUps: [], recommendDeptName: null, recommendDisName: null, recommendDrgName: null,
      triage: null, chatAnnotaions: [], extras: {}, collectFlag: 0,
    });
    sock.session = [dialog(2, '第二问', Date.now() - 1000), dialog(1, '第一问', Date.now() - 2000)];
    localStore().setItem(KEYS.openSession, 's-open');
    await chat.restore();
    expect(useChatStore.getState().messages.map((m) => m.question)).toEqual(['第一问', '第二问']);
    expect(useChatStore.getState().sessionId).toBe('s-open');
    // Only the id is kept: no question or answer text in storage.
    const store = localStore();
    const values = Array.from({ length: store.length }, (_, i) => store.getItem(store.key(i) ?? '') ?? '');
    expect(values.join('|')).not.toMatch(/第一问|答：/u);
  });

  it(`refuses a new question while the last is answered (${MSG.waitPrevious})`, async () => {
    await chat.send('第一个问题');
    expect(await chat.send('第二个问题')).toBe(false);
    expect(sock.questions).toHaveLength(1);
  });

  it(`does not send a blocked text (${MSG.sensitiveText}) and sends when the audit fails`, async () => {
    sock.audit = 'blocked';
    expect(await chat.send('不当内容')).toBe(false);
    expect(sock.questions).toHaveLength(0);
    sock.audit = 'error';
    expect(await chat.send('审核失败也发送')).toBe(true);
    expect(sock.questions).toHaveLength(1);
  });

  it('resumes from the last seq after a reconnect, applying every frame once', async () => {
    await chat.send('问题');
    const id = sock.questions[0]!.questionId;
    deliver(frame(id, 1, 3002, { dialInId: 1, sessionId: 's' }), frame(id, 2, 1, { text: '第一段。' }));
    sock.handlers?.onDisconnect();
    expect(useChatStore.getState().conn).toBe('reconnecting');
    sock.handlers?.onReconnect();
    expect(sock.resumes).toEqual([{ questionId: id, lastSeq: 2 }]);
    // The server replays from seq 3; a repeat of seq 2 is dropped.
    deliver(frame(id, 2, 1, { text: '第一段。' }), frame(id, 3, 1, { text: '第二段。' }), frame(id, 4, 1, {}, 2));
    expect(last().answer).toBe('第一段。第二段。');
    expect(last().status).toBe(2);
  });

  it('asks the question again when the connection came back before any frame', async () => {
    await chat.send('问题');
    sock.handlers?.onDisconnect();
    sock.handlers?.onReconnect();
    expect(sock.questions).toHaveLength(2);
    expect(sock.questions[1]?.questionId).toBe(sock.questions[0]?.questionId);
    expect(sock.resumes).toHaveLength(0);
  });

  it('retries every 7000 ms without a frame and times out after 9 retries (resend allowed)', async () => {
    await chat.send('问题');
    const id = sock.questions[0]!.questionId;
    deliver(frame(id, 1, 3002, { dialInId: 1, sessionId: 's' }));
    await vi.advanceTimersByTimeAsync(LIMITS.watchdogMs);
    expect(sock.resumes).toEqual([{ questionId: id, lastSeq: 1 }]);
    await vi.advanceTimersByTimeAsync(LIMITS.watchdogMs * LIMITS.watchdogRetries);
    expect(sock.resumes).toHaveLength(LIMITS.watchdogRetries);
    expect([last().status, last().statusMessage, last().canResend]).toEqual([-1, MSG.busy, true]);
  });

  it('gives up with the busy message when every reconnection failed, then resends the same question', async () => {
    await chat.send('问题');
    const id = sock.questions[0]!.questionId;
    sock.handlers?.onGiveUp();
    expect([last().status, last().statusMessage]).toEqual([-1, MSG.busy]);
    await chat.resend(id);
    expect(sock.questions.at(-1)?.questionId).toBe(id);
    expect(last().status).toBe(0);
  });

  it('cancels through the socket; incognito sends privacyMode 1 in a new session and is off after logout', async () => {
    await chat.send('问题');
    chat.cancel();
    expect(sock.cancels).toHaveLength(1);
    const id = sock.questions[0]!.questionId;
    deliver(frame(id, 1, 3008, {}, 2));
    expect([last().status, last().statusMessage]).toEqual([-1, MSG.cancelled]);
    await chat.setIncognito(true);
    expect(useChatStore.getState().messages).toEqual([]);
    expect(useChatStore.getState().sessionId).toBe('fresh');
    await chat.send('无痕问题');
    expect(sock.questions.at(-1)?.privacyMode).toBe(1);
    chat.reset();
    expect(useChatStore.getState().incognito).toBe(false);
  });

  it('on 3000 ends the session only when the server says it is gone; otherwise asks once more', async () => {
    const ended = vi.spyOn(sessionHooks, 'onUnauthorized');
    await chat.send('问题');
    const id = sock.questions[0]!.questionId;
    sock.alive = 'alive';
    deliver({ header: { code: 3000, msg: MSG.notLoggedIn, questionId: id, seq: 0, status: 2 }, payload: {} });
    await vi.advanceTimersByTimeAsync(10);
    expect(ended).not.toHaveBeenCalled();
    expect(sock.questions).toHaveLength(2);
    expect(last().status).toBe(0);
    sock.alive = 'gone';
    deliver({ header: { code: 3000, msg: MSG.notLoggedIn, questionId: id, seq: 0, status: 2 }, payload: {} });
    await vi.advanceTimersByTimeAsync(10);
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('shows the session-tips banner from the 10th question until dismissed', async () => {
    for (let i = 0; i < 10; i++) {
      expect(bannerDue(useChatStore.getState())).toBe(false);
      await chat.send(`问题${i}`);
      const id = sock.questions.at(-1)!.questionId;
      deliver(frame(id, 1, 3002, { dialInId: i + 1, sessionId: 's' }), frame(id, 2, 1, { text: '好的。' }, 2));
      await vi.advanceTimersByTimeAsync(LIMITS.typewriterIntervalMs * 3);
    }
    expect(bannerDue(useChatStore.getState())).toBe(true);
    chat.dismissBanner();
    expect(bannerDue(useChatStore.getState())).toBe(false);
  });

  it(`selects at most ${LIMITS.selectionMax} messages`, () => {
    chat.startSelecting();
    for (let i = 1; i <= 16; i++) chat.toggleSelected(i);
    expect(useChatStore.getState().selected).toHaveLength(15);
  });
});
