import { describe, it, expect } from 'vitest';
import { dietAdvice, dietRuleById, DIET_RULES } from './diet.ts';

const ids = (q: Parameters<typeof dietAdvice>[0]): string[] => dietAdvice(q).map((a) => a.rule.id);

describe('diet-rules.json', () => {
  it('has at least 30 well-formed rules with sources', () => {
    expect(DIET_RULES.length).toBeGreaterThanOrEqual(30);
    const ruleIds = new Set<string>();
    const words = new Map<string, string>();
    for (const r of DIET_RULES) {
      expect(ruleIds.has(r.id)).toBe(false);
      ruleIds.add(r.id);
      expect(r.match.length).toBeGreaterThan(0);
      for (const w of r.match) {
        // A match word belongs to one rule only.
        expect(words.get(w) ?? r.id).toBe(r.id);
        words.set(w, r.id);
      }
      expect(r.principles.length).toBeGreaterThan(0);
      expect(r.recommend.length).toBeGreaterThan(0);
      expect(r.limit.length).toBeGreaterThan(0);
      expect(r.source).toMatch(/《.+》/u);
      expect(r.source).toMatch(/\d{4}|第9版/u);
    }
  });

  it('gives guideline amounts', () => {
    expect(dietRuleById('diet-hypertension')?.limit.join()).toContain('食盐<5 g/日');
    expect(dietRuleById('diet-gout')?.principles.join()).toContain('2000 ml');
    expect(dietRuleById('diet-pregnancy')?.principles.join()).toContain('400 μg');
    expect(dietRuleById('diet-hypothyroidism')?.principles.join()).toContain('碘');
  });
});

describe('dietAdvice', () => {
  it('member with 痛风 asking about 海鲜 gets the gout rule with purine limits', () => {
    const r = dietAdvice({ text: '我能吃海鲜吗？喝点啤酒行不行', diseases: ['痛风'] });
    expect(r[0]?.rule.id).toBe('diet-gout');
    expect(r[0]?.matchedBy).toBe('痛风');
    expect(r[0]?.via).toBe('profile');
    const limits = r[0]?.rule.limit.join('；') ?? '';
    expect(limits).toContain('海鲜');
    expect(limits).toContain('高嘌呤');
    expect(limits).toContain('啤酒');
  });

  it('profile diseases first, then the text, deduplicated, at most 3', () => {
    const r = dietAdvice({ text: '有高血压和糖尿病，最近便秘，还失眠', diseases: ['2型糖尿病', '高尿酸血症'] });
    expect(r.map((a) => a.rule.id)).toEqual(['diet-diabetes', 'diet-gout', 'diet-hypertension']);
    expect(r.map((a) => a.via)).toEqual(['profile', 'profile', 'text']);
    expect(r[2]?.matchedBy).toBe('高血压');
    expect(dietAdvice({ text: '有高血压和糖尿病，最近便秘，还失眠', diseases: [] }, 10).map((a) => a.rule.id)).toEqual([
      'diet-hypertension',
      'diet-diabetes',
      'diet-constipation',
      'diet-insomnia',
    ]);
  });

  it('the longest name wins: 妊娠期糖尿病 is not plain diabetes nor plain pregnancy', () => {
    expect(ids({ text: '', diseases: ['妊娠期糖尿病'] })).toEqual(['diet-gdm']);
    expect(ids({ text: '查出妊娠期糖尿病，怎么吃', diseases: [] })).toEqual(['diet-gdm']);
  });

  it('pregnancy and lactation flags', () => {
    expect(ids({ text: '吃什么好', diseases: [], pregnant: true })).toEqual(['diet-pregnancy']);
    expect(ids({ text: '吃什么好', diseases: ['高血压'], lactating: true })).toEqual(['diet-hypertension', 'diet-lactation']);
  });

  it('denied conditions in the text do not count', () => {
    expect(ids({ text: '我没有高血压，也没有糖尿病', diseases: [] })).toEqual([]);
    expect(ids({ text: '不是痛风，是便秘', diseases: [] })).toEqual(['diet-constipation']);
  });

  it('手心发热 is not 发热', () => {
    expect(ids({ text: '孕妇手心发热能吃什么', diseases: [] })).toEqual(['diet-pregnancy']);
    expect(ids({ text: '孩子发热了吃什么', diseases: [] })).toEqual(['diet-cold-fever']);
  });

  it('age-restricted rules', () => {
    expect(ids({ text: '宝宝8个月了，辅食怎么加', diseases: [], ageYears: 0.7 })).toEqual(['diet-infant-complementary']);
    expect(ids({ text: '孩子湿疹要忌口吗', diseases: [], ageYears: 3 })).toEqual(['diet-child-eczema']);
    expect(ids({ text: '湿疹要忌口吗', diseases: [], ageYears: 40 })).toEqual([]);
  });

  it('normalises traditional characters and ignores unknown diseases', () => {
    expect(ids({ text: '高血壓能吃鹹菜嗎', diseases: ['过敏性鼻炎'] })).toEqual(['diet-hypertension']);
    expect(ids({ text: '', diseases: [] })).toEqual([]);
  });

  it('甲亢 and 甲减 give opposite iodine advice', () => {
    expect(dietAdvice({ text: '甲亢能吃海带吗', diseases: [] })[0]?.rule.limit.join()).toContain('海带');
    expect(dietAdvice({ text: '', diseases: ['甲状腺功能减退症'] })[0]?.rule.id).toBe('diet-hypothyroidism');
  });
});
