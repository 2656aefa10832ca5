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
