import { beforeAll, describe, expect, it } from 'vitest';
import { INTENTS } from '../intent.ts';
import { frame } from './frame.ts';

// The segmenter and the KB load once per worker (~1–3 s on a busy machine): not inside a test's 5 s.
beforeAll(() => { frame('预热一下'); }, 60_000);

describe('question frame', () => {
  it('focuses on the named disease and reads what is asked', () => {
    const f = frame('痛风发作了 怎么治疗好得快');
    expect(f.focus).toMatchObject({ type: 'disease', name: '痛风' });
    expect(f.ask).toBe('how_to_treat');
    expect(INTENTS).toContain(f.intent);
  });
  it('focuses on the drug for a can-I-take question about someone with a disease', () => {
    const f = frame('我妈有胃溃疡 可以吃阿司匹林吗');
    expect(f.focus).toMatchObject({ type: 'drug', name: '阿司匹林' });
    expect(f.ask).toBe('can_take');
    expect(f.subject.who).toBe('parent');
  });
  it('focuses on the test and carries its value', () => {
    const f = frame('体检甘油三酯3.2 算高吗');
    expect(f.focus).toMatchObject({ type: 'test' });
    expect(f.ask).toBe('is_normal');
    expect(f.mentions.find((m) => m.type === 'test')?.value).toMatchObject({ kind: 'value', value: 3.2 });
  });
  it('answers which department for an operation or a disease', () => {
    expect(frame('疝气手术挂哪个科').ask).toBe('which_department');
    expect(frame('带状疱疹该挂什么科').focus).toMatchObject({ type: 'disease', name: '带状疱疹' });
  });
  it('is a story of symptoms when nothing is named', () => {
    const f = frame('头晕恶心两天了 不发烧');
    expect(f.focus.type).toBe('story');
    expect(f.focus.type === 'story' ? f.focus.symptoms.map((s) => s.name) : []).toEqual(expect.arrayContaining(['头晕', '恶心']));
    expect(f.focus.type === 'story' ? f.focus.symptoms.map((s) => s.name) : []).not.toContain('发热');
  });
  it('does not focus on a denied disease', () => {
    expect(frame('没有高血压 最近老是头晕').focus.type).toBe('story');
  });
  it('reads food questions as diet, not can_take', () => {
    expect(frame('得了痔疮能吃辣椒吗').ask).toBe('diet');
  });
  it('uses an injected intent classifier', () => {
    const f = frame('胃炎吃什么好', {}, { classifyIntent: (_t, types) => ({ intent: types.includes('disease') ? '注意事项' : '其他', p: 0.7 }) });
    expect(f.intent).toBe('注意事项');
    expect(f.intentP).toBe(0.7);
  });
});
