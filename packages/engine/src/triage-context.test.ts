import { describe, expect, it } from 'vitest';
import { extract } from './extract.ts';
import { TRIAGE_CONTEXT_RULES } from './triage-context.ts';
import { NOW, level, rules, tri } from './triage-test-kit.ts';

// Tests generated from the context rules' own examples (triage-context.ts): a positive example is
// no longer an emergency and names the context rule; a negative example stays an emergency.
describe.each(TRIAGE_CONTEXT_RULES.map((r) => [r.id, r] as const))('context rule %s', (_id, rule) => {
  it.each(rule.positive.map((t) => [t]))('withdraws the emergency: %s', (text) => {
    const r = tri(text);
    expect(r.level).toBe('urgent');
    expect(rules(text)).toContain('context-not-now');
    expect(r.actions[0]).not.toMatch(/^立即拨打120/u);
  });
  it.each(rule.positive.map((t) => [t]))('the example is withdrawn by this rule, from rules it may withdraw: %s', (text) => {
    const w = tri(text).withdrawn ?? [];
    expect(w.length).toBeGreaterThan(0);
    expect(w.some((x) => x.context === rule.id)).toBe(true);
    for (const x of w) {
      const scope = TRIAGE_CONTEXT_RULES.find((r) => r.id === x.context)?.withdraws;
      expect(scope === '*' || (scope ?? []).includes(x.ruleId)).toBe(true);
    }
  });
  it.each(rule.negative.map((t) => [t]))('keeps the emergency: %s', (text) => {
    expect(level(text)).toBe('emergency');
  });
});

describe('extraction mechanisms behind false emergencies', () => {
  it.each([
    ['怀孕35天，有点出血', 5],
    ['孕六十天了', 8],
    ['怀孕才20天', 2],
  ])('a pregnancy counted in days has its week: %s', (text, week) => {
    expect(extract(text, NOW).pregnancy.week).toBe(week);
  });
  it.each([['怀孕50天，下面出了点血'], ['孕65天见红了一点']])('early pregnancy bleeding counted in days is urgent, not the ≥14-week emergency: %s', (text) => {
    expect(level(text)).toBe('urgent');
  });
  it.each([['孕20周，下面流血了'], ['怀孕120天，突然下面出了好多血']])('bleeding after 14 weeks stays an emergency: %s', (text) => {
    expect(level(text)).toBe('emergency');
  });
  it.each([['张嘴的时候下巴抽筋，疼'], ['肋骨下面老是抽筋'], ['晚上睡觉腰抽筋']])('抽筋 at a local site is a cramp, not a seizure: %s', (text) => {
    const ex = extract(text, NOW);
    expect(ex.symptoms.map((s) => s.id)).toContain('cramp');
    expect(ex.symptoms.map((s) => s.id)).not.toContain('convulsion');
    expect(level(text)).not.toBe('emergency');
  });
  it.each([['小腿上磕了一下，一块发紫'], ['膝盖旁边一小片发紫，按着疼']])('发紫 of a patch of skin is a bruise, not cyanosis: %s', (text) => {
    const ids = extract(text, NOW).symptoms.map((s) => s.id);
    expect(ids).toContain('bruising');
    expect(ids).not.toContain('cyanosis');
    expect(level(text)).not.toBe('emergency');
  });
  it.each([['孩子咳得嘴唇发紫'], ['老人喘不过气，脸发紫'], ['脚上的伤口两天红肿了一大片，发紫发黑，疼得厉害，发高烧']])('发紫 of the lips or face, or of a spreading wound infection, stays an emergency: %s', (text) => {
    expect(level(text)).toBe('emergency');
  });
  it.each([['孩子发烧突然抽筋，眼睛上翻'], ['老人突然全身抽筋，叫不醒']])('抽筋 of the whole body stays a seizure: %s', (text) => {
    expect(level(text)).toBe('emergency');
  });
});
