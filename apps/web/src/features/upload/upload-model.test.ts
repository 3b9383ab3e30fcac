import { describe, expect, it } from 'vitest';
import { MEDIA_LIMITS, MEDIA_MSG } from '@chatdr/contract/media/index';
import {
  FILE_STATUS,
  admit,
  canSubmit,
  clampProgress,
  compressPlan,
  endpointOf,
  failureOf,
  fileTypeOf,
  formatSize,
  isBusy,
  jpegName,
  needsCompression,
  newBatchId,
  nextPending,
  resultsOf,
  sceneConfig,
  sourcesOf,
  uploadReducer,
  type UploadItem,
  type UploadedFile,
} from './upload-model';

const pdf = (name: string, size = 1000) => ({ name, size, type: 'application/pdf' });
const jpg = (name: string, size = 1000) => ({ name, size, type: 'image/jpeg' });
const done = (id: string): UploadedFile => ({ inputMediaId: id, inputMediaUrl: '/u', fileType: 'pdf', fileName: 'a.pdf', fileSize: 1, fileMd5: 'x', pdfCover: null, shareFlag: 0, ocrBaseEntity: null });

describe('scenes (chat-core §2)', () => {
  it('查报告 takes 报告单 and 体检报告 with the action 解读', () => {
    const c = sceneConfig('report', true);
    expect(c.kinds).toEqual(['report', 'checkup']);
    expect(c.title).toBe('upload.scene.report');
    expect(c.action).toBe('upload.action.report');
  });
  it('发送资料 adds 皮肤 and 部位 only with skin authorisation', () => {
    expect(sceneConfig('send', false).kinds).toEqual(['medical', 'report', 'medicine', 'checkup']);
    expect(sceneConfig('send', true).kinds).toEqual(['medical', 'report', 'medicine', 'checkup', 'skin', 'bodyPart']);
  });
  it('查用药 takes 药盒', () => {
    expect(sceneConfig('medicine', true).kinds).toEqual(['medicineBox']);
  });
  it('skin photos go to pfUpload from album or camera; the rest to fileOcr, folder uploads to fileUpload', () => {
    expect(endpointOf('send', 'skin')).toBe('pfUpload');
    expect(endpointOf('send', 'bodyPart')).toBe('pfUpload');
    expect(endpointOf('send', null)).toBe('fileOcr');
    expect(endpointOf('report', null)).toBe('fileOcr');
    expect(endpointOf('upload', null)).toBe('fileUpload');
    expect(sourcesOf('skin')).toEqual(['album', 'camera']);
    expect(sourcesOf(null)).toEqual(['album', 'camera', 'file']);
  });
});

describe('admit (chat-core §5)', () => {
  it('knows images and pdfs by type, else by extension', () => {
    expect(fileTypeOf({ type: 'application/pdf', name: 'x' })).toBe('pdf');
    expect(fileTypeOf({ type: 'image/heic', name: 'x' })).toBe('image');
    expect(fileTypeOf({ type: '', name: 'R.PDF' })).toBe('pdf');
    expect(fileTypeOf({ type: '', name: 'a.jpeg' })).toBe('image');
    expect(fileTypeOf({ type: 'text/plain', name: 'a.pdf' })).toBeNull();
    expect(fileTypeOf({ type: '', name: 'a.docx' })).toBeNull();
  });

  it('refuses a 6th file with 最多支持5份同时解读，已自动过滤多余的文件', () => {
    const r = admit(0, [pdf('1'), pdf('2'), pdf('3'), pdf('4'), pdf('5'), pdf('6'), pdf('7')]);
    expect(r.accepted.map((f) => f.name)).toEqual(['1', '2', '3', '4', '5']);
    expect(r.toasts).toEqual([MEDIA_MSG.tooManyFiles]);
    expect(MEDIA_MSG.tooManyFiles).toBe('最多支持5份同时解读，已自动过滤多余的文件');
  });

  it('fills the room left by files already in the list', () => {
    const r = admit(3, [jpg('a'), jpg('b'), jpg('c')]);
    expect(r.accepted.map((f) => f.name)).toEqual(['a', 'b']);
    expect(r.toasts).toEqual([MEDIA_MSG.tooManyFiles]);
  });

  it('says 文件数量已达上线 when 5 are there already', () => {
    expect(admit(5, [jpg('a')])).toEqual({ accepted: [], toasts: ['文件数量已达上线'] });
  });

  it('refuses a pdf over 20,992,000 bytes with 文件大小不能超20M, keeps the others', () => {
    const r = admit(0, [pdf('big', MEDIA_LIMITS.maxBytes + 1), pdf('ok', MEDIA_LIMITS.maxBytes)]);
    expect(r.accepted.map((f) => f.name)).toEqual(['ok']);
    expect(r.toasts).toEqual(['文件大小不能超20M']);
  });

  it('lets a large image through (it is compressed to ≤ 2 MB first)', () => {
    expect(admit(0, [jpg('big', 30_000_000)]).accepted).toHaveLength(1);
  });

  it('refuses other types and empty files, each message once', () => {
    const r = admit(0, [{ name: 'a.doc', size: 5, type: 'application/msword' }, { name: 'b.txt', size: 5, type: 'text/plain' }, jpg('empty', 0)]);
    expect(r.accepted).toEqual([]);
    expect(r.toasts).toEqual([MEDIA_MSG.badType]);
  });

  it('an empty pick changes nothing', () => {
    expect(admit(5, [])).toEqual({ accepted: [], toasts: [] });
  });
});

describe('per-file states (chat-core §3: 0 prepare, 1 uploading, 2 success, 3 fail, 4 forbidden)', () => {
  const add = (keys: string[]) => uploadReducer([], { type: 'add', items: keys.map((k) => ({ key: k, name: `${k}.pdf`, size: 10, fileType: 'pdf' as const })) });

  it('adds files as 0 prepare and ignores a duplicate key', () => {
    let s = add(['a']);
    s = uploadReducer(s, { type: 'add', items: [{ key: 'a', name: 'a.pdf', size: 10, fileType: 'pdf' }] });
    expect(s).toHaveLength(1);
    expect(s[0]).toMatchObject({ status: 0, progress: 0, error: null, result: null });
  });

  it('runs prepare → uploading (progress) → success with progress 100', () => {
    let s = add(['a']);
    s = uploadReducer(s, { type: 'start', key: 'a' });
    expect(s[0]?.status).toBe(FILE_STATUS.uploading);
    s = uploadReducer(s, { type: 'progress', key: 'a', progress: 42.4 });
    expect(s[0]?.progress).toBe(42);
    s = uploadReducer(s, { type: 'progress', key: 'a', progress: 100 });
    expect(s[0]?.progress).toBe(99);
    s = uploadReducer(s, { type: 'success', key: 'a', result: done('m1') });
    expect(s[0]).toMatchObject({ status: 2, progress: 100 });
    expect(resultsOf(s).map((f) => f.inputMediaId)).toEqual(['m1']);
  });

  it('a failed file can be retried; a forbidden one cannot', () => {
    let s = add(['a', 'b']);
    s = uploadReducer(s, { type: 'start', key: 'a' });
    s = uploadReducer(s, { type: 'fail', key: 'a', error: 'x' });
    s = uploadReducer(s, { type: 'forbidden', key: 'b', error: 'no' });
    expect(s.map((i) => i.status)).toEqual([3, 4]);
    s = uploadReducer(s, { type: 'retry', key: 'a' });
    s = uploadReducer(s, { type: 'retry', key: 'b' });
    expect(s.map((i) => i.status)).toEqual([0, 4]);
    expect(s[0]?.error).toBeNull();
  });

  it('ignores late events that do not fit the state', () => {
    let s = add(['a']);
    s = uploadReducer(s, { type: 'progress', key: 'a', progress: 50 });
    expect(s[0]?.progress).toBe(0);
    s = uploadReducer(s, { type: 'start', key: 'a' });
    s = uploadReducer(s, { type: 'fail', key: 'a', error: 'x' });
    s = uploadReducer(s, { type: 'success', key: 'a', result: done('m') });
    expect(s[0]?.status).toBe(FILE_STATUS.fail);
  });

  it('removes and clears', () => {
    let s = add(['a', 'b']);
    s = uploadReducer(s, { type: 'remove', key: 'a' });
    expect(s.map((i) => i.key)).toEqual(['b']);
    expect(uploadReducer(s, { type: 'clear' })).toEqual([]);
  });

  it('uploads one at a time, in order; submits once all settled with one success', () => {
    let s: UploadItem[] = add(['a', 'b']);
    expect(nextPending(s)?.key).toBe('a');
    s = uploadReducer(s, { type: 'start', key: 'a' });
    expect(nextPending(s)).toBeUndefined();
    expect(isBusy(s)).toBe(true);
    s = uploadReducer(s, { type: 'success', key: 'a', result: done('m1') });
    expect(nextPending(s)?.key).toBe('b');
    expect(canSubmit(s)).toBe(false);
    s = uploadReducer(s, { type: 'start', key: 'b' });
    s = uploadReducer(s, { type: 'fail', key: 'b', error: 'x' });
    expect(canSubmit(s)).toBe(true);
    expect(canSubmit([])).toBe(false);
  });

  it('clamps progress', () => {
    expect(clampProgress(Number.NaN)).toBe(0);
    expect(clampProgress(-3)).toBe(0);
    expect(clampProgress(150)).toBe(99);
  });

  it('maps a refused upload: 403 / 6010 forbidden, others fail with the server message', () => {
    expect(failureOf(403, { code: 6010, msg: '暂未开通皮肤和部位图片上传权限' })).toEqual({ type: 'forbidden', error: '暂未开通皮肤和部位图片上传权限' });
    expect(failureOf(413, { code: 6001, msg: '文件大小不能超20M' })).toEqual({ type: 'fail', error: '文件大小不能超20M' });
    expect(failureOf(0, null)).toEqual({ type: 'fail', error: MEDIA_MSG.uploadFailed });
  });
});

describe('image compression (maxSize 2, compression on)', () => {
  it('scales the long side down first, then steps quality and size', () => {
    const plan = compressPlan(4000, 3000);
    expect(plan[0]).toEqual({ width: 2560, height: 1920, quality: 0.85 });
    expect(plan[1]).toEqual({ width: 2560, height: 1920, quality: 0.72 });
    expect(plan[2]).toEqual({ width: 2048, height: 1536, quality: 0.85 });
    expect(plan).toHaveLength(12);
    expect(compressPlan(800, 600)[0]).toEqual({ width: 800, height: 600, quality: 0.85 });
    expect(compressPlan(0, 10)).toEqual([]);
  });
  it('compresses over 2 MB and every HEIC', () => {
    expect(needsCompression({ size: 2 * 1024 * 1024, type: 'image/jpeg' })).toBe(false);
    expect(needsCompression({ size: 2 * 1024 * 1024 + 1, type: 'image/jpeg' })).toBe(true);
    expect(needsCompression({ size: 10, type: 'image/heic' })).toBe(true);
  });
  it('names the JPEG', () => {
    expect(jpegName('IMG_1.HEIC')).toBe('IMG_1.jpg');
    expect(jpegName('.png')).toBe('image.jpg');
    expect(jpegName('scan')).toBe('scan.jpg');
  });
});

describe('helpers', () => {
  it('makes batch ids the server accepts', () => {
    const id = newBatchId(() => 0.5, () => 1_700_000_000_000);
    expect(id).toMatch(/^[\w-]{1,64}$/);
  });
  it('formats sizes', () => {
    expect(formatSize(500)).toBe('500 B');
    expect(formatSize(2048)).toBe('2 KB');
    expect(formatSize(3.4 * 1024 * 1024)).toBe('3.4 MB');
  });
});
