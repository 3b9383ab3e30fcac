import { readFile } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR, routes, urlOf } from '@chatdr/contract';
import { IMAGING_MSG } from '@chatdr/contract/imaging/schemas';
import * as S from '../../db/schema.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { readDicomHeader } from './dicom.ts';
import { makeDicomFiles, startTestPacs, testPacsAvailable, testStudies, type TestPacs } from './testing/test-pacs.ts';

// Hospital imaging end to end against a real PACS: Debian's Orthanc with its DICOMweb plugin,
// loaded with studies made by DCMTK (testing/test-pacs.ts; scripts/ensure-orthanc.sh installs both).
const I = routes.imaging;
const available = await testPacsAvailable();
if (!available && process.env.ORTHANC_REQUIRED === '1') throw new Error('Orthanc/DCMTK missing: run scripts/ensure-orthanc.sh');

async function selfOf(t: TestApp, userId: number): Promise<number> {
  const [m] = await t.rt.database.db.select({ id: S.members.id }).from(S.members).where(and(eq(S.members.userId, userId), eq(S.members.isSelf, true)));
  if (!m) throw new Error('no self member');
  return m.id;
}

type Data<T> = { code: number; msg: string; data: T };
const ok = <T>(r: { code: number; msg: string; data: unknown }): T => {
  if (r.code !== ERR.ok.code) throw new Error(`${r.code} ${r.msg}`);
  return r.data as T;
};

describe.skipIf(!available)('hospital imaging over DICOMweb (Orthanc)', () => {
  let t: TestApp;
  let pacs: TestPacs;
  let a: { token: string; userId: number; phone: string };
  let b: { token: string; userId: number; phone: string };
  let selfA = 0;
  let motherA = 0;
  beforeAll(async () => {
    pacs = await startTestPacs();
    t = await startTestApp({ IMAGING_DICOMWEB_URL: pacs.url });
    a = await t.login();
    b = await t.login();
    selfA = await selfOf(t, a.userId);
    motherA = ok<{ id: number }>(await t.call(routes.family.saveUserInfo, { token: a.token, body: { roleCode: 'ROLE_1100', name: '妈妈', birthDate: '1958-03-12', height: 160, weight: 55 } })).id;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await pacs?.stop();
  });

  it('authorises a phone with its SMS code, lists its hospital patients, binds them and lists and opens their studies', async () => {
    const phone = pacs.studies[0]!.phone;
    const sent = ok<{ phone: string; resendAfter: number }>(await t.call(I.sendMsgCode, { token: a.token, body: { phone } }));
    expect(sent.phone).toBe(`${phone.slice(0, 3)}****${phone.slice(7)}`);
    expect(t.outbox.lastCode(phone)).toMatch(/^\d{6}$/);
    // A wrong code grants nothing.
    const wrong = await t.call(I.getPatientListWithCode, { token: a.token, body: { phone, code: t.lastCode(phone) === '000000' ? '111111' : '000000' } });
    expect(wrong.code).toBe(ERR.smsCodeWrong.code);
    const found = ok<{ grantId: number; patients: Array<{ patientId: number; name: string; studyCount: number; userInfoId: number | null; hospitalPatientId: string }> }>(await t.call(I.getPatientListWithCode, { token: a.token, body: { phone, code: t.lastCode(phone) } }));
    expect(found.patients.map((p) => [p.name, p.studyCount, p.userInfoId]).sort()).toEqual([['Zhang Min', 1, null], ['Zhang Wei', 2, null]]);
    expect(found.patients[0]!.hospitalPatientId).toMatch(/^\*+/);
    expect(ok<{ hasNewPatient: boolean; count: number }>(await t.call(I.checkNewPatient, { token: a.token, body: {} }))).toEqual({ hasNewPatient: true, count: 2 });
    // Nothing listed before binding: hospital studies belong to a member.
    expect(ok<{ total: number }>(await t.call(I.getImagingDetailList, { token: a.token, body: {} })).total).toBe(0);

    const wei = found.patients.find((p) => p.name === 'Zhang Wei')!;
    const min = found.patients.find((p) => p.name === 'Zhang Min')!;
    expect(ok<{ count: number }>(await t.call(I.bindMember, { token: a.token, body: { grantId: found.grantId, patientIds: [wei.patientId], userInfoId: motherA } })).count).toBe(1);
    expect(ok<{ count: number }>(await t.call(I.bindMember, { token: a.token, body: { patientIds: [min.patientId], userInfoId: selfA } })).count).toBe(1);
    expect(ok<{ hasNewPatient: boolean }>(await t.call(I.checkNewPatient, { token: a.token, body: {} })).hasNewPatient).toBe(false);

    const mother = ok<{ list: Array<{ relationId: number; description: string; modality: string; studyDate: string; isNew: boolean; source: string }>; total: number; hospitalConfigured: boolean }>(await t.call(I.getImagingDetailList, { token: a.token, body: { userInfoId: motherA } }));
    expect(mother.hospitalConfigured).toBe(true);
    expect(mother.list.map((s) => [s.description, s.modality, s.studyDate, s.isNew, s.source])).toEqual([
      ['胸部CT平扫', 'CT', '20260410', true, 'hospital'],
      ['头颅MR平扫', 'MR', '20251103', true, 'hospital'],
    ]);
    const total = ok<{ caseNum: number; grantFlag: number; hasNewCase: boolean; hasNewPatient: boolean; modalits: string[] }>(await t.call(I.getImagingTotal, { token: a.token, body: {} }));
    expect(total).toEqual({ caseNum: 3, grantFlag: 1, hasNewCase: true, hasNewPatient: false, modalits: ['CT', 'MR'] });

    // Open the CT: two series of 6 and 4 slices, each instance a signed link to its Part-10 bytes (WADO-RS).
    const ct = mother.list[0]!;
    const detail = ok<{ url: string; study: { series: Array<{ description: string; instances: string[] }> } }>(await t.call(I.getImagingDetailUrl, { token: a.token, body: { relationId: ct.relationId } }));
    expect(detail.url).toBe(`/user/image/detail?id=${ct.relationId}`);
    expect(detail.study.series.map((s) => [s.description, s.instances.length])).toEqual([['肺窗 5mm', 6], ['纵隔窗 5mm', 4]]);
    const res = await t.rt.app.inject({ method: 'GET', url: detail.study.series[0]!.instances[2]! });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/dicom');
    const h = readDicomHeader(res.rawPayload);
    expect([h.studyInstanceUid, h.instanceNumber, h.modality, h.seriesDescription]).toEqual([pacs.studies[0]!.studyUid, 3, 'CT', '肺窗 5mm']);
    expect(res.rawPayload.length).toBeGreaterThan(128 * 128 * 2);
    // Opened: no longer new.
    const again = ok<{ list: Array<{ relationId: number; isNew: boolean }> }>(await t.call(I.getImagingDetailList, { token: a.token, body: { userInfoId: motherA } }));
    expect(again.list.find((s) => s.relationId === ct.relationId)?.isNew).toBe(false);

    // A tampered or other-account link gives nothing.
    const link = detail.study.series[0]!.instances[0]!;
    const tampered = link.slice(0, -3) + (link.endsWith('AAA') ? 'BBB' : 'AAA');
    const bad = await t.rt.app.inject({ method: 'GET', url: tampered });
    expect(JSON.parse(bad.body)).toMatchObject({ code: ERR.notFound.code, msg: IMAGING_MSG.linkExpired });

    // Account B cannot open A's study, bind A's patient or switch A's grant.
    expect((await t.call(I.getImagingDetailUrl, { token: b.token, body: { relationId: ct.relationId } })).msg).toBe(IMAGING_MSG.studyMissing);
    expect((await t.call(I.bindMember, { token: b.token, body: { patientIds: [wei.patientId], userInfoId: selfA } })).code).toBe(ERR.notFound.code);
    expect((await t.call(I.grantSwitch, { token: b.token, body: { grantId: found.grantId, status: 0 } })).code).toBe(ERR.notFound.code);

    // A read-only share: the public view lists the study and its links open without a session.
    const share = ok<{ shareId: string; count: number }>(await t.call(I.saveShare, { token: a.token, body: { relationIds: [ct.relationId] } }));
    expect(share.count).toBe(1);
    const view = ok<{ studies: Array<{ description: string; series: Array<{ instances: string[] }> }> }>(await t.call(I.shareView, { params: { shareId: share.shareId } }));
    expect(view.studies.map((s) => s.description)).toEqual(['胸部CT平扫']);
    const shared = await t.rt.app.inject({ method: 'GET', url: view.studies[0]!.series[1]!.instances[0]! });
    expect(shared.statusCode).toBe(200);

    // Turning the grant off hides the hospital studies (and their links); on again shows them.
    const off = ok<{ status: number; members: string[] }>(await t.call(I.grantSwitch, { token: a.token, body: { grantId: found.grantId, status: 0 } }));
    expect(off.status).toBe(0);
    expect(off.members.sort()).toEqual([...new Set(off.members)].sort());
    expect(ok<{ total: number }>(await t.call(I.getImagingDetailList, { token: a.token, body: {} })).total).toBe(0);
    expect(JSON.parse((await t.rt.app.inject({ method: 'GET', url: link })).body).msg).toBe(IMAGING_MSG.studyMissing);
    ok(await t.call(I.grantSwitch, { token: a.token, body: { grantId: found.grantId, status: 1 } }));

    // An expired grant is renewed with a fresh code.
    // (Sessions end after 30 days: the grant is moved into the past instead of the clock.)
    await t.rt.database.db.update(S.imagingGrants).set({ expiresAt: new Date(t.clock.now() - 1000) }).where(eq(S.imagingGrants.id, found.grantId));
    t.clock.advance(61_000);
    const grants = ok<{ list: Array<{ grantId: number; expired: boolean }> }>(await t.call(I.memberGrantList, { token: a.token, body: {} }));
    expect(grants.list[0]).toMatchObject({ grantId: found.grantId, expired: true });
    expect(ok<{ total: number }>(await t.call(I.getImagingDetailList, { token: a.token, body: {} })).total).toBe(0);
    ok(await t.call(I.sendMsgCodeWithGrantId, { token: a.token, body: { grantId: found.grantId } }));
    const renewed = ok<{ expired: boolean; status: number }>(await t.call(I.reGrantWithCode, { token: a.token, body: { grantId: found.grantId, code: t.lastCode(phone) } }));
    expect(renewed).toMatchObject({ expired: false, status: 1 });
    expect(ok<{ total: number }>(await t.call(I.getImagingDetailList, { token: a.token, body: {} })).total).toBe(3);

    // Unbinding takes a patient's studies off the member.
    expect(ok<{ count: number }>(await t.call(I.imagingMembersUnBind, { token: a.token, body: { patientIds: [wei.patientId], userInfoId: motherA } })).count).toBe(1);
    expect(ok<{ total: number }>(await t.call(I.getImagingDetailList, { token: a.token, body: { userInfoId: motherA } })).total).toBe(0);
  }, 120_000);

  it('a phone with no studies at the hospital grants access and finds no patient', async () => {
    const phone = `1370000${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`;
    ok(await t.call(I.sendMsgCode, { token: b.token, body: { phone } }));
    const r = ok<{ patients: unknown[] }>(await t.call(I.getPatientListWithCode, { token: b.token, body: { phone, code: t.lastCode(phone) } }));
    expect(r.patients).toEqual([]);
  });

  it('the account’s own phone: current/sendMsgCode then the code without a phone', async () => {
    t.clock.advance(61_000);
    ok(await t.call(I.currentSendMsgCode, { token: b.token, body: {} }));
    const r = ok<{ grantId: number }>(await t.call(I.getPatientListWithCode, { token: b.token, body: { code: t.lastCode(b.phone) } }));
    expect(r.grantId).toBeGreaterThan(0);
  });

  it('uploads the user’s own DICOM files (stored encrypted) and opens them; refuses other files', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'chatdr-dcm-'));
    try {
      const [own] = testStudies();
      const files = await makeDicomFiles(dir, [{ ...own!, series: [{ ...own!.series[0]!, frames: 3 }] }]);
      const members = [{ id: await selfOf(t, b.userId) }];
      const form = new FormData();
      for (const f of files) form.append('file', new Blob([await readFile(f)]), f.split('/').pop());
      const req = new Request('http://x', { method: 'POST', body: form });
      const payload = Buffer.from(await req.arrayBuffer());
      const up = await t.rt.app.inject({
        method: 'POST',
        url: `${urlOf(I.upload)}?userInfoId=${members[0]!.id}`,
        headers: { authorization: b.token, 'content-type': req.headers.get('content-type') ?? '' },
        payload,
      });
      const body = JSON.parse(up.body) as Data<{ relationId: number; instances: number }>;
      expect(body.code).toBe(ERR.ok.code);
      expect(body.data.instances).toBe(3);
      const detail = ok<{ study: { source: string; seriesCount: number; instanceCount: number; series: Array<{ instances: string[] }> } }>(await t.call(I.getImagingDetailUrl, { token: b.token, body: { relationId: body.data.relationId } }));
      expect([detail.study.source, detail.study.seriesCount, detail.study.instanceCount]).toEqual(['upload', 1, 3]);
      const bytes = await t.rt.app.inject({ method: 'GET', url: detail.study.series[0]!.instances[1]! });
      const want = await readFile(files[1]!);
      expect([bytes.rawPayload.length, readDicomHeader(bytes.rawPayload).instanceNumber]).toEqual([want.length, 2]);
      expect(Buffer.compare(bytes.rawPayload, want)).toBe(0);
      // A's member, and a file that is not DICOM.
      const other = await t.rt.app.inject({ method: 'POST', url: `${urlOf(I.upload)}?userInfoId=${selfA}`, headers: { authorization: b.token, 'content-type': req.headers.get('content-type') ?? '' }, payload });
      expect(JSON.parse(other.body).code).toBe(ERR.notFound.code);
      const junk = new FormData();
      junk.append('file', new Blob([Buffer.from('not a dicom file at all')]), 'x.dcm');
      const jr = new Request('http://x', { method: 'POST', body: junk });
      const bad = await t.rt.app.inject({ method: 'POST', url: `${urlOf(I.upload)}?userInfoId=${members[0]!.id}`, headers: { authorization: b.token, 'content-type': jr.headers.get('content-type') ?? '' }, payload: Buffer.from(await jr.arrayBuffer()) });
      expect(JSON.parse(bad.body)).toMatchObject({ code: ERR.imagingBadFile.code, msg: IMAGING_MSG.badDicom });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('hospital imaging without a PACS configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());
  it('says the hospital service is not configured, and still lists (uploads only)', async () => {
    const u = await t.login();
    expect((await t.call(I.sendMsgCode, { token: u.token, body: { phone: '13912345678' } })).msg).toBe(IMAGING_MSG.notConfigured);
    expect(ok<{ hospitalConfigured: boolean; total: number }>(await t.call(I.getImagingDetailList, { token: u.token, body: {} }))).toMatchObject({ hospitalConfigured: false, total: 0 });
  });
  it('a PACS that does not answer: 医院影像服务暂时无法连接 — never a 500', async () => {
    const down = await startTestApp({ IMAGING_DICOMWEB_URL: 'http://127.0.0.1:9/dicom-web' });
    try {
      const u = await down.login();
      const phone = `1360000${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`;
      ok(await down.call(I.sendMsgCode, { token: u.token, body: { phone } }));
      const r = await down.call(I.getPatientListWithCode, { token: u.token, body: { phone, code: down.lastCode(phone) } });
      expect([r.status, r.msg]).toEqual([200, IMAGING_MSG.hospitalDown]);
    } finally {
      await down.close();
    }
  }, 90_000);
});
