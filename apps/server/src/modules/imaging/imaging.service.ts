import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { routes, urlOf } from '@chatdr/contract';
import { IMAGING_LIMITS, IMAGING_MSG, type ImagingPatient, type ImagingStudy, type ImagingStudyDetail } from '@chatdr/contract/imaging/schemas';
import type { z } from 'zod';
import type * as I from '@chatdr/contract/imaging/schemas';
import type { Access } from '../../access/access.ts';
import type { AuthContext } from '../../http/context.ts';
import { fail } from '../../http/errors.ts';
import { DicomError, readDicomHeader } from './dicom.ts';
import { PacsUnavailable, type ImagingProvider, type PacsStudy } from './dicomweb.ts';
import type { GrantRow, ImagingStore, PatientRow, StudyRow } from './imaging.store.ts';

type Out<T extends z.ZodType> = z.infer<T>;

export interface ImagingDeps {
  store: ImagingStore;
  access: Access;
  /** SMS codes bound to phone and purpose (modules/auth): the same limits as login codes. */
  codes: {
    send(phone: string, meta: { ip: string }): Promise<{ resendAfter: number }>;
    check(phone: string, code: string): Promise<void>;
  };
  /** The hospital PACS (IMAGING_DICOMWEB_URL), or null when none is configured. */
  provider: ImagingProvider | null;
  /** Uploaded DICOM files in the encrypted media store (modules/media). */
  media: { store(userId: number, bytes: Buffer, fileName: string): Promise<string>; bytes(userId: number, id: string): Promise<Buffer | null> };
  secret: string;
  now: () => number;
  warn: (err: unknown, msg: string) => void;
}

export interface DicomFile { bytes: Buffer; filename: string }

const DAY = 86_400_000;
export const maskPhone = (p: string): string => (p.length === 11 ? `${p.slice(0, 3)}****${p.slice(7)}` : '****');
const maskId = (s: string): string => (s.length <= 4 ? s : `${'*'.repeat(Math.min(6, s.length - 4))}${s.slice(-4)}`);
const personName = (s: string): string => s.replace(/\^+/g, ' ').trim();

/** What an instance link names: the study row, and the series and instance inside it. */
interface LinkClaim { u: number; s: number; se: string; i: string; e: number; h?: string }

/**
 * Hospital imaging (account-health §7): a phone's owner authorises access with an SMS code
 * (a grant), the hospital patients found for that phone over DICOMweb are bound to family
 * members, and their studies — with the user's own DICOM uploads — are listed and opened in the
 * viewer through signed, short-lived instance links. Every id goes through the access policy.
 */
export class ImagingService {
  private readonly linkKey: Buffer;
  constructor(private readonly d: ImagingDeps) {
    this.linkKey = createHmac('sha256', d.secret).update('chatdr-imaging-link-v1').digest();
  }

  get configured(): boolean {
    return this.d.provider !== null;
  }
  private pacs(): ImagingProvider {
    if (!this.d.provider) throw fail('imagingNotConfigured');
    return this.d.provider;
  }
  private at(): Date {
    return new Date(this.d.now());
  }
  private async hospital<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof PacsUnavailable || err instanceof SyntaxError) {
        this.d.warn(err, 'hospital PACS call failed');
        throw fail('imagingHospitalDown');
      }
      throw err;
    }
  }

  // --- SMS authorisation ------------------------------------------------------------------------

  async sendCode(auth: AuthContext, phone: string, ip: string): Promise<Out<typeof I.ImagingSendCodeRes>> {
    this.pacs();
    const r = await this.d.codes.send(phone, { ip });
    return { resendAfter: r.resendAfter, phone: maskPhone(phone) };
  }
  async sendCurrent(auth: AuthContext, ip: string): Promise<Out<typeof I.ImagingSendCodeRes>> {
    const phone = await this.d.store.phoneOf(auth.userId);
    if (!phone) throw fail('notLoggedIn');
    return this.sendCode(auth, phone, ip);
  }
  async sendForGrant(auth: AuthContext, grantId: number, ip: string): Promise<Out<typeof I.ImagingSendCodeRes>> {
    await this.d.access.require(auth, 'imagingGrant', [grantId]);
    const g = this.d.access.found('imagingGrant', await this.d.store.grant(auth.userId, grantId));
    return this.sendCode(auth, g.phone, ip);
  }

  /** Checks the code, grants access to the phone's imaging and lists its hospital patients. */
  async patientsWithCode(auth: AuthContext, v: { phone?: string | undefined; code: string }): Promise<Out<typeof I.PatientListWithCodeRes>> {
    const pacs = this.pacs();
    const phone = v.phone ?? (await this.d.store.phoneOf(auth.userId));
    if (!phone) throw fail('notLoggedIn');
    await this.d.codes.check(phone, v.code);
    const now = this.at();
    const grant = await this.d.store.upsertGrant(auth.userId, phone, new Date(now.getTime() + IMAGING_LIMITS.grantDays * DAY), now);
    const studies = await this.hospital(() => pacs.studiesByPhone(phone));
    await this.remember(auth.userId, grant.id, studies);
    const patients = await this.d.store.patients(auth.userId, { grantId: grant.id });
    return { grantId: grant.id, patients: patients.map(patientOut) };
  }

  async reGrant(auth: AuthContext, v: { grantId: number; code: string }): Promise<Out<typeof I.ImagingGrant>> {
    await this.d.access.require(auth, 'imagingGrant', [v.grantId]);
    const g = this.d.access.found('imagingGrant', await this.d.store.grant(auth.userId, v.grantId));
    await this.d.codes.check(g.phone, v.code);
    const now = this.at();
    const row = this.d.access.found('imagingGrant', await this.d.store.setGrant(auth.userId, g.id, { status: 1, grantedAt: now, expiresAt: new Date(now.getTime() + IMAGING_LIMITS.grantDays * DAY) }));
    return this.grantOut(auth.userId, row);
  }

  /** Stores the patients and studies the PACS returned (patients keep their member binding). */
  private async remember(userId: number, grantId: number, studies: PacsStudy[]): Promise<void> {
    const byPatient = new Map<string, PacsStudy>();
    for (const s of studies) if (!byPatient.has(s.patientId)) byPatient.set(s.patientId, s);
    await this.d.store.upsertPatients([...byPatient.values()].map((s) => ({ userId, grantId, hospitalPatientId: s.patientId, name: personName(s.patientName) || '—', sex: s.sex, birthDate: s.birthDate, hospital: s.hospital })));
    const ids = new Map((await this.d.store.patientIdsOf(userId, [...byPatient.keys()])).map((p) => [p.hospitalPatientId, p]));
    await this.d.store.upsertStudies(studies.flatMap((s) => {
      const p = ids.get(s.patientId);
      if (!p) return [];
      return [{ userId, patientId: p.id, memberId: p.memberId, source: 'hospital', studyUid: s.studyUid, studyDate: s.studyDate, modality: s.modality, description: s.description, hospital: s.hospital, patientName: personName(s.patientName), seriesCount: s.seriesCount, instanceCount: s.instanceCount }];
    }));
  }

  /** New studies of the bound patients under live grants (a PACS that does not answer leaves the list as it was). */
  private async refresh(userId: number, memberId: number | undefined): Promise<void> {
    const pacs = this.d.provider;
    if (!pacs) return;
    const patients = (await this.d.store.patients(userId, { activeAt: this.at(), ...(memberId !== undefined ? { memberId } : {}) })).filter((p) => p.memberId !== null);
    for (const p of patients) {
      try {
        await this.remember(userId, p.grantId, await pacs.studiesByPatient(p.hospitalPatientId));
      } catch (err) {
        if (!(err instanceof PacsUnavailable || err instanceof SyntaxError)) throw err;
        this.d.warn(err, 'hospital PACS refresh failed');
        return;
      }
    }
  }

  // --- patients and members ---------------------------------------------------------------------

  async bindMember(auth: AuthContext, v: { grantId?: number | undefined; patientIds: number[]; userInfoId: number }): Promise<{ count: number }> {
    await this.d.access.require(auth, 'member', [v.userInfoId]);
    await this.d.access.require(auth, 'imagingPatient', v.patientIds);
    if (v.grantId !== undefined) await this.d.access.require(auth, 'imagingGrant', [v.grantId]);
    return { count: await this.d.store.bind(auth.userId, [...new Set(v.patientIds)], v.userInfoId) };
  }
  async unbind(auth: AuthContext, v: { patientIds: number[]; userInfoId?: number | undefined }): Promise<{ count: number }> {
    if (v.userInfoId !== undefined) await this.d.access.require(auth, 'member', [v.userInfoId]);
    await this.d.access.require(auth, 'imagingPatient', v.patientIds);
    return { count: await this.d.store.bind(auth.userId, [...new Set(v.patientIds)], null, v.userInfoId) };
  }
  async patientList(auth: AuthContext, userInfoId: number | undefined): Promise<{ list: ImagingPatient[] }> {
    if (userInfoId !== undefined) await this.d.access.require(auth, 'member', [userInfoId]);
    const rows = await this.d.store.patients(auth.userId, userInfoId !== undefined ? { memberId: userInfoId } : {});
    return { list: rows.map(patientOut) };
  }
  async checkNewPatient(auth: AuthContext): Promise<{ hasNewPatient: boolean; count: number }> {
    const rows = await this.d.store.patients(auth.userId, { unbound: true, activeAt: this.at() });
    return { hasNewPatient: rows.length > 0, count: rows.length };
  }

  // --- grants -----------------------------------------------------------------------------------

  private async grantOut(userId: number, g: GrantRow): Promise<Out<typeof I.ImagingGrant>> {
    const patients = await this.d.store.patients(userId, { grantId: g.id });
    return {
      grantId: g.id,
      phone: maskPhone(g.phone),
      status: g.status,
      expired: g.expiresAt.getTime() <= this.d.now(),
      expiresAt: g.expiresAt.toISOString(),
      patientCount: patients.length,
      members: [...new Set(patients.flatMap((p) => (p.memberName ? [p.memberName] : [])))],
    };
  }
  async grants(auth: AuthContext): Promise<Out<typeof I.GrantListRes>> {
    const rows = await this.d.store.grants(auth.userId);
    return { list: await Promise.all(rows.map((g) => this.grantOut(auth.userId, g))) };
  }
  async grantSwitch(auth: AuthContext, v: { grantId: number; status: number }): Promise<Out<typeof I.ImagingGrant>> {
    await this.d.access.require(auth, 'imagingGrant', [v.grantId]);
    const row = this.d.access.found('imagingGrant', await this.d.store.setGrant(auth.userId, v.grantId, { status: v.status }));
    return this.grantOut(auth.userId, row);
  }

  // --- studies ----------------------------------------------------------------------------------

  async list(auth: AuthContext, v: { userInfoId?: number | undefined; pageNum: number; pageSize: number }): Promise<Out<typeof I.DetailListRes>> {
    if (v.userInfoId !== undefined) await this.d.access.require(auth, 'member', [v.userInfoId]);
    if (v.pageNum === 1) await this.refresh(auth.userId, v.userInfoId);
    const { rows, total } = await this.d.store.studies(auth.userId, this.at(), v.userInfoId, v.pageSize, (v.pageNum - 1) * v.pageSize);
    return { list: rows.map(studyOut), total, hospitalConfigured: this.configured };
  }
  async total(auth: AuthContext, userInfoId: number | undefined): Promise<Out<typeof I.ImagingTotalRes>> {
    if (userInfoId !== undefined) await this.d.access.require(auth, 'member', [userInfoId]);
    const at = this.at();
    const [s, grants, unbound] = await Promise.all([this.d.store.summary(auth.userId, at, userInfoId), this.d.store.grants(auth.userId), this.d.store.patients(auth.userId, { unbound: true, activeAt: at })]);
    const live = grants.some((g) => g.status === 1 && g.expiresAt > at);
    return { caseNum: s.total, grantFlag: live ? 1 : 0, hasNewCase: s.unopened > 0, hasNewPatient: unbound.length > 0, modalits: s.modalities };
  }

  /** The viewer's route and the study with its series and signed instance links; marks it opened. */
  async detailUrl(auth: AuthContext, relationId: number): Promise<Out<typeof I.DetailUrlRes>> {
    await this.d.access.require(auth, 'imagingStudy', [relationId]);
    const row = this.d.access.found('imagingStudy', await this.d.store.study(auth.userId, relationId, this.at()));
    const study = await this.detail(row);
    await this.d.store.markOpened(row.id, this.at());
    return { url: `/user/image/detail?id=${row.id}`, study: { ...study, isNew: false } };
  }

  private async detail(row: StudyRow, share?: string): Promise<ImagingStudyDetail> {
    const exp = this.d.now() + IMAGING_LIMITS.instanceLinkMs;
    const link = (se: string, i: string) => this.sign({ u: row.userId, s: row.id, se, i, e: exp, ...(share ? { h: share } : {}) });
    let series: ImagingStudyDetail['series'];
    if (row.source === 'upload') {
      const files = await this.d.store.files(row.id);
      const bySeries = new Map<string, ImagingStudyDetail['series'][number]>();
      for (const f of files) {
        const s = bySeries.get(f.seriesUid) ?? { seriesUid: f.seriesUid, description: f.seriesDescription, modality: f.modality, instances: [] };
        s.instances.push(link(f.seriesUid, f.sopUid));
        bySeries.set(f.seriesUid, s);
      }
      series = [...bySeries.values()];
    } else {
      const pacs = this.pacs();
      series = await this.hospital(async () => {
        const out: ImagingStudyDetail['series'] = [];
        let left: number = IMAGING_LIMITS.instancesMax;
        for (const s of await pacs.series(row.studyUid)) {
          const inst = (await pacs.instances(row.studyUid, s.seriesUid)).slice(0, Math.max(0, left));
          left -= inst.length;
          out.push({ seriesUid: s.seriesUid, description: s.description, modality: s.modality, instances: inst.map((i) => link(s.seriesUid, i.sopUid)) });
        }
        return out;
      });
    }
    return { ...studyOut(row), series };
  }

  private sign(c: LinkClaim): string {
    const body = Buffer.from(JSON.stringify(c)).toString('base64url');
    const mac = createHmac('sha256', this.linkKey).update(body).digest('base64url').slice(0, 32);
    return `${urlOf(routes.imaging.instance)}?t=${body}.${mac}`;
  }
  private claim(token: string): LinkClaim {
    const [body, mac] = token.split('.');
    const gone = () => fail('notFound', { msg: IMAGING_MSG.linkExpired });
    if (!body || !mac) throw gone();
    const want = Buffer.from(createHmac('sha256', this.linkKey).update(body).digest('base64url').slice(0, 32));
    const got = Buffer.from(mac);
    if (got.length !== want.length || !timingSafeEqual(got, want)) throw gone();
    let c: LinkClaim;
    try {
      c = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as LinkClaim;
    } catch {
      throw gone();
    }
    if (typeof c.e !== 'number' || c.e < this.d.now()) throw gone();
    return c;
  }

  /** The Part-10 bytes behind a signed link: the study must still be visible to its owner (or its share alive). */
  async instance(token: string): Promise<Buffer> {
    const c = this.claim(token);
    const at = this.at();
    if (c.h) {
      const share = await this.d.store.share(c.h, at);
      if (!share || !share.studyIds.includes(c.s)) throw fail('notFound', { msg: IMAGING_MSG.shareMissing });
    }
    const row = await this.d.store.study(c.u, c.s, at);
    if (!row) throw fail('notFound', { msg: IMAGING_MSG.studyMissing });
    if (row.source === 'upload') {
      const f = await this.d.store.file(row.id, c.i);
      const bytes = f && f.seriesUid === c.se ? await this.d.media.bytes(row.userId, f.mediaId) : null;
      if (!bytes) throw fail('notFound', { msg: IMAGING_MSG.studyMissing });
      return bytes;
    }
    const pacs = this.pacs();
    return this.hospital(() => pacs.retrieve(row.studyUid, c.se, c.i));
  }

  // --- shares -----------------------------------------------------------------------------------

  async saveShare(auth: AuthContext, relationIds: Array<string | number>): Promise<{ shareId: string; count: number }> {
    const ids = [...new Set(relationIds.map((x) => Number(x)))];
    if (ids.some((x) => !Number.isInteger(x) || x <= 0 || x > 2_147_483_647)) throw fail('notFound', { msg: IMAGING_MSG.studyMissing });
    await this.d.access.require(auth, 'imagingStudy', ids);
    const rows = await this.d.store.studiesByIds(auth.userId, ids, this.at());
    if (rows.length !== ids.length) throw fail('notFound', { msg: IMAGING_MSG.studyMissing });
    const shareId = randomBytes(18).toString('base64url');
    await this.d.store.insertShare({ id: shareId, userId: auth.userId, studyIds: ids, expiresAt: new Date(this.d.now() + IMAGING_LIMITS.shareDays * DAY) });
    return { shareId, count: ids.length };
  }
  async shareView(shareId: string): Promise<Out<typeof I.ShareViewRes>> {
    const share = await this.d.store.share(shareId, this.at());
    if (!share) throw fail('notFound', { msg: IMAGING_MSG.shareMissing });
    const rows = await this.d.store.studiesByIds(share.userId, share.studyIds, this.at());
    if (!rows.length) throw fail('notFound', { msg: IMAGING_MSG.shareMissing });
    const studies = await Promise.all(rows.map((r) => this.detail(r, share.id)));
    // A read-only view: no member, no open flag.
    return { studies: studies.map((s) => ({ ...s, userInfoId: null, isNew: false })), expiresAt: share.expiresAt.toISOString() };
  }

  // --- uploads ----------------------------------------------------------------------------------

  checkMember(auth: AuthContext, userInfoId: number): Promise<void> {
    return this.d.access.require(auth, 'member', [userInfoId]);
  }

  /** The user's own DICOM files as a member's study (one study per upload; files of another study refused). */
  async upload(auth: AuthContext, userInfoId: number, files: DicomFile[]): Promise<{ relationId: number; instances: number }> {
    await this.d.access.require(auth, 'member', [userInfoId]);
    if (!files.length) throw fail('imagingBadFile');
    const parsed = files.map((f) => {
      try {
        return { f, h: readDicomHeader(f.bytes) };
      } catch (err) {
        if (err instanceof DicomError || err instanceof RangeError) throw fail('imagingBadFile');
        throw err;
      }
    });
    const first = parsed[0]!.h;
    if (parsed.some((p) => p.h.studyInstanceUid !== first.studyInstanceUid)) throw fail('imagingBadFile', { msg: '一次只能上传同一检查的影像文件' });
    const study = await this.d.store.uploadStudy({
      userId: auth.userId,
      memberId: userInfoId,
      source: 'upload',
      studyUid: first.studyInstanceUid,
      studyDate: first.studyDate,
      modality: first.modality,
      description: first.studyDescription || first.seriesDescription || '影像检查',
      hospital: first.institution,
      patientName: first.patientName,
    });
    let added = 0;
    for (const { f, h } of parsed) {
      const mediaId = await this.d.media.store(auth.userId, f.bytes, f.filename || 'image.dcm');
      if (await this.d.store.addFile({ userId: auth.userId, studyId: study.id, seriesUid: h.seriesInstanceUid, seriesDescription: h.seriesDescription, modality: h.modality, sopUid: h.sopInstanceUid, instanceNumber: h.instanceNumber, mediaId })) added++;
    }
    await this.d.store.recount(study.id);
    return { relationId: study.id, instances: added };
  }
}

function patientOut(p: PatientRow): ImagingPatient {
  return {
    patientId: p.id,
    hospitalPatientId: maskId(p.hospitalPatientId),
    name: p.name,
    sex: p.sex,
    birthDate: p.birthDate,
    hospital: p.hospital,
    studyCount: p.studyCount,
    grantId: p.grantId,
    userInfoId: p.memberId,
    memberName: p.memberName,
  };
}

function studyOut(r: StudyRow): ImagingStudy {
  return {
    relationId: r.id,
    studyDate: r.studyDate,
    modality: r.modality,
    description: r.description,
    hospital: r.hospital,
    patientName: r.patientName,
    seriesCount: r.seriesCount,
    instanceCount: r.instanceCount,
    source: r.source === 'upload' ? 'upload' : 'hospital',
    isNew: r.openedAt === null,
    userInfoId: r.memberId,
  };
}
