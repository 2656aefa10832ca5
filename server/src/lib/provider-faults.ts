import { perDatabase } from '../db/per-database.js';

/**
 * Calls to an outside system that came to no answer (down, slow, our account refused, a body that is not
 * its API), counted by provider and code for /metrics (`wallet_provider_faults_total`); the log says each.
 * Per database handle, as the sweep's health: every instance is a process of its own.
 */
export const providerFaults = perDatabase(() => new Map<string, { provider: string; code: string; count: number }>());

export function countProviderFault(faults: ReturnType<typeof providerFaults>, provider: string, code: string): void {
  const key = `${provider}\t${code}`;
  const seen = faults.get(key);
  if (seen) seen.count += 1;
  else faults.set(key, { provider, code, count: 1 });
}

/** The code an adapter's error carries (a word: timeout, quota_exceeded, refused), or `failed`. */
export function faultCode(err: unknown): string {
  const code = (err as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && /^[a-z0-9_]{1,40}$/.test(code) ? code : 'failed';
}

/**
 * Wraps an adapter's calls: one that fails is counted (`wallet_provider_faults_total{provider,code}`) and
 * logged with its provider, its code and the adapter's message, then failed as it was. `isFault` leaves
 * out failures that are answers (a game provider refusing a withdrawal above the balance).
 */
export function watchFaults(
  faults: ReturnType<typeof providerFaults>,
  provider: string,
  log: { warn(obj: object, msg: string): void } | undefined,
  isFault: (err: unknown) => boolean = () => true,
): <T>(call: Promise<T>) => Promise<T> {
  return (call) =>
    call.catch((err: unknown) => {
      if (!isFault(err)) throw err;
      const code = faultCode(err);
      countProviderFault(faults, provider, code);
      log?.warn({ provider, code }, `${provider}: ${(err as Error)?.message ?? String(err)}`);
      throw err;
    });
}
