import type { Config } from '../src/config.js';
import type { Settings } from '../src/settings/registry.js';
import { setSetting } from './deposit-helpers.js';
import type { TestServer } from './helper.js';

/**
 * How long a test server waits for an outside system while a test makes one hang. Every other call waits
 * the server's own timeout (the production default unless a suite sets one): on a busy machine a slow
 * answer of the sandbox (its books are in the database) is never taken for a hang, and only the calls made
 * while a provider hangs wait this short one, long enough for an answering one's under load.
 */
export const HANG_WAIT_MS = 1_000;

const ownTimeout = new WeakMap<Config, number>();

/** The timeout the server was built with, before any hang shortened it. */
function ownTimeoutOf(config: Config): number {
  if (!ownTimeout.has(config)) ownTimeout.set(config, config.providerTimeoutMs);
  return ownTimeout.get(config)!;
}

/** The server waits HANG_WAIT_MS for outside systems while `hanging`, else its own timeout again. */
function waitForHangs(server: TestServer, hanging: boolean): void {
  const own = ownTimeoutOf(server.config);
  server.config.providerTimeoutMs = hanging ? Math.min(HANG_WAIT_MS, own) : own;
}

/**
 * Moves the server's clock past the life of any outside call begun so far (twice its own provider timeout:
 * the sweep leaves a younger one to its request, outside-call.ts), whether it began while one hung or not.
 */
export function pastInFlight(server: TestServer): void {
  server.clock.now += 2 * ownTimeoutOf(server.config) + 1;
}

/** The `providerFaults` setting; while any of them hangs (`hang`, `hang-transfers`), the short wait above. */
export async function setFaults(server: TestServer, faults: Settings['providerFaults']): Promise<void> {
  waitForHangs(
    server,
    Object.values(faults).some((f) => f.startsWith('hang')),
  );
  await setSetting(server, 'providerFaults', faults);
}

/**
 * The game provider applies a deposit but its answer never arrives, and it cannot be asked (cancel, the
 * reference's state) until `back()`: a transfer left in transit whose money did reach the game. `restore()`
 * puts the server's own provider back; call it in a `finally`.
 */
export function answerLost(server: TestServer): { back: () => void; restore: () => void } {
  const sandbox = server.ctx.games;
  let down = true;
  const never = new Promise<never>(() => undefined);
  waitForHangs(server, true);
  server.ctx.games = Object.assign(Object.create(sandbox) as typeof sandbox, {
    deposit: (p: string, u: string, a: number, ref: string) => sandbox.deposit(p, u, a, ref).then(() => never),
    cancel: (p: string, ref: string) => (down ? never : sandbox.cancel(p, ref)),
    refState: (p: string, ref: string) => (down ? never : sandbox.refState(p, ref)),
  });
  return {
    back: () => void (down = false),
    restore: () => {
      server.ctx.games = sandbox;
      waitForHangs(server, false);
    },
  };
}
