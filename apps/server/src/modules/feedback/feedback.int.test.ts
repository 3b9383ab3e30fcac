import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type RouteDef } from '@chatdr/contract';
import type { FeedbackItem, MessageListRes, SmsInfoRes } from '@chatdr/contract/message/schemas';
import { zonedTime } from '../remind/calendar.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { uploadParts } from '../media/testing/upload.ts';

const F = routes.feedback;
const S = routes.system;
const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures');
const jpg = () => ({ filename: 'shot.jpg', type: 'image/jpeg', data: fs.readFileSync(path.join(FIXTURES, 'medicine-box.jpg')) });

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ OCR_PROVIDER: 'none', REMIND_SCHEDULER: 'off' });
});
afterAll(async () => {
  await t.close();
});

type Res = { status: number; code: number; msg: string; data: unknown };
const call = async (r: RouteDef, o?: Parameters<TestApp['call']>[1]): Promise<Res> => {
  const res = await t.call(r, o);
  expect(res.status, `${r.path} answered HTTP ${res.status}`).toBeLessThan(500);
  if (res.code === 1 && r.response) {
    const parsed = r.response.safeParse(res.data);
    expect(parsed.success, `${r.path}: ${parsed.error?.message ?? ''}`).toBe(true);
  }
  return res;
};
const data = <T>(r: Res): T => {
  if (r.code !== 1) throw new Error(`${r.code} ${r.msg}`);
  return r.data as T;
};
const picture = async (token: string) => {
  const up = await uploadParts(t, F.suggestionPictureUpload, [jpg()], { token });
  expect(up.code, up.msg).toBe(1);
  return up.data?.inputMediaId ?? '';
};
const inbox = async (token: string, kind?: string) => data<MessageListRes>(await call(S.messageList, { token, body: kind ? { kind } : {} }));

describe('feedback and complaints with pictures, answered by an operator as messages', () => {
  it('stores a suggestion with a picture, lists it with a signed picture URL, and the reply arrives as an unread message', async () => {
    const a = await t.login();
    const pic = await picture(a.token);
    const id = data<{ id: number }>(await call(F.suggestionAdd, { token: a.token, body: { type: '回答质量', content: '回答里的剂量单位写错了', pictures: [pic] } })).id;
    const [item] = data<{ list: FeedbackItem[] }>(await call(F.suggestionListByUser, { token: a.token })).list;
    expect(item).toMatchObject({ id, type: '回答质量', status: 0, replyContent: null });
    expect(item?.pictures.map((p) => p.inputMediaId)).toEqual([pic]);
    const img = await t.rt.app.inject({ method: 'GET', url: item?.pictures[0]?.url ?? '' });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');

    // The operator answers (what `npm run admin -- feedback reply` calls).
    expect((await t.rt.services.feedback.open()).some((f) => f.id === id)).toBe(true);
    await t.rt.services.feedback.reply(id, '感谢反馈，已修正剂量单位的显示。');
    expect((await t.rt.services.feedback.open()).some((f) => f.id === id)).toBe(false);
    expect(data<{ count: number }>(await call(F.suggestionNotReadCount, { token: a.token })).count).toBe(1);
    const box = await inbox(a.token);
    expect(box.unread).toBe(1);
    expect(box.unreadByKind.suggestion).toBe(1);
    expect(box.list[0]).toMatchObject({ kind: 'suggestion', pushType: 'user_suggestion_reply', title: '您的意见反馈有回复了', content: '感谢反馈，已修正剂量单位的显示。', link: '/user/feedback/log', readFlag: false });
    // SMS for replies is on by default: the dev outbox got the notice.
    expect(t.outbox.lastNotice(a.phone)).toContain('感谢反馈');

    // Opening the reply list marks the reply and its message read.
    const [replied] = data<{ list: FeedbackItem[] }>(await call(F.suggestionListByUser, { token: a.token })).list;
    expect(replied).toMatchObject({ status: 1, replyContent: '感谢反馈，已修正剂量单位的显示。' });
    expect(data<{ count: number }>(await call(F.suggestionNotReadCount, { token: a.token })).count).toBe(0);
    expect((await inbox(a.token)).unread).toBe(0);
  });

  it('complaints: their own list, reply message linking to /user/about/log, read by id', async () => {
    const a = await t.login();
    const id = data<{ id: number }>(await call(F.saveComplaint, { token: a.token, body: { type: '隐私与数据', content: '我删除的报告还能在历史里看到', contact: '晚上联系' } })).id;
    expect(data<{ list: FeedbackItem[] }>(await call(F.suggestionListByUser, { token: a.token })).list).toEqual([]);
    await t.rt.services.feedback.reply(id, '已核实并彻底删除，谢谢您的监督。');
    expect(data<{ count: number }>(await call(F.complaintNotReadCount, { token: a.token })).count).toBe(1);
    const box = await inbox(a.token, 'complaint');
    expect(box.list.map((m) => [m.kind, m.link])).toEqual([['complaint', '/user/about/log']]);
    const mid = box.list[0]?.id ?? '';
    expect(data<{ updated: number }>(await call(S.messageRead, { token: a.token, body: { ids: [mid] } })).updated).toBe(1);
    expect((await inbox(a.token)).unreadByKind.complaint).toBe(0);
  });

  it('answers for the caller only: B cannot attach, list, count or read what A owns', async () => {
    const a = await t.login();
    const b = await t.login();
    const pic = await picture(a.token);
    const res = await call(F.suggestionAdd, { token: b.token, body: { content: '借用别人的图片试试', pictures: [pic] } });
    expect(res.code).not.toBe(1);
    expect(res.msg).toBe('图片不存在或已删除');
    const id = data<{ id: number }>(await call(F.suggestionAdd, { token: a.token, body: { content: '这是A的反馈内容', pictures: [pic] } })).id;
    await t.rt.services.feedback.reply(id, '收到');
    expect(data<{ list: FeedbackItem[] }>(await call(F.suggestionListByUser, { token: b.token })).list).toEqual([]);
    expect(data<{ count: number }>(await call(F.suggestionNotReadCount, { token: b.token })).count).toBe(0);
    const aMsg = (await inbox(a.token)).list[0]?.id ?? '';
    expect((await inbox(b.token)).list).toEqual([]);
    expect(data<{ updated: number }>(await call(S.messageRead, { token: b.token, body: { ids: [aMsg] } })).updated).toBe(0);
    expect(data<{ updated: number }>(await call(S.messageRead, { token: b.token, body: { all: true } })).updated).toBe(0);
    expect((await inbox(a.token)).unread).toBe(1);
    // Logged out: the /pb/ variant takes text, not pictures; pictures need a session.
    expect((await call(F.suggestionAddPublic, { body: { content: '没登录也想提个建议', contact: '13800000000' } })).code).toBe(1);
    expect((await call(F.suggestionAddPublic, { body: { content: '没登录也想提个建议', pictures: [pic] } })).code).toBe(401);
    expect((await uploadParts(t, F.suggestionPictureUpload, [jpg()])).code).toBe(401);
  });

  it('refuses malformed input with a clear message, never a 500', async () => {
    const a = await t.login();
    const bad: Array<[RouteDef, unknown]> = [
      [F.suggestionAdd, { content: '短' }],
      [F.suggestionAdd, { content: 'x'.repeat(501) }],
      [F.suggestionAdd, { content: '正常的内容文字', pictures: ['m1', 'm2', 'm3', 'm4', 'm5'] }],
      [F.suggestionAdd, { content: '正常的内容文字', pictures: ['../../etc/passwd'] }],
      [F.suggestionAdd, { content: '正常的内容\u0000文字' }],
      [F.saveComplaint, { type: '不存在的类型', content: '正常的内容文字' }],
      [F.saveComplaint, 'not json object'],
      [S.messageList, { kind: 'nope' }],
      [S.messageList, { pageSize: 10_000 }],
      [S.messageRead, { ids: ['remind:abc'] }],
      [S.messageRead, { ids: ['suggestion:99999999999'] }],
      [S.smsSave, { list: [{ kind: 'remind', inApp: 'yes', sms: false }] }],
      [S.smsSave, { list: [] }],
    ];
    for (const [r, body] of bad) {
      const res = await call(r, { token: a.token, body });
      expect(res.code, `${r.path} ${JSON.stringify(body)}`).not.toBe(1);
      expect(res.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await uploadParts(t, F.suggestionPictureUpload, [{ filename: 'a.pdf', type: 'application/pdf', data: fs.readFileSync(path.join(FIXTURES, 'report-text.pdf')) }], { token: a.token })).code).not.toBe(1);
  });
});

describe('the message centre reads reminders where the reminders write them', () => {
  it('a delivered dose reminder is listed beside a reply; reading it in the centre reads the reminder record', async () => {
    t.clock.t = zonedTime('2031-05-06', '07:59', 'Asia/Shanghai').getTime();
    const a = await t.login();
    const selfId = data<{ members: Array<{ id: number }> }>(await call(routes.auth.accountInfo, { token: a.token })).members[0]?.id ?? 0;
    expect((await call(routes.plan.remindPlanSave, { token: a.token, body: { userInfoId: selfId, medicineName: '二甲双胍', dose: 1, doseUnit: 'tablet', times: ['08:00'], startDate: '2031-05-06', meal: 'after', timeZone: 'Asia/Shanghai' } })).code).toBe(1);
    t.clock.advance(65_000);
    await t.rt.services.remindScheduler.runOnce();
    const id = data<{ id: number }>(await call(F.suggestionAdd, { token: a.token, body: { content: '提醒很准时，谢谢' } })).id;
    t.clock.advance(60_000);
    await t.rt.services.feedback.reply(id, '不客气');
    const box = await inbox(a.token);
    expect(box.list.map((m) => [m.kind, m.title])).toEqual([['suggestion', '您的意见反馈有回复了'], ['remind', '用药提醒']]);
    expect(box.list[1]?.link).toBe(`/user/notify?type=1&userId=${selfId}`);
    expect(box.unreadByKind).toMatchObject({ remind: 1, suggestion: 1 });
    expect((await inbox(a.token, 'remind')).list).toHaveLength(1);
    expect(data<{ updated: number }>(await call(S.messageRead, { token: a.token, body: { ids: [box.list[1]?.id ?? ''] } })).updated).toBe(1);
    const notices = data<{ unread: number }>(await call(S.getNotifyInApp, { token: a.token }));
    expect(notices.unread).toBe(0);
    expect(data<{ updated: number }>(await call(S.messageRead, { token: a.token, body: { all: true } })).updated).toBe(1);
    expect((await inbox(a.token)).unread).toBe(0);
  });
});

describe('message settings per kind (/user/notifys: conf/smsInfo, smsSave)', () => {
  it('defaults, saves per kind, and a kind with SMS off sends no SMS', async () => {
    const a = await t.login();
    const d = data<SmsInfoRes>(await call(S.smsInfo, { token: a.token }));
    expect(d.list.map((s) => s.kind)).toEqual(['remind', 'suggestion', 'complaint', 'order', 'consult', 'system']);
    expect(d.list.find((s) => s.kind === 'suggestion')).toEqual({ kind: 'suggestion', inApp: true, sms: true });
    const saved = data<SmsInfoRes>(await call(S.smsSave, { token: a.token, body: { list: [{ kind: 'suggestion', inApp: true, sms: false }, { kind: 'order', inApp: false, sms: true }] } }));
    expect(saved.list.find((s) => s.kind === 'suggestion')?.sms).toBe(false);
    expect(data<SmsInfoRes>(await call(S.smsInfo, { token: a.token })).list.find((s) => s.kind === 'order')).toEqual({ kind: 'order', inApp: false, sms: true });
    const b = await t.login();
    expect(data<SmsInfoRes>(await call(S.smsInfo, { token: b.token })).list.find((s) => s.kind === 'suggestion')?.sms).toBe(true);
    const id = data<{ id: number }>(await call(F.suggestionAdd, { token: a.token, body: { content: '不要给我发短信了' } })).id;
    await t.rt.services.feedback.reply(id, '好的');
    expect(t.outbox.lastNotice(a.phone)).toBeUndefined();
  });
});
