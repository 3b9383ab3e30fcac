import { describe, expect, it } from 'vitest';
import { MSG, NOT_COMBINED_MESSAGE, ROLES } from '@chatdr/contract';
import { i18n } from './index';
import { familyEn } from './family.en';
import { familyZhCN } from './family.zh-CN';
import './family';

type Tree = { [k: string]: string | Tree };
const keys = (t: Tree, prefix = ''): string[] =>
  Object.entries(t).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));

describe('family strings', () => {
  it('English has every key of Chinese and no empty string', () => {
    const zh = keys(familyZhCN as unknown as Tree);
    const en = new Set(keys(familyEn as unknown as Tree));
    expect(zh.filter((k) => !en.has(k))).toEqual([]);
    const values = (t: Tree): string[] => Object.values(t).flatMap((v) => (typeof v === 'string' ? [v] : values(v)));
    expect(values(familyEn as unknown as Tree).filter((v) => !v.trim())).toEqual([]);
  });

  it('takes the spec strings from contract', () => {
    const f = familyZhCN.family;
    expect(f.form.chooseRoleFirst).toBe(MSG.chooseRoleFirst);
    expect(f.form.namePlaceholder).toBe('请输入昵称');
    expect(f.form.auditing).toBe('校验中');
    expect(f.form.defaultHint).toBe('设置后将不再询问为谁咨询');
    expect(f.form.pleaseChoose).toBe('请选择');
    expect(f.roles.notCombined).toBe('不结合档案');
    expect(f.roles.notCombinedMessage).toBe(NOT_COMBINED_MESSAGE);
    expect(ROLES.map((r) => f.role[r.roleCode])).toEqual(['爸爸', '妈妈', '丈夫', '妻子', '儿子', '女儿', '男孩', '女孩', '其他']);
  });

  it('is added to i18n by the bundle module', () => {
    expect(i18n.t('family.form.pleaseChooseField', { lng: 'zh-CN', field: '出生日期' })).toBe('请选择出生日期');
    expect(i18n.t('family.form.auditing', { lng: 'en' })).toBe('Checking');
    // The main bundle is still there.
    expect(i18n.t('common.cancel', { lng: 'zh-CN' })).toBe('取消');
  });
});
