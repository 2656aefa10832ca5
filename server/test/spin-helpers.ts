import { runCommand } from '../src/operator/commands.js';
import { play } from './bonus-helpers.js';
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

/** The wheel page's coins: held, and those waiting for a deposit's play (absent when none wait). */
export const setupCoins = async (server: TestServer, token: string) => {
  const { result } = (await call(server.app, 'GET', '/api/spinwheel/setup?lang=en', undefined, { token })).json() as {
    result: { userCoin: number; waitingCoin?: { coins: number; bet: number } };
  };
  return { userCoin: result.userCoin, waitingCoin: result.waitingCoin };
};

/**
 * Bets `total` at the sandbox now. The operator's deposits are stamped with the real time and the bets
 * with the server's clock: the clock is set to the real time first, so the bets come after the deposits
 * made so far, and the real time moves past the bets before returning, so a later deposit comes after them.
 */
export async function playNow(server: TestServer, token: string, total: number): Promise<void> {
  server.clock.now = Date.now();
  await play(server, token, total);
  while (Date.now() <= server.clock.now) await new Promise((resolve) => setTimeout(resolve, 1));
}

export const spinOf = (server: TestServer, token: string, key?: string, lang = 'en') =>
  call(server.app, 'POST', `/api/spinwheel/spin?lang=${lang}`, undefined, { token, headers: key ? { 'idempotency-key': key } : {} });

export const claimOf = (server: TestServer, token: string, coupon: unknown, key?: string) =>
  call(server.app, 'POST', '/api/spinwheel/coupon/claim', { coupon }, { token, headers: key ? { 'idempotency-key': key } : {} });

export const couponsOf = async (server: TestServer, token: string, page = 1) =>
  (await call(server.app, 'GET', `/api/spinwheel/coupon?page=${page}&lang=en`, undefined, { token })).json() as {
    total: number;
    coupons: {
      _id: number;
      type: string;
      amount: number;
      claimed: boolean;
      expired: boolean;
      prize: { name: string; slice: { code: string } };
    }[];
  };

const slice = (code: string, prize: unknown) => ({
  code,
  label: { th: code, en: code === 'CASH30' ? '30 baht' : code },
  bgColor: '#112233',
  textColor: '#FFFFFF',
  weight: 0,
  prize,
});
/** A test wheel whose only slice with a weight is `code`: every spin draws it. */
export function onlyWheel(code: 'CASH30' | 'BONUS' | 'ITEM' | 'NOTHING' | 'TEMP') {
  const slices = [
    slice('CASH30', { type: 'cash', amount: 30 }),
    slice('BONUS', { type: 'bonus', bonus: 'SPINBONUS50' }),
    slice('ITEM', { type: 'item' }),
    slice('NOTHING', { type: 'nothing' }),
    ...(code === 'TEMP' ? [slice('TEMP', { type: 'bonus', bonus: 'SPINTEMP' })] : []),
  ].map((s) => ({ ...s, weight: s.code === code ? 1 : 0 }));
  return JSON.stringify({ name: { th: 'วงล้อทดสอบ', en: 'Test wheel' }, slices });
}
