import { describe, expect, it } from 'vitest';
import { ERR, MSG } from '@chatdr/contract';
import { en } from './en';
import { zhCN } from './zh-CN';

type Tree = { [k: string]: string | Tree };
const keys = (t: Tree, prefix = ''): string[] =>
  Object.entries(t).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));

describe('locales', () => {
  it('English has every key of Chinese and no empty string', () => {
    const zh = keys(zhCN as unknown as Tree);
    const enKeys = new Set(keys(en as unknown as Tree));
    expect(zh.filter((k) => !enKeys.has(k))).toEqual([]);
    const values = (t: Tree): string[] => Object.values(t).flatMap((v) => (typeof v === 'string' ? [v] : values(v)));
    expect(values(en as unknown as Tree).filter((v) => !v.trim())).toEqual([]);
  });

  it('takes the spec strings from contract', () => {
    expect(zhCN.errors.serverCrowded).toBe(MSG.serverCrowded);
    expect(zhCN.errors.reloading).toBe('刷新页面...');
    expect(zhCN.login.failed).toBe('登录失败,请重试');
    expect(zhCN.err[String(ERR.smsCodeWrong.code)]).toBe(ERR.smsCodeWrong.msg);
    expect(zhCN.home.dayPart).toEqual({ morning: '上午', noon: '中午', afternoon: '下午', evening: '晚上' });
  });
});
