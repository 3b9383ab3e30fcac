import { routes, type PersonalSettings } from '@chatdr/contract';
import { api } from '../api';
import { fetchFlags, fetchSettings, qk } from '../features/user/queries';
import { saveFontLevel } from './font';
import { queryClient } from './query-client';
import { leaveSession } from './session';

/** 退出登录: tells the server (best effort), then ends the session locally whatever it answered, on '/'. */
export async function logout(): Promise<void> {
  // Incognito (privacyMode) is switched off at logout (chat-core §1).
  if (queryClient.getQueryData<PersonalSettings>(qk.settings)?.privacyMode) {
    await api.call(routes.auth.personalSet, { body: { privacyMode: false } }, { hideMsg: true }).catch(() => null);
  }
  try {
    await api.call(routes.auth.logout, { body: {} }, { auth: 'optional', hideMsg: true, raw401: true });
  } catch {
    // The local session ends anyway; the server expires it on its own.
  }
  await leaveSession('/');
}

/** Runs on every login success: fresh server state, the account's font level, its feature flags. */
export async function afterLogin(): Promise<void> {
  void queryClient.invalidateQueries();
  try {
    const settings = await queryClient.fetchQuery({ queryKey: qk.settings, queryFn: ({ signal }) => fetchSettings(signal) });
    saveFontLevel(settings.fontSize);
  } catch {
    // Cosmetic here; the settings pages show their own error.
  }
  void queryClient.prefetchQuery({ queryKey: qk.flags, queryFn: fetchFlags });
}
