import { LIMITS, type DeviceType } from '@chatdr/contract';

/**
 * What the platform tells the request layer about the client (account-health §7).
 * On the plain web there is no native shell: deviceType is 'h5', and the version code falls back
 * to the spec's default gray-auth version (1201) because a web build has no store version code.
 */
export interface ClientInfo {
  deviceType: DeviceType;
  channel: string;
  platChannel: string;
  version: string;
  versionCode: string;
  ua: string;
}

export const WEB_VERSION_CODE = LIMITS.defaultGrayAuthVersion;

export function webClientInfo(): ClientInfo {
  return {
    deviceType: 'h5',
    channel: 'h5',
    platChannel: 'web',
    version: LIMITS.clientVersion,
    versionCode: String(WEB_VERSION_CODE),
    ua: typeof navigator === 'undefined' ? '' : navigator.userAgent,
  };
}

/**
 * Development origins: `vite dev`, or a build opened on the loopback host (the e2e suite runs the
 * production build on 127.0.0.1). Only there do the spec's /login and /demo routes exist.
 */
export function isDevOrigin(hostname: string = typeof location === 'undefined' ? '' : location.hostname): boolean {
  return import.meta.env.DEV || hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}
