import { describe, expect, it } from 'vitest';
import type { ReportItem, ReportResult } from '@chatdr/contract/report/schemas';
import type { OcrBaseEntity } from '@chatdr/contract/media/index';
import { cleanValue, explanationsOf, flagView, headerOf, orderItems, paragraphs, phaseOf, pollMs, routeId, stepOf } from './report-model';

const item = (o: Partial<ReportItem>): ReportItem => ({ name: 'WBC', code: null, value: '5', unit: null, refRange: '3.5-9.5', flag: 'normal', abnormal: false, indicatorId: null, meaning: null, advice: null, ...o });
const result = (items: ReportItem[]): ReportResult => ({ text: '', items, abnormalCount: 0, patterns: [], urgency: 'normal', nextSteps: [], department: null, followUps: [], title: null, hospital: null, reportedAt: null });

describe('route ids', () => {
  it('takes a report id on both routes, a media id only on v3', () => {
    expect(routeId('rAbCdEfGhIjK', false)).toEqual({ kind: 'report', id: 'rAbCdEfGhIjK' });
    expect(routeId('mAbCdEfGhIjK', true)).toEqual({ kind: 'media', id: 'mAbCdEfGhIjK' });
    expect(routeId('mAbCdEfGhIjK', false)).toBeNull();
    expect(routeId('../x', true)).toBeNull();
    expect(routeId(undefined, true)).toBeNull();
  });
});

describe('analysis state (chat-core §4)', () => {
  it('0–3 run, 4 is done, 98 failed', () => {
    expect([0, 1, 2, 3].map(phaseOf)).toEqual(['running', 'running', 'running', 'running']);
    expect(phaseOf(4)).toBe('done');
    expect(phaseOf(98)).toBe('failed');
    expect(phaseOf(-1)).toBe('failed');
  });
  it('polls only while running', () => {
    expect(pollMs(undefined)).toBe(2000);
    expect(pollMs(2)).toBe(2000);
    expect(pollMs(4)).toBe(false);
    expect(pollMs(98)).toBe(false);
    expect(stepOf(0)).toBe(0);
    expect(stepOf(3)).toBe(3);
  });
});

describe('flags (computed by the server, never the printed arrow)', () => {
  it('high ↑ red, low ↓ blue, positive without an arrow, normal plain', () => {
    expect(flagView('high')).toEqual({ arrow: '↑', tone: 'high', label: 'report.flag.high', critical: false });
    expect(flagView('critical-low')).toEqual({ arrow: '↓', tone: 'low', label: 'report.flag.critical-low', critical: true });
    expect(flagView('positive')).toMatchObject({ arrow: null, tone: 'positive' });
    expect(flagView('normal')).toEqual({ arrow: null, tone: null, label: null, critical: false });
    expect(flagView('unknown').tone).toBeNull();
  });
  it('strips arrows and H/L marks copied from the paper', () => {
    expect(cleanValue('6.8 ↑')).toBe('6.8');
    expect(cleanValue('↓3.1')).toBe('3.1');
    expect(cleanValue('120H')).toBe('120');
    expect(cleanValue('阴性')).toBe('阴性');
    expect(cleanValue('HBsAg')).toBe('HBsAg');
  });
  it('puts abnormal items first', () => {
    const out = orderItems([item({ name: 'a' }), item({ name: 'b', abnormal: true, flag: 'high' }), item({ name: 'c' })]);
    expect(out.map((i) => i.name)).toEqual(['b', 'a', 'c']);
  });
});

describe('explanations and text', () => {
  it("lists each abnormal item's explanation", () => {
    const r = result([item({ name: 'ALT', abnormal: true, flag: 'high', meaning: '肝细胞损伤', advice: '复查肝功能' }), item({ name: 'WBC', abnormal: true, flag: 'low' }), item({ name: 'HGB', meaning: 'x' })]);
    expect(explanationsOf(r)).toEqual([{ name: 'ALT', flag: 'high', meaning: '肝细胞损伤', advice: '复查肝功能' }]);
  });
  it('splits the text into paragraphs', () => {
    expect(paragraphs('## 总结\n\n- 一\n* 二\n三')).toEqual(['总结', '一', '二', '三']);
  });
});

describe('header', () => {
  const ocr = { title: '血常规', patientName: '张三', sex: 'M', age: 40, hospital: 'OCR医院', department: '检验科', sampleType: '全血', collectedAt: '2024-05-01', reportedAt: '2024-05-02' } as OcrBaseEntity;
  it('prefers the interpretation, then the OCR, then the member', () => {
    const h = headerOf({ name: 'a.pdf', result: { ...result([]), title: '血常规检验', hospital: '协和' } }, ocr);
    expect(h).toMatchObject({ title: '血常规检验', patientName: '张三', hospital: '协和', department: '检验科', collectedAt: '2024-05-01', reportedAt: '2024-05-02', sexAge: { sex: 'M', age: 40 } });
    const bare = headerOf({ name: 'a.pdf', result: null }, null, { name: '李四', sex: 'F', age: 30 });
    expect(bare).toMatchObject({ title: 'a.pdf', patientName: '李四', sexAge: { sex: 'F', age: 30 }, hospital: null });
  });
});
