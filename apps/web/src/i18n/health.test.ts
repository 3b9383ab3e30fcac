import { describe, expect, it } from 'vitest';
import { healthEn } from './health.en';
import { healthZhCN } from './health.zh-CN';

type Tree = { [k: string]: string | Tree };
const keys = (t: Tree, prefix = ''): string[] =>
  Object.entries(t).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));

describe('health strings', () => {
  it('English has every key of Chinese and no empty string', () => {
    const en = new Set(keys(healthEn as unknown as Tree));
    expect(keys(healthZhCN as unknown as Tree).filter((k) => !en.has(k))).toEqual([]);
    const values = (t: Tree): string[] => Object.values(t).flatMap((v) => (typeof v === 'string' ? [v] : values(v)));
    expect(values(healthEn as unknown as Tree).filter((v) => !v.trim())).toEqual([]);
  });
});
