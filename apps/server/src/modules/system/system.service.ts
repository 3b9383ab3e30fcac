import type { AppVersionInfo } from '@chatdr/contract';
import type { NewRelease, SystemStore } from './system.store.ts';

export const FORCED_POLICY = 3;

export class SystemService {
  constructor(private readonly store: SystemStore) {}

  /**
   * The latest release newer than the client's, or null when up to date. The update is forced
   * (policyLevel 3) when any release between the client's and the latest is forced, so that a
   * client cannot skip a forced update by waiting for the next optional one.
   */
  async checkUpdate(versionNumber: number, deviceType: string | undefined): Promise<AppVersionInfo | null> {
    const newer = await this.store.newerReleases(deviceType ?? 'android', versionNumber);
    const latest = newer[0];
    if (!latest) return null;
    const policyLevel = newer.some((r) => r.policyLevel === FORCED_POLICY) ? FORCED_POLICY : latest.policyLevel;
    return {
      versionNumber: latest.versionNumber,
      versionName: latest.versionName,
      downloadUrl: latest.downloadUrl,
      upTip: latest.upTip,
      policyLevel,
      md5: latest.md5,
      androidStoreFlag: latest.androidStoreFlag,
    };
  }

  publish(r: NewRelease): Promise<void> {
    return this.store.publish(r);
  }
}
