import { describe, expect, it } from 'vitest';
import { nowActions, overlap, RESTATEMENT, specificity } from './actions.ts';
import { collectAnswer } from './answer.ts';
import { RED_FLAG_RULES, type RedFlagRule } from './red-flags.ts';

const rule = (id: string): RedFlagRule => {
  const r = RED_FLAG_RULES.find((x) => x.id === id);
  if (!r) throw new Error(`no rule ${id}`);
  return r;
};

async function text(question: string): Promise<string> {
  const es = await collectAnswer({ question });
  return es.flatMap((e) => (e.type === 'text' ? [e.delta] : [])).join('');
}

describe('what to do now, when several emergency rules fire', () => {
  it('ranks a rule that knows the history above the rule for the sign of any cause', () => {
    expect(specificity(rule('hypoglycemia-severe'))).toBeGreaterThan(specificity(rule('altered-consciousness')));
    const [first] = nowActions([rule('altered-consciousness'), rule('hypoglycemia-severe')]);
    expect(first).toBe(rule('hypoglycemia-severe').action);
  });

  it('leaves out an action that restates one already given', () => {
    const a = rule('dehydration-severe-signs').action;
    const b = rule('dehydration-severe-child-eyes').action;
    expect(overlap(a, b)).toBeGreaterThanOrEqual(RESTATEMENT);
    expect(nowActions([rule('dehydration-severe-signs'), rule('dehydration-severe-child-eyes')])).toHaveLength(1);
  });

  it('keeps a second action that adds something, and gives at most two', () => {
    const rules = [rule('altered-consciousness'), rule('hypoglycemia-severe'), rule('shock-cold-sweat-signs'), rule('confusion-sudden')];
    const out = nowActions(rules);
    expect(out).toHaveLength(2);
    expect(overlap(out[0] ?? '', out[1] ?? '')).toBeLessThan(RESTATEMENT);
    expect(nowActions(rules, 4).length).toBeGreaterThan(2);
  });

  it('an emergency answer opens with one clear instruction, and its 危险信号 line still names every rule', async () => {
    const t = await text('打胰岛素的老太太突然一身冷汗 心慌手抖 说话糊涂');
    const lines = t.split('\n');
    expect(lines[0]).toMatch(/^立即拨打120/u);
    expect(lines[0]).toContain('神志不清者不要往嘴里喂水');
    const basis = lines.find((l) => l.startsWith('危险信号'));
    expect(basis).toContain('疑似严重低血糖');
    expect(basis).toContain('疑似休克');
    expect(lines.slice(0, lines.indexOf(basis ?? '')).length).toBeLessThanOrEqual(2);
  });
});
