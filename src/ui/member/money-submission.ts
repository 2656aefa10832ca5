import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';

/** One submission, one key: a retry of the same submission reuses it, so money moves once. */
const newIdempotencyKey = () => `web-${crypto.randomUUID()}`;

/** A lost answer: the server may have done it, so the retry must carry the same key. */
export const answerLost = (err: Error | null) => err?.message === 'NETWORK_ERROR' || err?.message === 'TIMEOUT';

/**
 * The one way a screen submits a money call (§7 calls that take an Idempotency-Key).
 * - The key belongs to the form's current submission: a success or a definite refusal ends it (the
 *   next submission is a new one); a lost answer keeps it, so the member's retry is answered as the
 *   first try was.
 * - Whatever the outcome, the queries in `refresh` are asked again: even a lost answer may have moved
 *   the money.
 */
export function useMoneySubmission<Input, Result>(call: (input: Input, key: string) => Promise<Result>, refresh: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  const [key, setKey] = useState(newIdempotencyKey);
  return useMutation({
    mutationFn: (input: Input) => call(input, key),
    onSettled: (_result, err) => {
      if (!answerLost(err)) setKey(newIdempotencyKey());
      for (const queryKey of refresh) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
