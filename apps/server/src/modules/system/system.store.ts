import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appReleases } from '../../db/schema.ts';

export type ReleaseRow = typeof appReleases.$inferSelect;
export type NewRelease = typeof appReleases.$inferInsert;

export class SystemStore {
  constructor(private readonly db: Db) {}
  /** Releases for a device newer than `versionNumber`, newest first. */
  newerReleases(deviceType: string, versionNumber: number): Promise<ReleaseRow[]> {
    return this.db.select().from(appReleases).where(and(eq(appReleases.deviceType, deviceType), gt(appReleases.versionNumber, versionNumber))).orderBy(desc(appReleases.versionNumber));
  }
  async publish(r: NewRelease): Promise<void> {
    await this.db.insert(appReleases).values(r).onConflictDoUpdate({ target: [appReleases.deviceType, appReleases.versionNumber], set: { ...r } });
  }
}
