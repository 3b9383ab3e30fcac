import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@chatdr/contract';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { zonedTime } from './calendar.ts';
import { PushStore } from './web-push.ts';

const TZ = 'Asia/Shanghai';
const vapid = webpush.generateVAPIDKeys();

/** RFC 8291 / RFC 8188 (aes128gcm) decryption, as a browser's push service client does it. */
function decrypt(body: Buffer, ua: ReturnType<typeof createECDH>, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20] ?? 0;
  const asPublic = body.subarray(21, 21 + idlen);
  const cipher = body.subarray(21 + idlen);
  const ecdhSecret = ua.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ua.getPublicKey(), asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const d = createDecipheriv('aes-128-gcm', cek, nonce);
  d.setAuthTag(cipher.subarray(cipher.length - 16));
  const plain = Buffer.concat([d.update(cipher.subarray(0, cipher.length - 16)), d.final()]);
  // The last record ends with the delimiter 0x02 and zero padding.
  let end = plain.length - 1;
  while (end > 0 && plain[end] === 0) end--;
  expect(plain[end]).toBe(2);
  return plain.subarray(0, end).toString('utf8');
}

let t: TestApp;
let endpoint: http.Server;
const received: Array<{ headers: http.IncomingHttpHeaders; body: Buffer }> = [];
let gone = false;
beforeAll(async () => {
  t = await startTestApp({ REMIND_SCHEDULER: 'off', VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: 'mailto:ops@example.com' });
  // A local stand-in for a browser's push service: it keeps what it receives.
  endpoint = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(gone ? 410 : 201).end();
    });
  });
  await new Promise<void>((r) => endpoint.listen(0, '127.0.0.1', r));
});
afterAll(async () => {
  await new Promise((r) => endpoint.close(r));
  await t.close();
});

describe('Web Push channel', () => {
  it('sends a due reminder to the subscribed browser, encrypted (RFC 8291) and signed (VAPID); drops a subscription the service no longer knows', async () => {
    t.clock.t = zonedTime('2040-05-06', '07:00', TZ).getTime();
    const { token, userId } = await t.login();
    const memberId = ((await t.call(routes.auth.accountInfo, { token })).data as { members: Array<{ id: number }> }).members[0]?.id ?? 0;
    expect((await t.call(routes.plan.pushVapidKey, { token })).data).toEqual({ publicKey: vapid.publicKey });
    // The route takes https push services only; the local stand-in is registered through the store.
    const refused = await t.call(routes.plan.pushSubscribe, { token, body: { endpoint: 'http://127.0.0.1:1/x', keys: { p256dh: 'a'.repeat(87), auth: 'b'.repeat(22) } } });
    expect([refused.status, refused.msg]).toEqual([400, expect.stringContaining('推送地址不正确')]);
    const ok = await t.call(routes.plan.pushSubscribe, { token, body: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc123', keys: { p256dh: 'a'.repeat(87), auth: 'b'.repeat(22) } } });
    expect(ok.code).toBe(1);
    expect((await t.call(routes.plan.pushUnsubscribe, { token, body: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc123' } })).code).toBe(1);

    const ua = createECDH('prime256v1');
    ua.generateKeys();
    const authSecret = randomBytes(16);
    const url = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/push/sub-1`;
    await new PushStore(t.rt.database.db).save(userId, { endpoint: url, p256dh: ua.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') });

    const plan = await t.call(routes.plan.remindPlanSave, { token, body: { userInfoId: memberId, medicineName: '氨氯地平片', dose: 5, doseUnit: 'mg', times: ['08:00'], startDate: '2040-05-06', meal: 'none', timeZone: TZ } });
    expect(plan.code).toBe(1);
    t.clock.t = zonedTime('2040-05-06', '08:00', TZ).getTime() + 1_000;
    expect(await t.rt.services.remindScheduler.runOnce()).toBeGreaterThanOrEqual(1);

    expect(received).toHaveLength(1);
    const got = received[0];
    if (!got) throw new Error('nothing received');
    expect(got.headers['content-encoding']).toBe('aes128gcm');
    expect(got.headers.ttl).toBe('3600');
    expect(got.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${vapid.publicKey}$`));
    const payload = JSON.parse(decrypt(got.body, ua, authSecret)) as Record<string, unknown>;
    expect(payload).toMatchObject({ pushType: 'user_remind', title: '用药提醒', content: '该服用氨氯地平片了：5mg', url: `/#/user/notify?type=1&userId=${memberId}` });

    // The push service says the subscription is gone: the next reminder drops it.
    gone = true;
    t.clock.t = zonedTime('2040-05-07', '08:00', TZ).getTime() + 1_000;
    await t.rt.services.remindScheduler.runOnce();
    expect(received).toHaveLength(2);
    expect(await new PushStore(t.rt.database.db).of(userId)).toEqual([]);
  });
});
