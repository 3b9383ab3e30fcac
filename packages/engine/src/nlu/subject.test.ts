import { beforeAll, describe, expect, it } from 'vitest';
import { frame, personOf, possibleFor } from './frame.ts';

// The segmenter and the KB load once per worker (~1–3 s on a busy machine): not inside a test's 5 s.
beforeAll(() => { frame('预热一下'); }, 60_000);

const subj = (q: string): ReturnType<typeof frame>['subject'] => frame(q).subject;

describe('subject attribution', () => {
  it('reads kinship words, with sex', () => {
    expect(subj('我爸胆结石要不要手术')).toEqual({ who: 'parent', sex: 'M' });
    expect(subj('我家闺女扁桃体发炎了')).toMatchObject({ who: 'child', sex: 'F' });
    expect(subj('媳妇最近老是失眠')).toMatchObject({ who: 'spouse', sex: 'F' });
    expect(subj('奶奶骨质疏松能补钙吗')).toMatchObject({ who: 'elder', sex: 'F' });
  });
  it('is the asker when only 我 is there, or nobody', () => {
    expect(subj('我胃痛两天了')).toEqual({ who: 'self' });
    expect(subj('胃痛两天了')).toEqual({ who: 'self' });
    expect(subj('我想问一下孩子湿疹怎么办').who).toBe('child');
  });
  it('reads 宝宝 of a pregnant woman as the fetus until a birth is mentioned', () => {
    expect(subj('我现在怀孕五个月 宝宝偏小怎么办').who).toBe('fetus');
    expect(subj('孕期贫血对胎儿有影响吗').who).not.toBe('child');
  });
  it('reads the mother of a young baby as herself when she speaks of 我', () => {
    const s = subj('娃才两个月 我这几天乳房胀痛发烧');
    expect(s.who).toBe('self');
    expect(subj('娃才两个月 一直吐奶').who).toBe('child');
  });
  it('gives the subject the age written beside the kinship word', () => {
    expect(subj('儿子6岁 总是流鼻血')).toMatchObject({ who: 'child', age: 6 });
  });
  it('fills the asker from the profile, the text winning', () => {
    expect(frame('我最近心慌', { age: 40, sex: 'F' }).subject).toEqual({ who: 'self', age: 40, sex: 'F' });
    expect(frame('孩子最近心慌', { age: 40, sex: 'F' }).subject.who).toBe('child');
  });
});

describe('who a condition can affect', () => {
  it('excludes the impossible for infants, fetuses, adults and men', () => {
    const infant = { who: 'child', age: 0.3 } as const;
    expect(possibleFor({ ageMin: 14 }, infant)).toBe(false);
    expect(possibleFor({ sex: 'F', pregnancy: 'only' }, infant)).toBe(false);
    expect(possibleFor({ ageMin: 14 }, { who: 'fetus' })).toBe(false);
    expect(possibleFor({ ageMin: 1, ageMax: 14 }, { who: 'parent', sex: 'M' })).toBe(false);
    expect(possibleFor({ sex: 'F' }, { who: 'spouse', sex: 'M' })).toBe(false);
  });
  it('keeps what an unknown fact cannot rule out', () => {
    expect(possibleFor({ sex: 'F', pregnancy: 'only' }, { who: 'self' })).toBe(true);
    expect(possibleFor({ ageMin: 14 }, { who: 'self' })).toBe(true);
    expect(personOf({ who: 'child' }).ageRange).toEqual([0, 18]);
  });
});
