import { describe, expect, it } from 'vitest';
import { PROFILE_LINE_PREFIX, answerForShare } from './messages.ts';

describe('a shared answer carries no profile (issue 18 point 10)', () => {
  it('drops the 结合档案 line wherever it stands, keeps the rest', () => {
    const answer = `${PROFILE_LINE_PREFIX}本人，36岁，男。\n头痛发烧两天，多休息多喝水。\n${PROFILE_LINE_PREFIX}对青霉素过敏。\n如持续高热请就医。\n`;
    expect(answerForShare(answer)).toBe('头痛发烧两天，多休息多喝水。\n如持续高热请就医。\n');
  });

  it('an answer without a profile line is unchanged', () => {
    expect(answerForShare('多喝水。\n注意休息。')).toBe('多喝水。\n注意休息。');
  });
});
