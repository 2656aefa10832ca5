import type { TestServer } from './helper.js';

/**
 * The game provider applies a deposit but its answer never arrives, and it cannot be asked (cancel, the
 * reference's state) until `back()`: a transfer left in transit whose money did reach the game. `restore()`
 * puts the server's own provider back; call it in a `finally`.
 */
export function answerLost(server: TestServer): { back: () => void; restore: () => void } {
  const sandbox = server.ctx.games;
  let down = true;
  const never = new Promise<never>(() => undefined);
  server.ctx.games = Object.assign(Object.create(sandbox) as typeof sandbox, {
    deposit: (p: string, u: string, a: number, ref: string) => sandbox.deposit(p, u, a, ref).then(() => never),
    cancel: (p: string, ref: string) => (down ? never : sandbox.cancel(p, ref)),
    refState: (p: string, ref: string) => (down ? never : sandbox.refState(p, ref)),
  });
  return {
    back: () => void (down = false),
    restore: () => void (server.ctx.games = sandbox),
  };
}
