import { describe, expect, it } from 'vitest';
import { extract } from '../extract.ts';
import { LabelSchema, parseLines, partOf } from '../../eval/real/labels.ts';
import type { RealCase } from '../../eval/real/labels.ts';
import { engineView, majorityShare, sameDepartment, sameFocus, scoreReal, subjectOfWho } from '../../eval/real/score.ts';
import type { EngineView } from '../../eval/real/score.ts';
import type { AnswerEvent } from '../answer.ts';

const label = (over: Partial<RealCase> = {}): RealCase => ({
  id: 'rq-dev-0001', q: '头疼怎么办', intent: '治疗方案', ask: 'how_to_treat', focus: { type: 'symptom', name: '头痛' }, subject: 'self', sex: null, age: null, pregnant: false, department: '神经内科', emergency: false, answerable: true, ...over,
});
const view = (over: Partial<EngineView> = {}): EngineView => ({ intent: '治疗方案', ask: null, focus: { type: 'symptom', name: '头痛' }, subject: null, department: '神经内科', triage: 'routine', noContent: false, ...over });

describe('real labels', () => {
  it('splits by id: divisible by 5 is real-holdout', () => {
    expect(partOf('rq-dev-0005')).toBe('real-holdout');
    expect(partOf('rq-dev-0750')).toBe('real-holdout');
    expect(partOf('rq-dev-0751')).toBe('real-dev');
    expect(partOf('rq-dev-0001')).toBe('real-dev');
  });

  it('validates every line, drops and reports malformed ones, keeps the last of a duplicate', () => {
    const good = JSON.stringify({ id: 'rq-dev-0001', intent: '就医建议', ask: 'where', focus: { type: 'disease', name: '股癣' }, subject: 'self', sex: null, age: null, pregnant: false, department: '皮肤科', emergency: false, answerable: true });
    const badIntent = good.replace('就医建议', '看病').replace('0001', '0002');
    const badDept = good.replace('皮肤科', '皮肤病科').replace('0001', '0003');
    const extraKey = good.replace('"answerable":true', '"answerable":true,"note":"x"').replace('0001', '0004');
    const again = good.replace('where', 'which_department');
    const r = parseLines([good, badIntent, '{not json', badDept, extraKey, '', again].join('\n'), LabelSchema);
    expect(r.rows.map((x) => x.id)).toEqual(['rq-dev-0001']);
    expect(r.rows[0]?.ask).toBe('which_department');
    expect(r.duplicates).toEqual(['rq-dev-0001']);
    expect(r.rejected.map((x) => [x.line, x.id])).toEqual([[2, 'rq-dev-0002'], [3, null], [4, 'rq-dev-0003'], [5, 'rq-dev-0004']]);
  });
});

describe('real scorer', () => {
  it('matches a focus by normalised name, lexicon synonym or containment', () => {
    expect(sameFocus('股癣', '股癣')).toBe(true);
    expect(sameFocus('痔疮', '痔')).toBe(true);
    expect(sameFocus('甲状腺功能', '甲状腺功能检查')).toBe(true);
    expect(sameFocus('頭痛', '头痛')).toBe(true);
    expect(sameFocus('腹泻', '便血')).toBe(false);
    expect(sameFocus('胃', '胃炎')).toBe(false);
  });

  it('counts a department alias, and for a child the child variant', () => {
    expect(sameDepartment('心内科', '心血管内科', 'self')).toBe(true);
    expect(sameDepartment('呼吸内科', '儿科', 'child')).toBe(true);
    expect(sameDepartment('呼吸内科', '儿科', 'self')).toBe(false);
    expect(sameDepartment('皮肤科', '眼科', 'self')).toBe(false);
  });

  it('maps the extraction who to the label subjects', () => {
    expect(subjectOfWho('mother')).toBe('parent');
    expect(subjectOfWho('elder')).toBe('parent');
    expect(subjectOfWho('child')).toBe('child');
    expect(subjectOfWho(null)).toBeNull();
  });

  it('reads intent, department, focus and no-content off the answer events', () => {
    const events: AnswerEvent[] = [
      { type: 'deepThink', status: 1, text: '健康问题，知识库未收录具体条目（治疗方案）', consumingMs: 1 },
      { type: 'triage', level: 'routine' },
      { type: 'intent', intent: '治疗方案' },
      { type: 'recommend', department: '皮肤科' },
      { type: 'text', delta: '治疗方案需要医生根据诊断制定。' },
    ];
    const v = engineView(events, extract('脚气怎么治'));
    expect(v).toMatchObject({ intent: '治疗方案', department: '皮肤科', triage: 'routine', noContent: true, ask: null });
    const withTrace = engineView([{ type: 'deepThink', status: 1, text: '疾病：股癣（皮肤科）', consumingMs: 1 }], extract('股癣哪里治'));
    expect(withTrace.focus).toEqual({ type: 'disease', name: '股癣' });
    expect(withTrace.noContent).toBe(false);
    const framed = engineView([], extract('股癣哪里治'), { ask: 'where', focus: { type: 'disease', name: '股癣' }, subject: 'self' });
    expect(framed).toMatchObject({ ask: 'where', subject: 'self' });
  });

  it('scores each metric over its own cases: false emergencies over non-emergencies, department and no-content over answerable', () => {
    const cases = [label(), label({ id: 'rq-dev-0002', emergency: true }), label({ id: 'rq-dev-0003', answerable: false, intent: '其他' })];
    const views = [view({ triage: 'emergency' }), view({ triage: 'urgent', department: '急诊科', noContent: true }), view({ intent: '其他', department: null })];
    const s = scoreReal(cases, views);
    const m = Object.fromEntries(s.metrics.map((x) => [x.name, [x.hits, x.total]]));
    expect(m['intent accuracy']).toEqual([3, 3]);
    expect(m['false-emergency rate']).toEqual([1, 2]);
    expect(m['emergency recall']).toEqual([0, 1]);
    expect(m['department accuracy']).toEqual([1, 2]);
    expect(m['no-content answers']).toEqual([1, 2]);
    expect(m['subject accuracy']).toEqual([3, 3]);
    expect(s.metrics.find((x) => x.name === 'ask accuracy')?.rate).toBeNull();
    expect(s.misses.map((x) => `${x.id} ${x.metric}`)).toEqual(['rq-dev-0001 false-emergency', 'rq-dev-0002 department', 'rq-dev-0002 emergency']);
  });

  it('gives the majority-class share', () => {
    expect(majorityShare(['a', 'b', 'a', 'c'])).toEqual({ value: 'a', rate: 0.5 });
    expect(majorityShare([])).toEqual({ value: null, rate: null });
  });
});
