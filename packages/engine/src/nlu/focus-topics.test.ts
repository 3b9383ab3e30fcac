import { beforeAll, describe, expect, it } from 'vitest';
import { frame, type Frame } from './frame.ts';

// The segmenter and the KB load once per worker: not inside a test's 5 s.
beforeAll(() => { frame('预热一下'); }, 60_000);

const topicOf = (f: Frame): { type: string; name: string } | null => f.food ?? (f.focus.type === 'story' ? (f.focus.topic ?? null) : null);
const symptomNames = (f: Frame): string[] => f.mentions.filter((m) => m.type === 'symptom').map((m) => m.name);

describe('site + complaint composition (link.ts composeSymptoms)', () => {
  it('links a site followed by a complaint word to the KB symptom of that site', () => {
    expect(symptomNames(frame('右侧牙齿疼痛，左侧不痛'))).toContain('牙痛');
    expect(symptomNames(frame('嗓子有点痒一直想咳'))).toContain('咽痒');
  });
  it('keeps a site with a complaint the KB has no symptom for as the story topic', () => {
    expect(topicOf(frame('儿童阴茎肿疼该怎么办'))).toMatchObject({ type: 'symptom', name: '阴茎肿痛' });
  });
  it('does not compose a site with words that are no complaint', () => {
    expect(symptomNames(frame('牙齿矫正要多久'))).toEqual([]);
    expect(symptomNames(frame('肚子里的宝宝几个月会动'))).toEqual([]);
  });
  it('no longer links the ICD catch-all 疼痛 as a disease', () => {
    expect(frame('腰部疼痛怎么办').mentions.some((m) => m.type === 'disease' && m.name === '疼痛')).toBe(false);
  });
});

describe('food asked about (frame.ts foodAsked)', () => {
  it('reads the X of 能吃X吗 / X能吃吗 as the food asked about, and keeps a named disease as the focus to plan from', () => {
    const f = frame('眼睑带状疱疹可不可以吃燕麦');
    expect(f.food).toMatchObject({ type: 'food', name: '燕麦' });
    expect(f.focus).toMatchObject({ type: 'disease', name: '眼睑带状疱疹' });
    expect(topicOf(frame('拉肚子了，鸡蛋能吃吗'))).toMatchObject({ type: 'food', name: '鸡蛋' });
  });
  it('leaves a drug asked about to the drug, and 吃什么 is no food', () => {
    expect(frame('我妈有胃溃疡 可以吃阿司匹林吗').focus).toMatchObject({ type: 'drug', name: '阿司匹林' });
    expect(topicOf(frame('胃炎能吃什么'))).toBeNull();
    expect(topicOf(frame('感冒了可以吃药吗'))).toBeNull();
  });
});

describe('background mentions give way (frame.ts isBackground)', () => {
  it('a disease named as the cause is not the focus when another is named', () => {
    expect(frame('孩子因为感冒引起得了支气管哮喘，喘得厉害怎么办').focus).toMatchObject({ type: 'disease', name: '支气管哮喘' });
  });
  it('a test that only reported something gives way to the disease found', () => {
    expect(frame('脑CT检查发现轻微脑梗，怎么治疗').focus).toMatchObject({ type: 'disease', name: '脑梗死' });
  });
  it('a test asked about stays the focus', () => {
    expect(frame('体检甘油三酯3.2 算高吗').focus).toMatchObject({ type: 'test' });
    expect(frame('B超结果是什么意思').focus).toMatchObject({ type: 'test' });
  });
});

describe('story topic when the KB links no symptom', () => {
  it('falls back to the site named', () => {
    const t = topicOf(frame('包皮里长了白色的东西还有臭味'));
    expect(t?.type === 'body_part' || t?.type === 'symptom').toBe(true);
  });
  it('has no topic when the story has a linked symptom', () => {
    expect(topicOf(frame('发烧三天了怎么办'))).toBeNull();
  });
});

describe('what is named most often is the focus (frame.ts, repeated mentions)', () => {
  it('a complaint named twice beats complaints named once', () => {
    const f = frame('头晕，眼睛胀，咳嗽，咳嗽的时候胸口痛');
    expect(f.focus.type === 'story' ? f.focus.symptoms[0]?.name : null).toBe('咳嗽');
  });
  it('with every mention named once the named disease stays the focus', () => {
    expect(frame('为什么我感冒咳嗽了一星期还不好').focus).toMatchObject({ type: 'disease', name: '普通感冒' });
  });
  it('a repeated mention does not override the drug of a can-I-take question', () => {
    expect(frame('胃溃疡，胃溃疡的人可以吃阿司匹林吗').focus).toMatchObject({ type: 'drug', name: '阿司匹林' });
  });
});
