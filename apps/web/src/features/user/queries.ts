import { useMutation, useQuery } from '@tanstack/react-query';
import { routes, type PersonalSettings } from '@chatdr/contract';
import { api } from '../../api';
import { queryClient } from '../../app/query-client';
import { isLoggedIn, useLoginStatus } from '../../app/login-store';
import { webClientInfo, WEB_VERSION_CODE } from '../../platform/device';

/** Query keys of the account area. Everything here is cleared at logout (queryClient.clear()). */
export const qk = {
  account: ['account', 'info'] as const,
  settings: ['account', 'settings'] as const,
  sessions: ['account', 'sessions'] as const,
  flags: ['account', 'grayAuth'] as const,
};

export const fetchAccountInfo = (signal?: AbortSignal) => api.call(routes.auth.accountInfo, {}, signal ? { signal } : {});
/** An empty body reads the settings. */
export const fetchSettings = (signal?: AbortSignal) => api.call(routes.auth.personalSet, { body: {} }, { hideMsg: true, ...(signal ? { signal } : {}) });
export const fetchFlags = () => api.call(routes.auth.grayAuth, { body: { deviceType: webClientInfo().deviceType, versionNumber: WEB_VERSION_CODE } }, { hideMsg: true });

export function useAccountInfo() {
  const loggedIn = isLoggedIn(useLoginStatus());
  return useQuery({ queryKey: qk.account, queryFn: ({ signal }) => fetchAccountInfo(signal), enabled: loggedIn });
}

export function usePersonalSettings() {
  const loggedIn = isLoggedIn(useLoginStatus());
  return useQuery({ queryKey: qk.settings, queryFn: ({ signal }) => fetchSettings(signal), enabled: loggedIn });
}

/** Staged features (gray-auth flags) of this account and client version. */
export function useFeatureFlags() {
  const loggedIn = isLoggedIn(useLoginStatus());
  return useQuery({ queryKey: qk.flags, queryFn: fetchFlags, enabled: loggedIn, staleTime: 10 * 60_000 });
}

/** Updates personal settings; the UI follows optimistically and rolls back on failure. */
export function useUpdateSettings() {
  return useMutation({
    mutationFn: (patch: Partial<PersonalSettings>) => api.call(routes.auth.personalSet, { body: patch }),
    onMutate: (patch) => {
      const prev = queryClient.getQueryData<PersonalSettings>(qk.settings);
      if (prev) queryClient.setQueryData(qk.settings, { ...prev, ...patch });
      return { prev };
    },
    onError: (_err, _patch, ctx) => {
      if (ctx?.prev) queryClient.setQueryData(qk.settings, ctx.prev);
    },
    onSuccess: (data) => queryClient.setQueryData(qk.settings, data),
  });
}

export function useSessionList() {
  const loggedIn = isLoggedIn(useLoginStatus());
  return useQuery({ queryKey: qk.sessions, queryFn: () => api.call(routes.auth.sessionList), enabled: loggedIn, staleTime: 0 });
}
