import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/errors';

/** Server state. Errors are already shown by the request layer, so queries do not toast again. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A business error (non-1 code, 401, 429…) will not change on retry; a network blip might.
      retry: (count, err) => !(err instanceof ApiError) && count < 1,
    },
    mutations: { retry: false },
  },
});
