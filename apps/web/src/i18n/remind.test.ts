import { describe, expect, it } from 'vitest';
import { REMIND_MSG } from '@chatdr/contract/remind/schemas';
import { i18n } from './index';
import { remindEn } from './remind.en';
import { remindZhCN } from './remind.zh-CN';
import './remind';

type Tree = { [k: string]: string | string[] | Tree };
const keys = (t: Tree, prefix = ''): string[] => Object.entries(t).flatMap(([k, v]) => (typeof v === 'string' || Array.isArray(v) ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));

describe('reminder strings', () => {
  it('English has every key of Chinese, and both name the seven weekdays', () => {
    const en = new Set(keys(remindEn as unknown as Tree));
    expect(keys(remindZhCN as unknown as Tree).filter((k) => !en.has(k))).toEqual([]);
    expect(remindZhCN.remind.week).toHaveLength(7);
    expect(remindEn.remind.week).toHaveLength(7);
  });

  it('uses the contract strings where the server shares them', () => {
    expect(remindZhCN.review.early).toBe(REMIND_MSG.checkDateEarly);
    expect(remindZhCN.remind.units.tablet).toBe('片');
  });

  it('is added to i18n by the bundle module', () => {
    expect(i18n.t('remind.title', { lng: 'zh-CN' })).toBe('用药提醒');
    expect(i18n.t('review.title', { lng: 'zh-CN' })).toBe('复查计划');
  });
});
