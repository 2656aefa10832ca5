import { runCommand } from '../src/operator/commands.js';
import { call, type TestServer } from './helper.js';

/** Shared steps of the spin-wheel tests. */

/** Runs an operator command and answers its printed lines; the settings cache is refreshed after, as the running server's timer would. */
export async function operator(server: TestServer, ...args: string[]): Promise<string[]> {
  const lines: string[] = [];
  await runCommand(server.ctx, args, (l) => lines.push(l));
  await server.ctx.settings.refresh();
  return lines;
}

export const profileCoins = async (server: TestServer, token: string) =>
  ((await call(server.app, 'GET', '/api/account/profile', undefined, { token })).json() as { profile: { coin: number } }).profile.coin;

export const walletCoins = async (server: TestServer, token: string) =>
  ((await call(server.app, 'GET', '/api/wallet', undefined, { token })).json() as { profile: { coin: number } }).profile.coin;
