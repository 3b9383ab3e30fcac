import { describe, expect, it } from 'vitest';
import { MSG, type ChatDialog } from '@chatdr/contract';
import { dialogToMessage, historyStatus } from './history-status';

const dialog = (o: Partial<ChatDialog> = {}): ChatDialog => ({
  id: 3, dialInId: 3, questionId: 'q', sessionId: 's', question: '头痛', answer: '多休息。', status: 2, code: 1, statusMessage: null, canResend: false,
  createTime: 1, inType: null, commandCode: null, inputMediaId: null, relInputMediaId: null, inputScene: null, reportId: null, sceneModule: null,
  indicatorTypeCode: null, userInfoId: null, deepThinkStatus: 2, deepThinkText: '想了想', deepThinkConsuming: 1200, scene: null, source: [], followUps: [],
  recommendDeptName: '神经内科', recommendDisName: null, recommendDrgName: null, triage: 'routine', chatAnnotaions: [], extras: {}, collectFlag: 1, ...o,
});

describe('history status mapping', () => {
  it('codes 1, 3032, 3033, 3095 and 3096 are complete (2)', () => {
    for (const c of [1, 3032, 3033, 3095, 3096]) expect(historyStatus(c)).toEqual({ status: 2, statusMessage: null });
  });

  it('any other code is failed (-1)', () => {
    for (const c of [3001, 3008, 3030, 3031, 3099, 0]) expect(historyStatus(c).status).toBe(-1);
  });

  it(`no code is -1 with ${MSG.cancelled}`, () => {
    expect(historyStatus(null)).toEqual({ status: -1, statusMessage: MSG.cancelled });
    expect(historyStatus(undefined)).toEqual({ status: -1, statusMessage: MSG.cancelled });
  });

  it('turns a stored dialog into a whole message', () => {
    const m = dialogToMessage(dialog({ extras: { conclusion: { command: 'zzzc', level: 'routine', department: '神经内科', conditions: [{ name: '偏头痛', likelihood: '可能' }] }, hospitals: { items: [{ name: '协和', level: '三甲', city: '北京', district: '东城', department: null, reasons: [] }] } } }));
    expect(m.status).toBe(2);
    expect(m.typing).toBe('complete');
    expect(m.shown).toBe(m.answer.length);
    expect(m.recommend?.department).toBe('神经内科');
    expect(m.recommend?.hospitals[0]?.name).toBe('协和');
    expect(m.conclusion?.department).toBe('神经内科');
    expect(m.deepThink?.consumingMs).toBe(1200);
    expect(m.collectFlag).toBe(1);
    const cancelled = dialogToMessage(dialog({ code: null, answer: '', status: -1, canResend: true }));
    expect([cancelled.status, cancelled.statusMessage, cancelled.canResend]).toEqual([-1, MSG.cancelled, true]);
    expect(dialogToMessage(dialog({ status: 1, code: null })).status).toBe(1);
  });
});
