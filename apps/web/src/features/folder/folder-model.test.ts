import { describe, expect, it } from 'vitest';
import type { FolderFile } from '@chatdr/contract/report/schemas';
import { canInterpret, countByType, detailPath, displayName, fileMeta, formatDay, groupByType, listPath, pdfPath, reportOf, scanPath, typeParam } from './folder-model';

const file = (o: Partial<FolderFile>): FolderFile => ({
  id: 1,
  batchId: 'b1',
  userInfoId: 7,
  inputMediaId: 'mAAAAAAAAAAAA',
  fileName: 'a.pdf',
  fileType: 'pdf',
  folderType: 'report',
  folderTypeName: '报告单',
  reportType: 4,
  title: null,
  hospital: null,
  reportedAt: null,
  dialInId: null,
  createTime: 1000,
  ...o,
});

describe('folder grouping', () => {
  it('groups by folder type in the popup order, newest first, without empty groups', () => {
    const g = groupByType([file({ id: 1, folderType: 'other' }), file({ id: 2, folderType: 'report', createTime: 1 }), file({ id: 3, folderType: 'medical' }), file({ id: 4, folderType: 'report', createTime: 5 })]);
    expect(g.map((x) => x.type)).toEqual(['medical', 'report', 'other']);
    expect(g[1]?.files.map((f) => f.id)).toEqual([4, 2]);
    expect(groupByType([])).toEqual([]);
  });
  it('counts per type', () => {
    expect(countByType([file({ folderType: 'skin' }), file({ folderType: 'skin' }), file({ folderType: 'checkup' })])).toEqual({ skin: 2, checkup: 1 });
  });
  it('reads the type filter', () => {
    expect(typeParam('checkup')).toBe('checkup');
    expect(typeParam('nope')).toBeNull();
    expect(typeParam(null)).toBeNull();
  });
});

describe('folder files', () => {
  it('names a file by its file name, else the title read from it', () => {
    expect(displayName({ fileName: '血常规.pdf', title: '血常规检验报告' })).toBe('血常规.pdf');
    expect(displayName({ fileName: ' ', title: '血常规' })).toBe('血常规');
  });
  it('interprets reports and check-ups only', () => {
    expect(canInterpret({ folderType: 'report' })).toBe(true);
    expect(canInterpret({ folderType: 'checkup' })).toBe(true);
    expect(canInterpret({ folderType: 'medicine' })).toBe(false);
  });
  it('builds the page paths', () => {
    expect(listPath(7)).toBe('/user/folder/list?id=7');
    expect(listPath(null, 'report')).toBe('/user/folder/list?type=report');
    expect(listPath(undefined)).toBe('/user/folder/list');
    expect(detailPath({ id: 3, userInfoId: 7 })).toBe('/user/folder/detail?id=3&member=7');
    expect(scanPath(7)).toBe('/user/folder/scan?id=7');
    expect(pdfPath('mX', '血 常规.pdf')).toBe('/pdf?id=mX&name=%E8%A1%80+%E5%B8%B8%E8%A7%84.pdf');
  });
  it('shows hospital and report date, else the upload day', () => {
    const tr = (k: string, o: Record<string, string>) => `${k}:${o.d}`;
    expect(fileMeta({ hospital: '协和医院', reportedAt: '2024-05-01 08:00', createTime: 0 }, tr)).toBe('folder.reportedAt:2024-05-01 · 协和医院');
    const ms = new Date(2025, 0, 2, 10, 0).getTime();
    expect(fileMeta({ hospital: null, reportedAt: null, createTime: ms }, tr)).toBe('folder.uploadedAt:2025-01-02');
    expect(formatDay(Number.NaN)).toBe('');
  });
  it('finds the newest usable report of a file', () => {
    const rs = [
      { reportId: 'r1', inputMediaId: 'mA', createTime: 1, status: 4 },
      { reportId: 'r2', inputMediaId: 'mA', createTime: 3, status: 98 },
      { reportId: 'r3', inputMediaId: 'mA', createTime: 2, status: 3 },
      { reportId: 'r4', inputMediaId: 'mB', createTime: 9, status: 4 },
    ];
    expect(reportOf('mA', rs)?.reportId).toBe('r3');
    expect(reportOf('mC', rs)).toBeUndefined();
  });
});
