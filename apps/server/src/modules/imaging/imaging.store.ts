import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { imagingFiles, imagingGrants, imagingPatients, imagingShares, imagingStudies, members, users } from '../../db/schema.ts';

export type GrantRow = typeof imagingGrants.$inferSelect;
export type PatientRow = typeof imagingPatients.$inferSelect & { memberName: string | null; studyCount: number };
export type StudyRow = typeof imagingStudies.$inferSelect;
export type FileRow = typeof imagingFiles.$inferSelect;
export type ShareRow = typeof imagingShares.$inferSelect;
export type NewStudy = typeof imagingStudies.$inferInsert;

export class ImagingStore {
  constructor(private readonly db: Db) {}

  async phoneOf(userId: number): Promise<string | null> {
    const [r] = await this.db.select({ phone: users.phone }).from(users).where(eq(users.id, userId)).limit(1);
    return r?.phone ?? null;
  }

  // --- grants ---
  async upsertGrant(userId: number, phone: string, expiresAt: Date, now: Date): Promise<GrantRow> {
    const [r] = await this.db.insert(imagingGrants).values({ userId, phone, status: 1, grantedAt: now, expiresAt })
      .onConflictDoUpdate({ target: [imagingGrants.userId, imagingGrants.phone], set: { status: 1, grantedAt: now, expiresAt } })
      .returning();
    if (!r) throw new Error('grant upsert returned no row');
    return r;
  }
  grant(userId: number, id: number): Promise<GrantRow | undefined> {
    return this.db.select().from(imagingGrants).where(and(eq(imagingGrants.id, id), eq(imagingGrants.userId, userId))).limit(1).then((r) => r[0]);
  }
  grants(userId: number): Promise<GrantRow[]> {
    return this.db.select().from(imagingGrants).where(eq(imagingGrants.userId, userId)).orderBy(desc(imagingGrants.grantedAt), desc(imagingGrants.id));
  }
  async setGrant(userId: number, id: number, set: Partial<Pick<GrantRow, 'status' | 'expiresAt' | 'grantedAt'>>): Promise<GrantRow | undefined> {
    const [r] = await this.db.update(imagingGrants).set(set).where(and(eq(imagingGrants.id, id), eq(imagingGrants.userId, userId))).returning();
    return r;
  }

  // --- patients ---
  async upsertPatients(rows: Array<typeof imagingPatients.$inferInsert>): Promise<void> {
    if (!rows.length) return;
    await this.db.insert(imagingPatients).values(rows).onConflictDoUpdate({
      target: [imagingPatients.userId, imagingPatients.hospitalPatientId],
      set: { grantId: sql`excluded.grant_id`, name: sql`excluded.name`, sex: sql`excluded.sex`, birthDate: sql`excluded.birth_date`, hospital: sql`excluded.hospital` },
    });
  }
  /** Patients of the account with their member's name and study count, filtered. */
  patients(userId: number, where: { grantId?: number; memberId?: number; unbound?: boolean; activeAt?: Date }): Promise<PatientRow[]> {
    const conds: SQL[] = [eq(imagingPatients.userId, userId)];
    if (where.grantId !== undefined) conds.push(eq(imagingPatients.grantId, where.grantId));
    if (where.memberId !== undefined) conds.push(eq(imagingPatients.memberId, where.memberId));
    if (where.unbound) conds.push(isNull(imagingPatients.memberId));
    if (where.activeAt) conds.push(eq(imagingGrants.status, 1), gt(imagingGrants.expiresAt, where.activeAt));
    return this.db
      .select({
        p: imagingPatients,
        memberName: members.name,
        studyCount: sql<number>`(select count(*)::int from ${imagingStudies} s where s.patient_id = ${imagingPatients.id})`,
      })
      .from(imagingPatients)
      .innerJoin(imagingGrants, eq(imagingGrants.id, imagingPatients.grantId))
      .leftJoin(members, eq(members.id, imagingPatients.memberId))
      .where(and(...conds))
      .orderBy(asc(imagingPatients.id))
      .then((rows) => rows.map((r) => ({ ...r.p, memberName: r.memberName, studyCount: Number(r.studyCount) })));
  }
  patientIdsOf(userId: number, hospitalIds: string[]): Promise<Array<{ id: number; hospitalPatientId: string; memberId: number | null }>> {
    if (!hospitalIds.length) return Promise.resolve([]);
    return this.db.select({ id: imagingPatients.id, hospitalPatientId: imagingPatients.hospitalPatientId, memberId: imagingPatients.memberId }).from(imagingPatients).where(and(eq(imagingPatients.userId, userId), inArray(imagingPatients.hospitalPatientId, hospitalIds)));
  }
  /** Binds (memberId) or unbinds (null) patients and their studies; returns how many patients changed. */
  async bind(userId: number, patientIds: number[], memberId: number | null, onlyMember?: number): Promise<number> {
    return this.db.transaction(async (tx) => {
      const conds = [eq(imagingPatients.userId, userId), inArray(imagingPatients.id, patientIds)];
      if (onlyMember !== undefined) conds.push(eq(imagingPatients.memberId, onlyMember));
      const changed = await tx.update(imagingPatients).set({ memberId }).where(and(...conds)).returning({ id: imagingPatients.id });
      const ids = changed.map((r) => r.id);
      if (ids.length) await tx.update(imagingStudies).set({ memberId }).where(and(eq(imagingStudies.userId, userId), inArray(imagingStudies.patientId, ids)));
      return ids.length;
    });
  }

  // --- studies ---
  async upsertStudies(rows: NewStudy[]): Promise<void> {
    if (!rows.length) return;
    await this.db.insert(imagingStudies).values(rows).onConflictDoUpdate({
      target: [imagingStudies.userId, imagingStudies.source, imagingStudies.studyUid],
      set: {
        patientId: sql`excluded.patient_id`,
        memberId: sql`excluded.member_id`,
        studyDate: sql`excluded.study_date`,
        modality: sql`excluded.modality`,
        description: sql`excluded.description`,
        hospital: sql`excluded.hospital`,
        patientName: sql`excluded.patient_name`,
        seriesCount: sql`excluded.series_count`,
        instanceCount: sql`excluded.instance_count`,
      },
    });
  }
  /** What the account may see: its uploads, and hospital studies of bound patients under a live grant. */
  private visible(userId: number, at: Date, memberId?: number): SQL | undefined {
    const live = sql`exists (select 1 from ${imagingPatients} p join ${imagingGrants} g on g.id = p.grant_id where p.id = ${imagingStudies.patientId} and g.status = 1 and g.expires_at > ${at} and p.member_id is not null)`;
    return and(
      eq(imagingStudies.userId, userId),
      memberId !== undefined ? eq(imagingStudies.memberId, memberId) : undefined,
      or(eq(imagingStudies.source, 'upload'), live),
    );
  }
  async studies(userId: number, at: Date, memberId: number | undefined, limit: number, offset: number): Promise<{ rows: StudyRow[]; total: number }> {
    const where = this.visible(userId, at, memberId);
    const rows = await this.db.select().from(imagingStudies).where(where).orderBy(desc(imagingStudies.studyDate), desc(imagingStudies.id)).limit(limit).offset(offset);
    const [c] = await this.db.select({ n: count() }).from(imagingStudies).where(where);
    return { rows, total: c?.n ?? 0 };
  }
  async summary(userId: number, at: Date, memberId: number | undefined): Promise<{ total: number; unopened: number; modalities: string[] }> {
    const where = this.visible(userId, at, memberId);
    const [c] = await this.db.select({ n: count(), unopened: sql<number>`count(*) filter (where ${imagingStudies.openedAt} is null)` }).from(imagingStudies).where(where);
    const mods = await this.db.selectDistinct({ m: imagingStudies.modality }).from(imagingStudies).where(and(where, isNotNull(imagingStudies.modality)));
    return { total: c?.n ?? 0, unopened: Number(c?.unopened ?? 0), modalities: [...new Set(mods.flatMap((r) => (r.m ?? '').split('/')).filter(Boolean))].sort() };
  }
  /** A study the account may open now (visible), by id. */
  study(userId: number, id: number, at: Date): Promise<StudyRow | undefined> {
    return this.db.select().from(imagingStudies).where(and(eq(imagingStudies.id, id), this.visible(userId, at))).limit(1).then((r) => r[0]);
  }
  studiesByIds(userId: number, ids: number[], at: Date): Promise<StudyRow[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.db.select().from(imagingStudies).where(and(inArray(imagingStudies.id, ids), this.visible(userId, at))).orderBy(desc(imagingStudies.studyDate));
  }
  async markOpened(id: number, at: Date): Promise<void> {
    await this.db.update(imagingStudies).set({ openedAt: at }).where(and(eq(imagingStudies.id, id), isNull(imagingStudies.openedAt)));
  }
  async uploadStudy(v: NewStudy): Promise<StudyRow> {
    const [r] = await this.db.insert(imagingStudies).values(v).onConflictDoUpdate({
      target: [imagingStudies.userId, imagingStudies.source, imagingStudies.studyUid],
      set: { memberId: sql`excluded.member_id` },
    }).returning();
    if (!r) throw new Error('study upsert returned no row');
    return r;
  }

  // --- uploaded files ---
  /** Adds an instance; false when the study already holds it. */
  async addFile(v: typeof imagingFiles.$inferInsert): Promise<boolean> {
    const r = await this.db.insert(imagingFiles).values(v).onConflictDoNothing().returning({ id: imagingFiles.id });
    return r.length > 0;
  }
  async recount(studyId: number): Promise<void> {
    await this.db.update(imagingStudies).set({
      instanceCount: sql`(select count(*)::int from ${imagingFiles} f where f.study_id = ${studyId})`,
      seriesCount: sql`(select count(distinct f.series_uid)::int from ${imagingFiles} f where f.study_id = ${studyId})`,
    }).where(eq(imagingStudies.id, studyId));
  }
  files(studyId: number): Promise<FileRow[]> {
    return this.db.select().from(imagingFiles).where(eq(imagingFiles.studyId, studyId)).orderBy(asc(imagingFiles.seriesUid), asc(imagingFiles.instanceNumber), asc(imagingFiles.id));
  }
  file(studyId: number, sopUid: string): Promise<FileRow | undefined> {
    return this.db.select().from(imagingFiles).where(and(eq(imagingFiles.studyId, studyId), eq(imagingFiles.sopUid, sopUid))).limit(1).then((r) => r[0]);
  }

  // --- shares ---
  async insertShare(v: typeof imagingShares.$inferInsert): Promise<void> {
    await this.db.insert(imagingShares).values(v);
  }
  share(id: string, at: Date): Promise<ShareRow | undefined> {
    return this.db.select().from(imagingShares).where(and(eq(imagingShares.id, id), gt(imagingShares.expiresAt, at))).limit(1).then((r) => r[0]);
  }
}
