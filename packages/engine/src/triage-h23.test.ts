import { describe, it, expect } from 'vitest';
import { m, tri, rules } from './triage-test-kit.ts';

/**
 * Holdout23 round: back pain with legs that grow weak and a bladder that stops working (spinal cord
 * compression; with a cancer history, metastatic compression), blood coughed up in mouthfuls with a
 * longer middle (一大口一大口的鲜血), and a calf cramp written with time words between (小腿肚子晚上偶尔抽筋)
 * that is not a seizure. Every phrasing is new.
 */

describe('holdout23: spinal cord compression', () => {
  it.each([
    ['腰背疼了半个月 这几天双腿没劲 小便也费劲', m(58)],
    ['我爸前列腺癌 最近后背疼 两条腿发软 站不住了', m(72)],
    ['后背疼 两条腿越来越没力 尿尿费劲 屁股周围麻', m(45, 'F')],
  ] as const)('%s → emergency', (text, member) => {
    const r = tri(text, member);
    expect(r.level).toBe('emergency');
    expect(rules(text, member).some((id) => id.startsWith('cord-compression') || id === 'cauda-equina')).toBe(true);
  });
  it.each([
    ['腰疼好几年了 爬山回来两条腿有点酸软', m(50)],
    ['年纪大了 小便费劲 尿线细', m(70)],
    ['健身练腿以后两条腿没劲 走路打颤', m(25)],
  ] as const)('%s → not emergency', (text, member) => {
    expect(tri(text, member).level).not.toBe('emergency');
  });
});

describe('holdout23: coughed blood in mouthfuls', () => {
  it('咳出来一大口一大口的鲜血 is massive haemoptysis', () => {
    expect(tri('支气管扩张 今天咳出来一大口一大口的鲜血', m(56)).level).toBe('emergency');
  });
});

describe('holdout23: a calf cramp is not a seizure', () => {
  it.each([
    ['小腿肚子晚上偶尔抽筋 揉揉就好', m(40, 'F')],
    ['脚底板半夜老是抽筋 一会儿就好', m(65)],
  ] as const)('%s → not emergency', (text, member) => {
    const r = tri(text, member);
    expect(r.level).not.toBe('emergency');
    expect(r.extraction.symptoms.some((s) => s.id === 'convulsion' && !s.negated)).toBe(false);
  });
});
