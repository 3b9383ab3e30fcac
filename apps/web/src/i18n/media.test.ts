import { describe, expect, it } from 'vitest';
import { MSG } from '@chatdr/contract';
import { i18n } from './index';
import { mediaEn } from './media.en';
import { mediaZhCN } from './media.zh-CN';
import './media';

type Tree = { [k: string]: string | Tree };
const keys = (t: Tree, prefix = ''): string[] => Object.entries(t).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));

describe('media strings', () => {
  it('English has every key of Chinese and no empty string', () => {
    const en = new Set(keys(mediaEn as unknown as Tree));
    expect(keys(mediaZhCN as unknown as Tree).filter((k) => !en.has(k))).toEqual([]);
    const values = (t: Tree): string[] => Object.values(t).flatMap((v) => (typeof v === 'string' ? [v] : values(v)));
    expect(values(mediaEn as unknown as Tree).filter((v) => !v.trim())).toEqual([]);
  });

  it('takes the spec strings verbatim (chat-core §2, §4, §5)', () => {
    const u = mediaZhCN.upload;
    expect(Object.values(u.scene)).toEqual(['查报告', '发送资料', '上传资料', '查用药']);
    expect(u.action.report).toBe('解读');
    expect(u.kind).toMatchObject({ medical: '病历', report: '报告单', medicine: '药物', checkup: '体检报告', skin: '皮肤', bodyPart: '部位', medicineBox: '药盒' });
    expect(u.limits).toEqual({ tooMany: '最多支持5份同时解读，已自动过滤多余的文件', tooLarge: '文件大小不能超20M', countReached: '文件数量已达上线' });
    expect(mediaZhCN.pdf).toMatchObject({ fileMissing: '文件不存在', downloading: '正在下载...', downloadFailed: '下载失败，请稍后重试' });
    expect(mediaZhCN.report.failed).toBe(MSG.reportNotInterpretable);
  });

  it('is added to i18n by the bundle module', () => {
    expect(i18n.t('upload.scene.medicine', { lng: 'zh-CN' })).toBe('查用药');
    expect(i18n.t('upload.status.1', { lng: 'en', p: 40 })).toBe('Uploading 40%');
    expect(i18n.t('common.cancel', { lng: 'zh-CN' })).toBe('取消');
  });
});
