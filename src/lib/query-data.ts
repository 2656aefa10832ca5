import type { QueryClient, QueryKey, Updater } from '@tanstack/react-query';

/**
 * Writes what a call just answered into a query's cached data. An answer to that query still on its
 * way was read before this call changed things and would put the old data back when it lands: it is
 * dropped first. Returns whether one was, for callers whose write covers only part of the data and
 * who must then ask the query again for the rest.
 */
export async function putQueryData<T>(queryClient: QueryClient, queryKey: QueryKey, updater: Updater<T | undefined, T | undefined>) {
  const dropped = queryClient.isFetching({ queryKey, exact: true }) > 0;
  if (dropped) await queryClient.cancelQueries({ queryKey, exact: true });
  queryClient.setQueryData<T>(queryKey, updater);
  return dropped;
}
