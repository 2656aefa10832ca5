import { call, login, registration, type TestServer } from './helper.js';
import { get } from './bonus-helpers.js';

/** Members registered with an invite code, for the invite and refund tests (phones 0860000001, ...). */

let next = 0;
export async function memberInvitedBy(
  server: TestServer,
  inviteCode: string,
  overrides: Record<string, unknown> = {},
): Promise<{ phone: string; token: string; res: number }> {
  next += 1;
  const phone = `086${String(next).padStart(7, '0')}`;
  const address = `10.8.${Math.floor(next / 250)}.${next % 250}`;
  const sent = await call(server.app, 'POST', '/api/otp/send', { phoneNumber: phone }, { address });
  const { otpToken } = sent.json() as { otpToken: string };
  await call(server.app, 'POST', '/api/otp/verify', { otpToken, otpCode: server.sms.lastCodeFor(phone) }, { address });
  const res = await call(
    server.app,
    'POST',
    '/api/account',
    // a Lao site registers Lao banks only
    registration(phone, {
      otpToken,
      inviteCode,
      name: `Friend ${next}`,
      ...(server.config.variant === 'la' ? { bankCode: 'BCEL' } : {}),
      ...overrides,
    }),
    {
      address,
    },
  );
  if (res.statusCode !== 201) return { phone, token: '', res: res.statusCode };
  return { phone, token: await login(server.app, phone, 'secret123'), res: 201 };
}

/** The member's invite link code (§2: PR plus the profile id). */
export async function inviteCodeOf(server: TestServer, token: string): Promise<string> {
  const { profile } = (await get(server, token, '/api/account/profile')).json() as { profile: { _id: number } };
  return `PR${profile._id}`;
}

export const inviteOf = async (server: TestServer, token: string) =>
  ((await get(server, token, '/api/wallet')).json() as { invite: { amount: number; success: number; fail: number } }).invite;
