import type { BonusDraft } from '../../contract/staff-bonuses.js';
import { runCommand } from '../src/operator/commands.js';
import { call, login, registration, type TestServer } from './helper.js';

/** Shared steps of the bonus and promotion tests: a fresh member with money, and play at the sandbox provider. */

let next = 0;
/**
 * A new member (phones 0870000001, ...), registered through the API from an address of its own (the
 * registration limits count per address), signed in, with `deposit` baht from the operator when given.
 */
export async function newMember(
  server: TestServer,
  deposit?: number,
  overrides: Record<string, unknown> = {},
): Promise<{ phone: string; token: string }> {
  next += 1;
  const phone = `087${String(next).padStart(7, '0')}`;
  const address = `10.9.${Math.floor(next / 250)}.${next % 250}`;
  const sent = await call(server.app, 'POST', '/api/otp/send', { phoneNumber: phone }, { address });
  const { otpToken } = sent.json() as { otpToken: string };
  await call(server.app, 'POST', '/api/otp/verify', { otpToken, otpCode: server.sms.lastCodeFor(phone) }, { address });
  // a Lao site registers Lao banks only
  const bank = server.config.variant === 'la' ? { bankCode: 'BCEL' } : {};
  const res = await call(server.app, 'POST', '/api/account', registration(phone, { otpToken, ...bank, ...overrides }), { address });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.body}`);
  const token = await login(server.app, phone, 'secret123');
  if (deposit) await operatorDeposit(server, phone, deposit);
  return { phone, token };
}

export const operatorDeposit = (server: TestServer, phone: string, amount: number) =>
  runCommand(server.ctx, ['deposit', phone, String(amount)], () => undefined);

export const get = (server: TestServer, token: string, url: string, headers: Record<string, string> = {}) =>
  call(server.app, 'GET', url, undefined, { token, headers });

export const walletAmount = async (server: TestServer, token: string) =>
  ((await get(server, token, '/api/wallet')).json() as { wallet: { amount: number } }).wallet.amount;

/**
 * Bets `total` baht at the sandbox's PG for this member: opens the account, moves the whole wallet in,
 * and plays winning rounds (so the balance never runs out) until that much was staked.
 */
export async function play(server: TestServer, token: string, total: number): Promise<void> {
  await get(server, token, '/api/wallet/activate/PG');
  const inWallet = await walletAmount(server, token);
  if (inWallet > 0) await call(server.app, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: inWallet }, { token });
  const { username, password } = (await get(server, token, '/api/wallet/account/PG')).json() as { username: string; password: string };
  let left = Math.round(total * 100);
  while (left > 0) {
    const balance = await server.ctx.games.balance('PG', username);
    const stake = Math.min(left, balance);
    await server.ctx.sandboxGames!.playRound('PG', username, password, stake, true);
    left -= stake;
  }
}

/** Loses everything at PG, then brings back `keep` baht... by losing all but it: the member's holdings become `keep`. */
export async function loseAllBut(server: TestServer, token: string, keep: number): Promise<void> {
  await get(server, token, '/api/wallet/activate/PG');
  const inWallet = await walletAmount(server, token);
  if (inWallet > 0) await call(server.app, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: inWallet }, { token });
  const { username, password } = (await get(server, token, '/api/wallet/account/PG')).json() as { username: string; password: string };
  const balance = await server.ctx.games.balance('PG', username);
  const lose = balance - Math.round(keep * 100);
  if (lose > 0) await server.ctx.sandboxGames!.playRound('PG', username, password, lose, false);
  await call(server.app, 'POST', '/api/wallet/transferAll', { to: 'WALLET' }, { token });
}

/** A bonus as an admin writes it in the console: 10% up to 300 baht, once, with a budget. */
export const bonusDraft = (code: string, budget: number, more: Partial<BonusDraft> = {}): BonusDraft => ({
  code,
  name: { th: `โบนัส ${code}`, en: `Bonus ${code}` },
  type: 'limit',
  maxReceived: 1,
  give: { percent: 10, max: 300 },
  minDeposit: 100,
  turnover: 2,
  percentFail: 100,
  budget,
  ...more,
});
