import { signCallback } from '../src/adapters/gateway/gateway.js';
import { checkLedger } from '../src/ledger/invariants.js';
import type { SettingKey, Settings } from '../src/settings/registry.js';
import { writeSetting } from '../src/settings/store.js';
import { call, registration, verifyPhone, login, type TestServer } from './helper.js';

/** Shared steps of the deposit tests (QR codes, gift links, manual requests). */

export async function setSetting<K extends SettingKey>(server: TestServer, key: K, value: Settings[K]): Promise<void> {
  await writeSetting(server.ctx.database.db, key, value);
  await server.ctx.settings.refresh();
}

export async function walletOf(server: TestServer, memberId = 1): Promise<number> {
  const row = await server.ctx.database.db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('code', '=', `wallet:${memberId}`)
    .executeTakeFirst();
  return Number(row?.balance ?? 0);
}

/** A second member, signed in: answers its token. */
export async function otherMember(server: TestServer, phone: string): Promise<string> {
  const otpToken = await verifyPhone(server, phone);
  const res = await call(server.app, 'POST', '/api/account', registration(phone, { otpToken }));
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.body}`);
  return login(server.app, phone, 'secret123');
}

export async function ledgerProblems(server: TestServer): Promise<string[]> {
  return checkLedger(server.ctx.database.db);
}

/** The gateway's callback as it arrives: no marker, no token, the signature over the raw body. */
export function gatewayCallback(server: TestServer, provider: string, body: unknown, signature: 'good' | 'forged' | 'none' = 'good') {
  const raw = JSON.stringify(body);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signature === 'good') headers['x-gateway-signature'] = signCallback(server.config.qrCallbackSecret, raw);
  if (signature === 'forged') headers['x-gateway-signature'] = signCallback('not-the-gateway-secret', raw);
  return server.app.inject({ method: 'POST', url: `/api/callbacks/qr/${provider}`, headers, payload: raw });
}

export async function statementOf(server: TestServer, token: string) {
  return (await call(server.app, 'POST', '/api/statement', { page: 1, limit: 50 }, { token })).json() as {
    total: number;
    statements: { _id: number; statementType: string; status: string; amount: number; from: string; to: string }[];
  };
}
