import { describe, expect, it } from 'vitest';
import { normalizeText } from '../normalize.ts';
import { clausesOf, statusOf, type MentionStatus } from './context.ts';

const status = (text: string, word: string): MentionStatus => {
  const t = normalizeText(text);
  const at = t.indexOf(word);
  return statusOf(t, clausesOf(t), at, at + word.length);
};

describe('clauses', () => {
  it('split at punctuation, spaces and contrast words', () => {
    expect(clausesOf('不咳嗽但是发烧，嗓子疼 流鼻涕').map((c) => c.text)).toEqual(['不咳嗽', '但是发烧', '嗓子疼', '流鼻涕']);
  });
});

describe('negation', () => {
  it('denies a mention right after a negator', () => {
    expect(status('没有发烧', '发烧').polarity).toBe('negated');
    expect(status('否认高血压病史', '高血压').polarity).toBe('negated');
    expect(status('从来没得过哮喘', '哮喘').polarity).toBe('negated');
    expect(status('血糖无异常 尿酸阴性', '尿酸').polarity).toBe('negated');
  });
  it('does not deny across a clause or in a question form', () => {
    expect(status('不咳嗽但是发烧', '发烧').polarity).toBe('affirmed');
    expect(status('是不是胆结石', '胆结石').polarity).toBe('affirmed');
    expect(status('不知道是不是过敏', '过敏').polarity).toBe('affirmed');
    expect(status('有没有可能是胃炎', '胃炎').polarity).toBe('affirmed');
  });
});

describe('time and modality', () => {
  it('puts history in the past and the present complaint now', () => {
    expect(status('小时候得过肺炎，现在咳嗽', '肺炎').time).toBe('past');
    expect(status('小时候得过肺炎，现在咳嗽', '咳嗽').time).toBe('now');
    expect(status('腰疼已经好了', '腰疼').time).toBe('past');
  });
  it('reads hypotheticals and suspicions', () => {
    expect(status('万一是心梗怎么办', '心梗').modality).toBe('hypothetical');
    expect(status('如果吃了头孢再喝酒', '头孢').modality).toBe('hypothetical');
    expect(status('会不会是痛风', '痛风').modality).toBe('suspected');
    expect(status('确诊痛风三年', '痛风').modality).toBe('stated');
  });
});
