import { describe, expect, it } from 'vitest';
import { FRAME_CODE, MSG, type AnswerFrame } from '@chatdr/contract';
import { CANCELLED_CODE, codeEffect, hasGap, receiveFrame } from './frame-reducer';
import { newMessage, type ChatMessage } from './model';

const Q = 'q-1';
const f = (seq: number, code: number, payload: AnswerFrame['payload'] = {}, status: 0 | 1 | 2 = seq === 1 ? 0 : 1, msg = 'ok'): AnswerFrame => ({ header: { code, msg, questionId: Q, seq, status }, payload });
const start = (): ChatMessage => ({ ...newMessage(Q, '我头痛发烧三天了怎么办', null, 0), status: 0 });
const run = (frames: AnswerFrame[], m = start()) => frames.reduce(receiveFrame, m);

const answer: AnswerFrame[] = [
  f(1, 3002, { dialInId: 7, sessionId: 's-1' }),
  f(2, 3003, { deepThink: { status: 0, text: '', consumingMs: 0 } }),
  f(3, 3003, { deepThink: { status: 1, text: '分析症状', consumingMs: 12 } }),
  f(4, 3003, { deepThink: { status: 2, text: '', consumingMs: 15 } }),
  f(5, 1, { text: '头痛发烧' }),
  f(6, 1, { text: '三天，建议就医。' }),
  f(7, 3010, { sources: [{ index: 1, name: '指南', title: '发热诊疗' }] }),
  f(8, 3003, { annotations: [{ start: 0, end: 2, type: 'disease', id: 'd1' }] }),
  f(9, 3003, { recommend: { department: '内科' } }),
  f(10, 3003, { recommend: { hospitals: [{ name: '协和', level: '三甲', city: '北京', district: '东城', department: '内科', reasons: ['近'] }], scene: ['就医'] } }),
  f(11, 3003, { followUps: ['需要吃药吗？'] }),
  f(12, 1, {}, 2),
];

describe('frame reducer', () => {
  it('builds the message from the frames of an answer', () => {
    const m = run(answer);
    expect(m.status).toBe(2);
    expect(m.dialInId).toBe(7);
    expect(m.sessionId).toBe('s-1');
    expect(m.answer).toBe('头痛发烧三天，建议就医。');
    expect(m.deepThink).toEqual({ status: 2, text: '分析症状', consumingMs: 15 });
    expect(m.sources).toHaveLength(1);
    expect(m.annotations).toEqual([{ start: 0, end: 2, type: 'disease', id: 'd1' }]);
    expect(m.recommend?.department).toBe('内科');
    expect(m.recommend?.hospitals[0]?.name).toBe('协和');
    expect(m.followUps).toEqual(['需要吃药吗？']);
    expect(m.lastSeq).toBe(12);
  });

  it('is answering (1) after the first frame', () => {
    expect(run(answer.slice(0, 1)).status).toBe(1);
  });

  it('applies every frame exactly once: repeats after a resume are dropped', () => {
    const replayed = [...answer.slice(0, 6), ...answer.slice(3, 12)];
    expect(run(replayed).answer).toBe('头痛发烧三天，建议就医。');
  });

  it('holds frames after a gap until it fills, then applies them in order', () => {
    const m1 = run([answer[0]!, answer[1]!, answer[2]!, answer[3]!, answer[5]!]);
    expect(hasGap(m1)).toBe(true);
    expect(m1.answer).toBe('');
    expect(m1.lastSeq).toBe(4);
    const m2 = run([answer[4]!, ...answer.slice(6)], m1);
    expect(hasGap(m2)).toBe(false);
    expect(m2.answer).toBe('头痛发烧三天，建议就医。');
    expect(m2.status).toBe(2);
  });

  it('takes no frames once finished', () => {
    const m = run(answer);
    expect(receiveFrame(m, f(13, 1, { text: 'x' }))).toBe(m);
  });

  it('replaces the text with `answer` (a resume whose frame log expired)', () => {
    const m = run([answer[0]!, f(2, 1, { text: '完整' }), f(3, 1, { answer: '完整的回答文本。' }, 2)]);
    expect(m.answer).toBe('完整的回答文本。');
    expect(m.status).toBe(2);
  });

  it('shows 很抱歉，我无法理解你的问题。 for an empty answer', () => {
    expect(run([answer[0]!, f(2, 1, {}, 2)]).answer).toBe(MSG.emptyAnswer);
  });

  it('maps the socket codes of chat-core §8', () => {
    for (const code of [3001, 3004, 3005, 3097, 3098, 3099]) {
      const m = run([f(1, code, {}, 2, '')]);
      expect([m.status, m.statusMessage, m.canResend]).toEqual([-1, MSG.busy, true]);
    }
    const login = run([f(1, 3000, {}, 2, MSG.notLoggedIn)]);
    expect(login.loginRequired).toBe(true);
    expect(run([f(1, 3030, { text: MSG.badInputFormat }, 2)]).statusMessage).toBe(MSG.badInputFormat);
    const refused = run([f(1, 3031, { text: '这个问题涉及不当内容' }, 2, '这个问题涉及不当内容')]);
    expect([refused.status, refused.answer]).toEqual([2, '这个问题涉及不当内容']);
    const cannot = run([answer[0]!, f(2, 3034, { text: '晓医暂时无法回答' }, 2)]);
    expect([cannot.status, cannot.answer]).toEqual([2, '晓医暂时无法回答']);
    const cancelled = run([answer[0]!, f(2, 1, { text: '头痛' }), f(3, 3008, {}, 2, MSG.cancelled)]);
    expect([cancelled.status, cancelled.statusMessage, cancelled.canResend]).toEqual([-1, MSG.cancelled, true]);
    expect(run([f(1, 5002, {}, 2)]).statusMessage).toBe(MSG.voiceNotRecognised);
    expect(run([f(1, 4242, {}, 2, '')]).statusMessage).toBe(MSG.genericError);
    expect(run([f(1, 4242, {}, 2, '服务器说')]).statusMessage).toBe('服务器说');
    expect(codeEffect(3011, '').kind).toBe('answer');
    expect(codeEffect(3010, '').kind).toBe('answer');
  });

  it('keeps the durable report reading started for an uploaded report (its id and status)', () => {
    const m = run([f(1, 3002), f(2, 3003, { dialInId: 7, sessionId: 's-1' }), f(3, 3003, { event: { type: 'report', reportId: 'r-1', status: 0 } }), f(4, 1, { text: '共解读15项' }, 2)]);
    expect(m.report).toEqual({ reportId: 'r-1', status: 0 });
    expect(run([f(1, 3002), f(2, 3003, { event: { type: 'report' } })]).report ?? null).toBeNull();
  });

  it('reads the interview question, its quick replies and the conclusion', () => {
    const m = run([
      answer[0]!,
      f(2, 1, { text: '还有其他症状吗？' }),
      f(3, 3003, { event: { type: 'interview', step: 2, max: 8, symptomId: 'fever', question: '有没有发烧？' } }),
      f(4, 3003, { followUps: ['有', '没有', '不确定'] }),
      f(5, 3003, { conclusion: { command: 'zzzc', level: 'routine', department: '神经内科', conditions: [{ name: '偏头痛', likelihood: '较可能' }] } }),
      f(6, 1, {}, 2),
    ]);
    expect(m.interview).toEqual({ step: 2, max: 8, symptomId: 'fever', question: '有没有发烧？' });
    expect(m.followUps).toEqual(['有', '没有', '不确定']);
    expect(m.conclusion?.conditions[0]).toEqual({ name: '偏头痛', likelihood: '较可能' });
  });

  it('agrees with contract on the cancel code', () => {
    expect(CANCELLED_CODE).toBe(FRAME_CODE.cancelled);
  });

  it('reads the role question', () => {
    const m = run([answer[0]!, f(2, 3003, { roleQuestion: { roleStatus: -2, who: 'mother', text: '要切换到妈妈的档案吗？' } })]);
    expect(m.roleQuestion).toEqual({ roleStatus: -2, who: 'mother', text: '要切换到妈妈的档案吗？', candidates: [], add: null });
  });

  it('reads the members to choose from, the relative to add, and whose profile the answer used', () => {
    const ask = run([answer[0]!, f(2, 3003, { roleQuestion: { roleStatus: -1, who: 'child', text: '请先选择', candidates: [{ userInfoId: 3, roleName: '儿子', name: '小明' }, { roleName: 'no id' } as unknown as { userInfoId: number; roleName: string; name: string }] } })]);
    expect(ask.roleQuestion?.candidates).toEqual([{ userInfoId: 3, roleName: '儿子', name: '小明' }]);
    const add = run([answer[0]!, f(2, 3003, { roleQuestion: { roleStatus: -1, who: 'spouse', text: '还没有丈夫', add: { roleCode: 'ROLE_2000', roleName: '丈夫' } } })]);
    expect(add.roleQuestion?.add).toEqual({ roleCode: 'ROLE_2000', roleName: '丈夫' });
    const used = run([answer[0]!, f(2, 3003, { event: { type: 'member', userInfoId: 2, roleName: '妈妈', name: '妈妈', text: '按妈妈的资料回答' } })]);
    expect(used.member).toEqual({ userInfoId: 2, text: '按妈妈的资料回答' });
  });
});

describe('the emergency event (issue 18 point 6)', () => {
  it('becomes the message’s emergency: call number, steps, signs, department', () => {
    const m = run([
      f(1, 3002),
      f(2, 3003, { triage: 'emergency' }),
      f(3, 3003, { event: { type: 'emergency', call: '120', steps: ['立即拨打120', '让患者平卧'], signs: ['突发一侧肢体无力'], department: '急诊科' } }),
      f(4, 1, { text: '立即拨打120。' }, 2),
    ]);
    expect(m.triage).toBe('emergency');
    expect(m.emergency).toEqual({ call: '120', steps: ['立即拨打120', '让患者平卧'], signs: ['突发一侧肢体无力'], department: '急诊科' });
  });

  it('ignores a call number that is not a short service number', () => {
    const m = run([f(1, 3002), f(2, 3003, { event: { type: 'emergency', call: 'javascript:x', steps: [] } }), f(3, 1, { text: 'x' }, 2)]);
    expect(m.emergency).toBeNull();
  });
});
