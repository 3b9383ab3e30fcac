import { createApiClient } from '../../api/client';
import { showError } from '../../api';
import { webClientInfo } from '../../platform/device';

const KEY = 'chatdr.clinic.token';
const listeners = new Set<() => void>();

/** The doctor's token (its own key: a doctor and a patient may share a browser). */
export const doctorToken = {
  read: (): string | null => localStorage.getItem(KEY),
  write(v: string | null) {
    if (v) localStorage.setItem(KEY, v);
    else localStorage.removeItem(KEY);
    for (const l of listeners) l();
  },
  subscribe(l: () => void) {
    listeners.add(l);
    return () => void listeners.delete(l);
  },
};

/** The request layer with the doctor's token instead of the account's. */
export const clinicApi = createApiClient({
  fetch: (input, init) => fetch(input, init),
  client: webClientInfo,
  getToken: async () => {
    const t = doctorToken.read();
    if (!t) throw new Error('未登录');
    return t;
  },
  peekToken: () => doctorToken.read(),
  onUnauthorized: () => doctorToken.write(null),
  notify: showError,
});
