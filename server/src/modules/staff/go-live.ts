import type { AppContext } from '../../context.js';
import { offeredBanks } from '../../settings/deposit-accounts.js';
import { demoDataProblems } from '../../db/seed.js';
import type { GoLiveItem } from '../../../../contract/staff.js';

/**
 * What this site still lacks before real members come, as the admins' "before you go live" list shows
 * it (GET /api/staff/go-live): a deposit account (until one is set, deposits say they are closed), a
 * contact, demo data gone (production refuses to start on it), and each outside system a real one, the
 * games a bridge's (GAME_PROVIDER=http) rather than the sandbox provider's.
 */
export async function goLiveMissing(ctx: Pick<AppContext, 'config' | 'settings' | 'database'>): Promise<GoLiveItem[]> {
  const missing: GoLiveItem[] = [];
  if (!offeredBanks(ctx.settings.get('deposit'), Date.now()).some((b) => b.bankType === 'DEPOSIT')) missing.push('DEPOSIT_ACCOUNT');
  const contact = ctx.settings.get('contact');
  const texts = typeof contact.contactText === 'string' ? [contact.contactText] : Object.values(contact.contactText);
  const anyText = texts.some((html) => (html ?? '').replace(/<[^>]*>/g, '').trim() !== '');
  if (!contact.lineLink && !contact.lineName && !anyText) missing.push('CONTACT');
  if ((await demoDataProblems(ctx.database)).length > 0) missing.push('DEMO_DATA');
  if (ctx.config.smsProvider === 'log') missing.push('SMS_LOG');
  if (ctx.config.slipVerifier === 'sandbox') missing.push('SLIP_SANDBOX');
  if (ctx.config.paymentGateway === 'sandbox') missing.push('GATEWAY_SANDBOX');
  // no real gift-link adapter yet: offered, its links are redeemed against the sandbox's vouchers
  if (ctx.settings.get('deposit').wallets.length > 0) missing.push('GIFTLINK_SANDBOX');
  if (ctx.config.gameProvider === 'sandbox' || ctx.config.gameBridge?.sandbox) missing.push('GAME_SANDBOX');
  return missing;
}
