import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { perDatabase } from '../../db/per-database.js';

/** The tasks of the background sweep, each run on its own: one that fails never stops the others. */
export type SweepTask = 'transfers' | 'deposits' | 'slips' | 'refunds' | 'retention' | 'ledger' | 'uploads' | 'push' | 'alerts';

/**
 * What the sweeps of this process have seen, for /metrics: failed runs by task, and the ledger's problems
 * at the last look (`watchLedger`). Per database handle: every instance is a process of its own.
 */
export interface SweepHealth {
  /** A pass of `sweepOnce` is running. */
  running: boolean;
  failures: Map<SweepTask, number>;
  /** The tasks that failed in the pass under way (or the last one). */
  passFailed: Set<SweepTask>;
  /** When a pass last ended with every task done (epoch ms); 0 before one did. */
  lastSuccessAt: number;
  /** This instance's name in `sweep_heartbeats`: host, process and a random part (a restart is a new one). */
  instance: string;
  /** The outside calls that came to no answer, by provider, counted up to the last heartbeat. */
  faultsMark: Map<string, number>;
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
  passFailed: new Set(),
  lastSuccessAt: 0,
  instance: `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`,
  faultsMark: new Map(),
  ledger: { problems: [], drifting: [], marks: undefined, checkedAt: 0 },
}));
