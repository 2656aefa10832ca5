import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/http';

/** The console's own cache: nothing saved between visits, nothing shared with the member app. */
export function createStaffQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // a 4xx will not change on retry; a lost connection might. A 503 was asked again already (lib/http.ts):
      // the screen says so now, and the outage notice asks again until the database is back
      queries: {
        retry: (count, err) => !(err instanceof ApiError && ((err.status >= 400 && err.status < 500) || err.status === 503)) && count < 2,
      },
      mutations: { retry: false },
    },
  });
}
