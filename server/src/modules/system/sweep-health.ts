import { perDatabase } from '../../db/per-database.js';

/** The tasks of the background sweep, each run on its own: one that fails never stops the others. */
export type SweepTask = 'transfers' | 'deposits' | 'slips' | 'refunds' | 'retention' | 'ledger' | 'uploads' | 'push';

/**
 * What the sweeps of this process have seen, for /metrics: failed runs by task, and the ledger's problems
 * at the last look (`watchLedger`). Per database handle: every instance is a process of its own.
 */
export interface SweepHealth {
  /** A pass of `sweepOnce` is running. */
  running: boolean;
  failures: Map<SweepTask, number>;
  ledger: {
    /** What the last look found; empty when all holds. */
    problems: string[];
    /** Accounts found drifting, looked at again on every pass until they hold. */
    drifting: number[];
    /** The last journal entry each of the last two passes saw; undefined before the first (a full check). */
    marks: [number, number] | undefined;
    /** When the last look ended (epoch ms); 0 before the first. */
    checkedAt: number;
  };
}

export const sweepHealth = perDatabase((): SweepHealth => ({
  running: false,
  failures: new Map(),
  ledger: { problems: [], drifting: [], marks: undefined, checkedAt: 0 },
}));
